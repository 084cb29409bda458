// Property-escape lookup over the generated Unicode range tables (see unicode_props.h).
#include "js/unicode_props.h"

#include <cstring>

namespace oda::js::unicode {
namespace {

constexpr char32_t kMax = 0x10FFFF;

// The property names a Name=Value body may use, and the kind of value each takes.
struct Prefix {
  std::u16string_view name;
  unsigned char kind;
};
constexpr Prefix kPrefixes[] = {
    {u"General_Category", 1}, {u"gc", 1}, {u"Script", 2}, {u"sc", 2},
    {u"Script_Extensions", 3}, {u"scx", 3},
};

bool equals(std::u16string_view a, const char* b) {
  size_t n = std::strlen(b);
  if (a.size() != n) return false;
  for (size_t i = 0; i < n; i++)
    if (a[i] != static_cast<unsigned char>(b[i])) return false;
  return true;
}

}  // namespace

namespace {

const RangeSet* find_set(std::u16string_view body) {
  unsigned char kind = 0;
  std::u16string_view value = body;
  size_t eq = body.find(u'=');
  if (eq != std::u16string_view::npos) {
    std::u16string_view name = body.substr(0, eq);
    value = body.substr(eq + 1);
    kind = 255;
    for (const Prefix& p : kPrefixes)
      if (p.name == name) kind = p.kind;
    if (kind == 255) return nullptr;
  }
  for (unsigned i = 0; i < kNameCount; i++)
    if (kNames[i].kind == kind && equals(value, kNames[i].name)) return &kSets[kNames[i].set];
  return nullptr;
}

}  // namespace

bool has_property(std::u16string_view body, char32_t c) {
  const RangeSet* set = find_set(body);
  if (!set) return false;
  const char32_t(*r)[2] = kRangeData + set->offset;
  size_t lo = 0, hi = set->count;
  while (lo < hi) {
    size_t mid = (lo + hi) / 2;
    if (r[mid][1] < c) lo = mid + 1;
    else hi = mid;
  }
  return lo < set->count && r[lo][0] <= c;
}

bool property_ranges(std::u16string_view body, bool negated, std::vector<Range>* out) {
  out->clear();
  const RangeSet* set = find_set(body);
  if (!set) return false;
  const char32_t(*r)[2] = kRangeData + set->offset;
  if (!negated) {
    out->reserve(set->count);
    for (unsigned i = 0; i < set->count; i++) out->push_back({r[i][0], r[i][1]});
    return true;
  }
  char32_t next = 0;
  for (unsigned i = 0; i < set->count; i++) {
    if (r[i][0] > next) out->push_back({next, r[i][0] - 1});
    next = r[i][1] + 1;
  }
  if (next <= kMax) out->push_back({next, kMax});
  return true;
}

}  // namespace oda::js::unicode
