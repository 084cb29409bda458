// Text boundaries for Intl.Segmenter: grapheme clusters, words and sentences by the default
// rules of Unicode's UAX #29, over a code-point table generated at build time
// (tools/gen-unicode-breaks, build/gen/engine/unicode_breaks.cc) from Debian's Unicode
// Character Database, plus rule GB9c of Unicode 15.1 (Indic conjuncts), which node's ICU has.
// Where ICU goes past UAX #29 with dictionaries (Chinese, Japanese, Thai, Lao, Khmer,
// Burmese words), these rules are what stands: an ideograph or a kana is a word of its own
// (a katakana run is one), and a run of Thai, Lao, Khmer or Burmese letters is one word.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

namespace oda::engine::segment {

enum class Granularity { kGrapheme, kWord, kSentence };

// One segment: where it starts in the text (UTF-16 code units) and, for words, whether it
// holds a letter, a digit, a kana or an ideograph (Intl's isWordLike).
struct Segment {
  size_t start;
  bool word_like;
};

// The segments of text, in order; the first starts at 0 and each ends where the next starts
// (the last at the text's end). Linear in the text's length. A lone surrogate is a code
// point of its own (Grapheme_Cluster_Break Control, as ICU has it).
std::vector<Segment> split(std::u16string_view text, Granularity g);

// ---- the code-point table (build/gen/engine/unicode_breaks.cc)

// The property values, in the generator's order (0 is Other in each).
enum Gcb : uint8_t {
  kGOther, kGCR, kGLF, kGControl, kGExtend, kGZWJ, kGRegional, kGPrepend, kGSpacingMark,
  kGL, kGV, kGT, kGLV, kGLVT
};
enum Wb : uint8_t {
  kWOther, kWCR, kWLF, kWNewline, kWExtend, kWZWJ, kWRegional, kWFormat, kWKatakana,
  kWHebrew, kWALetter, kWSingleQuote, kWDoubleQuote, kWMidNumLet, kWMidLetter, kWMidNum,
  kWNumeric, kWExtendNumLet, kWWSegSpace
};
enum Sb : uint8_t {
  kSOther, kSCR, kSLF, kSExtend, kSSep, kSFormat, kSSp, kSLower, kSUpper, kSOLetter,
  kSNumeric, kSATerm, kSSContinue, kSSTerm, kSClose
};
// A table value: Gcb in bits 0-3, Wb in 4-8, Sb in 9-12, then these flags.
enum BreakFlag : uint32_t {
  kExtPict = 1u << 13,   // Extended_Pictographic
  kLinker = 1u << 14,    // Indic_Conjunct_Break=Linker
  kConsonant = 1u << 15, // Indic_Conjunct_Break=Consonant
  kIdeo = 1u << 16,      // Ideographic or Hiragana: a word-like character of its own
  kSa = 1u << 17,        // Line_Break=SA: a letter of a script written without spaces
};
struct BreakRange {
  char32_t lo, hi;
  uint32_t value;
};
extern const char kBreakUnicodeVersion[];
extern const BreakRange kBreakRanges[];
extern const unsigned kBreakRangeCount;

// A code point's table value (0 for one the table does not list).
uint32_t properties(char32_t c);

}  // namespace oda::engine::segment
