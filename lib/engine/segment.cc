// UAX #29's grapheme, word and sentence boundary rules (rule numbers as in the annex), each
// one forward pass over the text's code points with the little state its rules look back
// on, and tables of what comes next for the rules that look ahead.
#include "engine/segment.h"

#include <algorithm>

namespace oda::engine::segment {

uint32_t properties(char32_t c) {
  const BreakRange* end = kBreakRanges + kBreakRangeCount;
  const BreakRange* r = std::upper_bound(kBreakRanges, end, c,
                                         [](char32_t v, const BreakRange& x) { return v < x.lo; });
  if (r == kBreakRanges) return 0;
  --r;
  return c <= r->hi ? r->value : 0;
}

namespace {

struct Cp {
  size_t offset;  // in UTF-16 code units
  uint32_t props;
};

Gcb gcb(uint32_t p) { return static_cast<Gcb>(p & 0xF); }
Wb wb(uint32_t p) { return static_cast<Wb>((p >> 4) & 0x1F); }
Sb sb(uint32_t p) { return static_cast<Sb>((p >> 9) & 0xF); }

std::vector<Cp> code_points(std::u16string_view t) {
  std::vector<Cp> out;
  out.reserve(t.size());
  for (size_t i = 0; i < t.size();) {
    char32_t c = t[i];
    size_t n = 1;
    if (c >= 0xD800 && c < 0xDC00 && i + 1 < t.size() && t[i + 1] >= 0xDC00 && t[i + 1] < 0xE000) {
      c = 0x10000 + ((c - 0xD800) << 10) + (t[i + 1] - 0xDC00);
      n = 2;
    }
    out.push_back({i, properties(c)});
    i += n;
  }
  return out;
}

// Whether there is a grapheme cluster boundary before each code point (index 0: the start).
std::vector<bool> grapheme_breaks(const std::vector<Cp>& cps) {
  std::vector<bool> brk(cps.size(), true);
  size_t ri = 0;   // regional indicators in a row, ending at the previous code point
  int pict = 0;    // 1: ExtPict Extend* ends there; 2: ExtPict Extend* ZWJ does
  int conj = 0;    // 1: InCB Consonant [Extend Linker]* ends there; 2: with a Linker in it
  for (size_t i = 0; i < cps.size(); i++) {
    uint32_t p = cps[i].props;
    Gcb b = gcb(p);
    if (i > 0) {
      Gcb a = gcb(cps[i - 1].props);
      bool no = false;
      if (a == kGCR && b == kGLF) no = true;                                             // GB3
      else if (a == kGControl || a == kGCR || a == kGLF) no = false;                     // GB4
      else if (b == kGControl || b == kGCR || b == kGLF) no = false;                     // GB5
      else if (a == kGL && (b == kGL || b == kGV || b == kGLV || b == kGLVT)) no = true; // GB6
      else if ((a == kGLV || a == kGV) && (b == kGV || b == kGT)) no = true;             // GB7
      else if ((a == kGLVT || a == kGT) && b == kGT) no = true;                          // GB8
      else if (b == kGExtend || b == kGZWJ || b == kGSpacingMark) no = true;             // GB9, 9a
      else if (a == kGPrepend) no = true;                                                // GB9b
      else if ((p & kConsonant) && conj == 2) no = true;                                 // GB9c
      else if (a == kGZWJ && (p & kExtPict) && pict == 2) no = true;                     // GB11
      else if (a == kGRegional && b == kGRegional && ri % 2 == 1) no = true;             // GB12, 13
      brk[i] = !no;
    }
    ri = b == kGRegional ? ri + 1 : 0;
    if (p & kExtPict) pict = 1;
    else if (pict == 1 && b == kGExtend) pict = 1;
    else if (pict == 1 && b == kGZWJ) pict = 2;
    else pict = 0;
    if (p & kConsonant) conj = 1;
    else if (conj && (p & kLinker)) conj = 2;
    else if (!(conj && (b == kGExtend || b == kGZWJ))) conj = 0;
  }
  return brk;
}

bool ah_letter(Wb w) { return w == kWALetter || w == kWHebrew; }
bool mid_num_let_q(Wb w) { return w == kWMidNumLet || w == kWSingleQuote; }
bool ignorable(Wb w) { return w == kWExtend || w == kWFormat || w == kWZWJ; }
bool newline(Wb w) { return w == kWCR || w == kWLF || w == kWNewline; }

std::vector<bool> word_breaks(const std::vector<Cp>& cps) {
  size_t n = cps.size();
  std::vector<bool> brk(n, true);
  // next[i]: the first code point after i that WB4 does not fold into what precedes it.
  std::vector<size_t> next(n + 1, n);
  for (size_t i = n; i-- > 0;) next[i] = (i + 1 < n && ignorable(wb(cps[i + 1].props))) ? next[i + 1] : i + 1;
  // For the code point before i, folded by WB4: its own value, the value before it, and the
  // regional indicators in a row ending with it.
  Wb a = kWOther, a2 = kWOther;
  size_t ri = 0;
  bool a_sa = false;
  for (size_t i = 0; i < n; i++) {
    uint32_t p = cps[i].props;
    Wb b = wb(p);
    if (i > 0) {
      Wb raw = wb(cps[i - 1].props);
      Wb c = next[i] < n ? wb(cps[next[i]].props) : kWOther;
      bool no = false;
      if (raw == kWCR && b == kWLF) no = true;                                           // WB3
      else if (newline(raw)) no = false;                                                 // WB3a
      else if (newline(b)) no = false;                                                   // WB3b
      else if (raw == kWZWJ && (p & kExtPict)) no = true;                                // WB3c
      else if (raw == kWWSegSpace && b == kWWSegSpace) no = true;                        // WB3d
      else if (ignorable(b)) no = true;                                                  // WB4
      else if (ah_letter(a) && ah_letter(b)) no = true;                                  // WB5
      else if (ah_letter(a) && (b == kWMidLetter || mid_num_let_q(b)) && ah_letter(c)) no = true;  // WB6
      else if (ah_letter(a2) && (a == kWMidLetter || mid_num_let_q(a)) && ah_letter(b)) no = true; // WB7
      else if (a == kWHebrew && b == kWSingleQuote) no = true;                           // WB7a
      else if (a == kWHebrew && b == kWDoubleQuote && c == kWHebrew) no = true;          // WB7b
      else if (a2 == kWHebrew && a == kWDoubleQuote && b == kWHebrew) no = true;         // WB7c
      else if (a == kWNumeric && b == kWNumeric) no = true;                              // WB8
      else if (ah_letter(a) && b == kWNumeric) no = true;                                // WB9
      else if (a == kWNumeric && ah_letter(b)) no = true;                                // WB10
      else if (a2 == kWNumeric && (a == kWMidNum || mid_num_let_q(a)) && b == kWNumeric) no = true;  // WB11
      else if (a == kWNumeric && (b == kWMidNum || mid_num_let_q(b)) && c == kWNumeric) no = true;   // WB12
      else if (a == kWKatakana && b == kWKatakana) no = true;                            // WB13
      else if ((ah_letter(a) || a == kWNumeric || a == kWKatakana || a == kWExtendNumLet) &&
               b == kWExtendNumLet) no = true;                                            // WB13a
      else if (a == kWExtendNumLet && (ah_letter(b) || b == kWNumeric || b == kWKatakana)) no = true;  // WB13b
      else if (a == kWRegional && b == kWRegional && ri % 2 == 1) no = true;             // WB15, 16
      else if (a_sa && (p & kSa)) no = true;  // a dictionary script's run stays one word
      brk[i] = !no;
    }
    // WB4: an Extend, Format or ZWJ takes the value of what it follows, unless it follows
    // the start or a line break, where it stands as itself.
    bool folded = i > 0 && ignorable(b) && !newline(wb(cps[i - 1].props));
    if (!folded) {
      a2 = a;
      a = b;
      a_sa = (p & kSa) != 0;
      ri = b == kWRegional ? ri + 1 : 0;
    }
  }
  return brk;
}

bool para_sep(Sb s) { return s == kSSep || s == kSCR || s == kSLF; }
bool sa_term(Sb s) { return s == kSATerm || s == kSSTerm; }

std::vector<bool> sentence_breaks(const std::vector<Cp>& cps) {
  size_t n = cps.size();
  std::vector<bool> brk(n, false);
  if (n > 0) brk[0] = true;
  // stop[i]: the first code point at or after i that is OLetter, Upper, Lower, ParaSep or
  // SATerm (n when none), for SB8's look ahead.
  std::vector<size_t> stop(n + 1, n);
  for (size_t i = n; i-- > 0;) {
    Sb s = sb(cps[i].props);
    stop[i] = (s == kSOLetter || s == kSUpper || s == kSLower || para_sep(s) || sa_term(s)) ? i : stop[i + 1];
  }
  // What precedes i, folded by SB5: its value, the value before it, and whether it ends
  // SATerm Close* Sp* (term: the SATerm's value; in_sp: past the Close*).
  Sb a = kSOther, a2 = kSOther, term = kSOther;
  bool in_sp = false;
  for (size_t i = 0; i < n; i++) {
    Sb b = sb(cps[i].props);
    if (i > 0) {
      Sb raw = sb(cps[i - 1].props);
      bool br = false;
      if (raw == kSCR && b == kSLF) br = false;                                          // SB3
      else if (para_sep(raw)) br = true;                                                  // SB4
      else if (b == kSExtend || b == kSFormat) br = false;                                // SB5
      else if (a == kSATerm && b == kSNumeric) br = false;                                // SB6
      else if ((a2 == kSUpper || a2 == kSLower) && a == kSATerm && b == kSUpper) br = false;  // SB7
      else if (term == kSATerm && stop[i] < n && sb(cps[stop[i]].props) == kSLower) br = false;  // SB8
      else if (term != kSOther && (b == kSSContinue || sa_term(b))) br = false;           // SB8a
      else if (term != kSOther && !in_sp && (b == kSClose || b == kSSp || para_sep(b))) br = false;  // SB9
      else if (term != kSOther && (b == kSSp || para_sep(b))) br = false;                 // SB10
      else if (term != kSOther) br = true;                                                // SB11
      brk[i] = br;                                                                        // SB998
    }
    bool folded = i > 0 && (b == kSExtend || b == kSFormat) && !para_sep(sb(cps[i - 1].props));
    if (!folded) {
      if (sa_term(b)) {
        term = b;
        in_sp = false;
      } else if (term != kSOther && b == kSClose && !in_sp) {
      } else if (term != kSOther && b == kSSp) {
        in_sp = true;
      } else {
        term = kSOther;
      }
      a2 = a;
      a = b;
    }
  }
  return brk;
}

bool word_like(uint32_t p) {
  Wb w = wb(p);
  return ah_letter(w) || w == kWNumeric || w == kWKatakana || (p & (kIdeo | kSa));
}

}  // namespace

std::vector<Segment> split(std::u16string_view text, Granularity g) {
  std::vector<Cp> cps = code_points(text);
  std::vector<bool> brk = g == Granularity::kGrapheme ? grapheme_breaks(cps)
                          : g == Granularity::kWord   ? word_breaks(cps)
                                                      : sentence_breaks(cps);
  std::vector<Segment> out;
  for (size_t i = 0; i < cps.size(); i++) {
    if (brk[i] || i == 0) out.push_back({cps[i].offset, false});
    if (g == Granularity::kWord && word_like(cps[i].props)) out.back().word_like = true;
  }
  return out;
}

}  // namespace oda::engine::segment
