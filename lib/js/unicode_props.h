// Unicode property escapes for RegExp (\p{...} and \P{...} under the u flag): the code points
// of General_Category, Script, Script_Extensions and the binary properties ECMA-262 lists, as
// range tables generated at build time (tools/gen-unicode-props, build/gen/js/unicode_props.cc)
// from the Unicode Character Database. The tables are static data, touched only when a
// pattern uses a property escape.
#pragma once

#include <string_view>
#include <vector>

namespace oda::js::unicode {

struct Range {
  char32_t lo, hi;
};

// The code points of a property escape's body, the text between the braces ("L",
// "Script=Greek", "scx=Grek", "ASCII_Hex_Digit"), as sorted disjoint ranges; negated gives the
// complement (\P). Names match exactly as ECMA-262 requires (no loose matching). Returns
// false for a name that is not a property ECMA-262 allows.
bool property_ranges(std::u16string_view body, bool negated, std::vector<Range>* out);

// Whether code point c has the property (a body as property_ranges takes; false for an
// unknown one).
bool has_property(std::u16string_view body, char32_t c);

// ---- the generated tables (build/gen/js/unicode_props.cc)

struct RangeSet {
  unsigned offset, count;  // into kRangeData
};
// kind: 0 a name standing alone (binary property or General_Category value), 1 a
// General_Category value, 2 a Script value, 3 a Script_Extensions value.
struct PropertyName {
  unsigned char kind;
  const char* name;
  unsigned short set;
};
// The Unicode version the tables were made from ("17.0.0"), kept in the data so a build's
// tables can be told apart (tests/js-unicode-props.bats checks the generator writes it).
extern const char kUnicodeVersion[];
extern const char32_t kRangeData[][2];
extern const RangeSet kSets[];
extern const PropertyName kNames[];
extern const unsigned kNameCount;

}  // namespace oda::js::unicode
