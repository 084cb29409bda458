// The RegExp engine: JavaScript patterns translated to PCRE2 syntax and run by PCRE2
// (JIT-compiled), so named groups, lookbehind, property escapes and the s, u, y, d flags work on
// Duktape. Patterns without u run on the 16-bit library over code units; patterns with u on the
// 32-bit library in non-UTF mode over code points, where a lone surrogate is a character as
// JavaScript has it (PCRE2's UTF modes refuse them).
#include "js/regexp.h"
#include "js/natives.h"
#include "js/unicode_props.h"

#define PCRE2_CODE_UNIT_WIDTH 0
#include <pcre2.h>

#include <duktape.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <new>
#include <utility>

namespace oda::js {
namespace {

using CharSet = std::vector<unicode::Range>;

constexpr char32_t kMaxBmp = 0xFFFF;
constexpr char32_t kMaxCodePoint = 0x10FFFF;

// JavaScript's WhiteSpace and LineTerminator code points as ranges (what \s matches).
constexpr char32_t kSpaceRanges[][2] = {
    {0x09, 0x0D}, {0x20, 0x20}, {0xA0, 0xA0}, {0x1680, 0x1680}, {0x2000, 0x200A},
    {0x2028, 0x2029}, {0x202F, 0x202F}, {0x205F, 0x205F}, {0x3000, 0x3000}, {0xFEFF, 0xFEFF},
};

// Sets of more ranges than this are matched by a callout (Translator::emit_set).
constexpr size_t kCalloutRanges = 48;

// Simple case foldings Unicode 15 added, which PCRE2 10.42's Unicode 14 tables lack: under
// u and i each of a pair matches the other.
constexpr char32_t kNewFolds[][2] = {{0x0390, 0x1FD3}, {0x03B0, 0x1FE3}, {0xFB05, 0xFB06}};

bool is_hex(char16_t c) {
  return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}
int hex_value(char16_t c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  return c - 'A' + 10;
}
bool is_digit(char16_t c) { return c >= '0' && c <= '9'; }

// Writes one translated pattern; every literal is emitted as \x{...} so no character can take
// a meaning PCRE2 gives it and JavaScript does not.
class Translator {
 public:
  Translator(std::u16string_view src, std::string_view flags, RegexTranslation* out)
      : s_(src), out_(out) {
    for (char f : flags) {
      if (f == 'u' || f == 'v') unicode_ = true;
      if (f == 'm') multiline_ = true;
      if (f == 's') dot_all_ = true;
      if (f == 'i') explicit_ascii_ = true;
    }
  }

  bool run(std::string* err) {
    prescan();
    while (i_ < s_.size() && err_.empty()) atom();
    if (err_.empty() && class_depth_ != 0) err_ = "Unterminated character class";
    if (err_.empty() && paren_depth_ != 0) err_ = "Unterminated group";
    if (!err_.empty()) {
      *err = err_;
      return false;
    }
    out_->groups = groups_;
    return true;
  }

 private:
  // Counts capture groups and collects their names, so \1 and \k<name> can be resolved
  // before the groups they name appear.
  void prescan() {
    // Every group, in the order of its '(' (kind: 'c' capture, 'n' (?:, 'm' a modifier group
    // such as (?i:, 'l' lookahead, 'b' lookbehind).
    struct Group {
      size_t open;
      char kind;
      int parent;
      bool quantified = false, has_capture = false;
      unsigned js = 0, pcre = 0;
    };
    std::vector<Group> all;
    std::vector<int> open;
    bool in_class = false;
    for (size_t i = 0; i < s_.size(); i++) {
      char16_t c = s_[i];
      if (c == '\\') {
        i++;
      } else if (in_class) {
        if (c == ']') in_class = false;
      } else if (c == '[') {
        in_class = true;
      } else if (c == '(') {
        char kind = 'c';
        if (i + 1 < s_.size() && s_[i + 1] == '?') {
          kind = i + 2 < s_.size() && s_[i + 2] == ':' ? 'n' : 'm';
          if (i + 2 < s_.size() && (s_[i + 2] == '=' || s_[i + 2] == '!')) kind = 'l';
          if (i + 3 < s_.size() && s_[i + 2] == '<' && (s_[i + 3] == '=' || s_[i + 3] == '!')) kind = 'b';
          if (i + 3 < s_.size() && s_[i + 2] == '<' && s_[i + 3] != '=' && s_[i + 3] != '!') {
            kind = 'c';
            std::string name;
            size_t end = group_name(i + 3, &name);
            if (end == std::u16string_view::npos) {
              if (err_.empty()) err_ = "Invalid capture group name";
              name.clear();
            } else {
              for (const std::string& other : out_->group_names)
                if (other == name && err_.empty()) err_ = "Duplicate capture group name";
            }
            groups_++;
            out_->group_names.resize(groups_);
            out_->group_names[groups_ - 1] = name;
            has_names_ = true;
          }
        } else {
          groups_++;
          out_->group_names.resize(groups_);
        }
        Group g;
        g.open = i;
        g.kind = kind;
        g.parent = open.empty() ? -1 : open.back();
        g.js = kind == 'c' ? groups_ : 0;
        open.push_back(static_cast<int>(all.size()));
        all.push_back(g);
      } else if (c == ')' && !open.empty()) {
        Group& g = all[open.back()];
        open.pop_back();
        size_t j = i + 1;
        if (j < s_.size() && (s_[j] == '*' || s_[j] == '+' || s_[j] == '?')) {
          g.quantified = true;
        } else if (j < s_.size() && s_[j] == '{') {
          size_t k = j + 1;
          while (k < s_.size() && is_digit(s_[k])) k++;
          bool digits = k > j + 1;
          if (digits && k < s_.size() && s_[k] == ',') {
            k++;
            while (k < s_.size() && is_digit(s_[k])) k++;
          }
          g.quantified = digits && k < s_.size() && s_[k] == '}';
        }
        if (g.kind == 'c' && g.parent >= 0) all[g.parent].has_capture = true;
        if (g.has_capture && g.parent >= 0) all[g.parent].has_capture = true;
      }
    }
    // JavaScript empties the captures inside a quantified group at each repetition; PCRE2
    // keeps what an earlier one caught. A quantified group holding captures is captured too
    // (a hidden group when JavaScript's is not capturing), so a capture that began before the
    // last repetition can be told stale afterwards (RegexTranslation::resets).
    unsigned pcre = 0;
    bool any_reset = false;
    for (Group& g : all) {
      if (g.kind == 'c' || (g.kind == 'n' && g.quantified && g.has_capture)) g.pcre = ++pcre;
      if (g.kind == 'n' && g.pcre) hidden_.push_back(g.open);
    }
    out_->pcre_group.assign(groups_ + 1, 0);
    out_->resets.assign(groups_ + 1, {});
    for (const Group& g : all) {
      if (g.kind != 'c') continue;
      out_->pcre_group[g.js] = g.pcre;
      for (int a = g.parent; a >= 0; a = all[a].parent) {
        // In a lookbehind a capture may begin before its repetition does: left as PCRE2 has it.
        if (all[a].kind == 'b') break;
        if (all[a].quantified && all[a].pcre) {
          out_->resets[g.js].push_back(all[a].pcre);
          any_reset = true;
        }
      }
    }
    out_->pcre_groups = pcre;
    if (!any_reset && pcre == groups_) {
      out_->pcre_group.clear();  // numbered alike, nothing to reset: no mapping needed
      out_->resets.clear();
    }
  }

  // Reads a group name from i (just past its '<'): IdentifierStart then IdentifierPart
  // characters, literal or as \u escapes. Returns the index past the closing '>' and the name
  // in Duktape's encoding (CESU-8), or npos when it is no valid name.
  size_t group_name(size_t i, std::string* name) const {
    name->clear();
    bool first = true;
    auto hex4 = [&](size_t at, char32_t* v) {
      if (at + 4 > s_.size()) return false;
      *v = 0;
      for (size_t k = at; k < at + 4; k++) {
        if (!is_hex(s_[k])) return false;
        *v = *v * 16 + hex_value(s_[k]);
      }
      return true;
    };
    while (i < s_.size() && s_[i] != '>') {
      char32_t c = s_[i];
      if (c == '\\') {
        if (i + 1 >= s_.size() || s_[i + 1] != 'u') return std::u16string_view::npos;
        i += 2;
        if (i < s_.size() && s_[i] == '{') {
          size_t j = i + 1;
          c = 0;
          while (j < s_.size() && is_hex(s_[j]) && c <= kMaxCodePoint) c = c * 16 + hex_value(s_[j++]);
          if (j == i + 1 || j >= s_.size() || s_[j] != '}' || c > kMaxCodePoint) return std::u16string_view::npos;
          i = j + 1;
        } else {
          if (!hex4(i, &c)) return std::u16string_view::npos;
          i += 4;
          char32_t lo = 0;
          if (c >= 0xD800 && c <= 0xDBFF && i + 6 <= s_.size() && s_[i] == '\\' && s_[i + 1] == 'u' &&
              hex4(i + 2, &lo) && lo >= 0xDC00 && lo <= 0xDFFF) {
            c = 0x10000 + ((c - 0xD800) << 10) + (lo - 0xDC00);
            i += 6;
          }
        }
      } else {
        i++;
        if (c >= 0xD800 && c <= 0xDBFF && i < s_.size() && s_[i] >= 0xDC00 && s_[i] <= 0xDFFF)
          c = 0x10000 + ((c - 0xD800) << 10) + (s_[i++] - 0xDC00);
      }
      bool ok = c == '$' || c == '_' ||
                (first ? unicode::has_property(u"ID_Start", c)
                       : c == 0x200C || c == 0x200D || unicode::has_property(u"ID_Continue", c));
      if (!ok) return std::u16string_view::npos;
      first = false;
      if (c > 0xFFFF) {
        append_utf8(name, 0xD800 + ((c - 0x10000) >> 10));
        append_utf8(name, 0xDC00 + ((c - 0x10000) & 0x3FF));
      } else {
        append_utf8(name, c);
      }
    }
    if (i >= s_.size() || first) return std::u16string_view::npos;
    return i + 1;
  }

  static void append_utf8(std::string* o, char32_t c) {
    if (c < 0x80) {
      o->push_back(static_cast<char>(c));
    } else if (c < 0x800) {
      o->push_back(static_cast<char>(0xC0 | (c >> 6)));
      o->push_back(static_cast<char>(0x80 | (c & 0x3F)));
    } else {
      o->push_back(static_cast<char>(0xE0 | (c >> 12)));
      o->push_back(static_cast<char>(0x80 | ((c >> 6) & 0x3F)));
      o->push_back(static_cast<char>(0x80 | (c & 0x3F)));
    }
  }

  void emit(const char* ascii) {
    for (; *ascii; ascii++) out_->pattern.push_back(static_cast<char16_t>(*ascii));
  }
  void emit_cp(char32_t c) {
    if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_') {
      out_->pattern.push_back(static_cast<char16_t>(c));
      return;
    }
    char buf[16];
    std::snprintf(buf, sizeof buf, "\\x{%x}", static_cast<unsigned>(c));
    emit(buf);
  }

  // Reads one source character; under u a surrogate pair is one code point.
  char32_t read_char() {
    char16_t c = s_[i_++];
    if (unicode_ && c >= 0xD800 && c <= 0xDBFF && i_ < s_.size() && s_[i_] >= 0xDC00 &&
        s_[i_] <= 0xDFFF) {
      char32_t lo = s_[i_++];
      return 0x10000 + ((static_cast<char32_t>(c) - 0xD800) << 10) + (lo - 0xDC00);
    }
    return c;
  }

  bool at(char16_t c, size_t off = 0) const { return i_ + off < s_.size() && s_[i_ + off] == c; }

  void atom() {
    char16_t c = s_[i_];
    char prev = last_;
    last_ = 'x';
    switch (c) {
      case '\\':
        i_++;
        escape();
        return;
      case '[':
        i_++;
        char_class();
        return;
      case '(':
        i_++;
        paren_depth_++;
        last_ = 0;
        group_kinds_.push_back(!at('?') ? 'x' : at('=', 1) || at('!', 1) ? 'a' : at('<', 1) && (at('=', 2) || at('!', 2)) ? 'b' : 'x');
        if (at('?') && at('<', 1) && !at('=', 2) && !at('!', 2)) {
          // A named group becomes a numbered one; the names table maps them back.
          std::string name;
          size_t end = group_name(i_ + 2, &name);
          if (end == std::u16string_view::npos) {
            err_ = "Invalid capture group name";
            return;
          }
          i_ = end;
          emit("(");
        } else if (at('?') && at(':', 1) && std::find(hidden_.begin(), hidden_.end(), i_ - 1) != hidden_.end()) {
          i_ += 2;
          emit("(");  // a hidden capture of the last repetition (see prescan)
        } else if (at('?')) {
          // (?: (?= (?! (?<= (?<! and modifiers such as (?i:...) read the same in PCRE2.
          emit("(?");
          i_++;
          if (at('<')) {
            emit("<");
            i_++;
          }
          while (i_ < s_.size() && ((s_[i_] >= 'a' && s_[i_] <= 'z') || s_[i_] == '-')) out_->pattern.push_back(s_[i_++]);
          if (at(':') || at('=') || at('!')) out_->pattern.push_back(s_[i_++]);
          else err_ = "Invalid group";
        } else {
          emit("(");
        }
        return;
      case ')':
        i_++;
        if (paren_depth_ == 0) {
          err_ = "Unmatched ')'";
          return;
        }
        paren_depth_--;
        last_ = group_kinds_.back();
        group_kinds_.pop_back();
        emit(")");
        return;
      case '.':
        i_++;
        emit(dot_all_ ? "(?s:.)" : "[^\\x{a}\\x{d}\\x{2028}\\x{2029}]");
        return;
      case '^':
        i_++;
        last_ = 'z';
        emit(multiline_ ? "(?:^|(?<=[\\x{a}\\x{d}\\x{2028}\\x{2029}]))" : "^");
        return;
      case '$':
        i_++;
        last_ = 'z';
        emit(multiline_ ? "(?=[\\x{a}\\x{d}\\x{2028}\\x{2029}]|\\z)" : "\\z");
        return;
      case '|':
        i_++;
        last_ = 0;
        out_->pattern.push_back(c);
        return;
      case '*':
      case '+':
      case '?':
        if (!quantifiable(prev)) return;
        last_ = 'q';
        i_++;
        out_->pattern.push_back(c);
        after_quantifier();
        return;
      case '{': {
        // {n}, {n,} and {n,m} are quantifiers, copied as written; any other brace is a
        // literal (Annex B), escaped so PCRE2 cannot read it otherwise.
        size_t j = i_ + 1;
        while (j < s_.size() && is_digit(s_[j])) j++;
        bool quant = j > i_ + 1;
        if (quant && j < s_.size() && s_[j] == ',') {
          j++;
          while (j < s_.size() && is_digit(s_[j])) j++;
        }
        quant = quant && j < s_.size() && s_[j] == '}';
        if (quant && !quantifiable(prev)) return;
        if (!quant) {
          if (unicode_) {
            err_ = "Incomplete quantifier";
            return;
          }
          i_++;
          emit_cp('{');
          return;
        }
        last_ = 'q';
        quantifier_braces(j);
        after_quantifier();
        return;
      }
      case '}':
        if (unicode_) {
          err_ = "Lone quantifier brackets";
          return;
        }
        i_++;
        emit_cp('}');
        return;
      case ']':
        if (unicode_) {
          err_ = "Lone quantifier brackets";
          return;
        }
        i_++;
        emit_cp(c);
        return;
      default:
        emit_literal(read_char());
    }
  }

  // Copies {n}, {n,} or {n,m} (i_ at the brace, end at the closing one). PCRE2 counts up to
  // 65535: a larger maximum is as good as none, and a larger minimum is more repetitions
  // than any string here holds, so nothing can match.
  void quantifier_braces(size_t end) {
    std::u16string_view q = s_.substr(i_ + 1, end - i_ - 1);
    i_ = end + 1;
    size_t comma = q.find(u',');
    auto number = [](std::u16string_view digits) {
      double v = 0;
      for (char16_t d : digits) v = v * 10 + (d - '0');
      return v;
    };
    double lo = number(q.substr(0, comma));
    bool open = comma != std::u16string_view::npos && comma + 1 == q.size();
    double hi = comma == std::u16string_view::npos ? lo : open ? -1 : number(q.substr(comma + 1));
    if (hi >= 0 && hi < lo) {
      err_ = "numbers out of order in {} quantifier";
      return;
    }
    if (lo > 65535) {
      emit("{0}");
      if (at('?')) {
        i_++;
        emit("?");
      }
      emit("(?!)");
      return;
    }
    char buf[48];
    if (hi < 0 || hi > 65535) std::snprintf(buf, sizeof buf, "{%u,}", static_cast<unsigned>(lo));
    else if (hi == lo) std::snprintf(buf, sizeof buf, "{%u}", static_cast<unsigned>(lo));
    else std::snprintf(buf, sizeof buf, "{%u,%u}", static_cast<unsigned>(lo), static_cast<unsigned>(hi));
    emit(buf);
  }

  // Whether a quantifier may follow the atom of kind prev (last_); sets err_ as node words it.
  bool quantifiable(char prev) {
    if (prev == 0 || prev == 'z' || prev == 'q') err_ = "Nothing to repeat";
    else if (prev == 'b' || (prev == 'a' && unicode_)) err_ = "Invalid quantifier";
    return err_.empty();
  }

  // A quantifier may be followed by ? (lazy); PCRE2 would read a following + as possessive,
  // which JavaScript has not: there it is a quantifier with nothing to repeat.
  void after_quantifier() {
    if (at('?')) {
      i_++;
      out_->pattern.push_back('?');
    }
    if (at('+') || at('*') || (at('?'))) err_ = "Nothing to repeat";
  }

  void emit_literal(char32_t c) {
    if (unicode_ && explicit_ascii_) {
      for (auto& pair : kNewFolds) {
        if (c == pair[0] || c == pair[1]) {
          emit_set({{pair[0], pair[0]}, {pair[1], pair[1]}}, false);
          return;
        }
      }
    }
    emit_cp(c);
  }

  // Reads \u escapes: \uXXXX, a surrogate pair of them under u, and \u{...} under u.
  // Returns false (and consumes nothing) when the text is no such escape.
  bool unicode_escape(char32_t* cp) {
    if (unicode_ && at('{')) {
      size_t j = i_ + 1;
      char32_t v = 0;
      while (j < s_.size() && is_hex(s_[j])) {
        v = v * 16 + hex_value(s_[j]);
        if (v > kMaxCodePoint) return false;
        j++;
      }
      if (j == i_ + 1 || j >= s_.size() || s_[j] != '}') return false;
      i_ = j + 1;
      *cp = v;
      return true;
    }
    if (i_ + 4 > s_.size()) return false;
    for (int k = 0; k < 4; k++)
      if (!is_hex(s_[i_ + k])) return false;
    char32_t v = 0;
    for (int k = 0; k < 4; k++) v = v * 16 + hex_value(s_[i_ + k]);
    i_ += 4;
    if (unicode_ && v >= 0xD800 && v <= 0xDBFF && at('\\') && at('u', 1) && i_ + 6 <= s_.size()) {
      bool ok = true;
      char32_t lo = 0;
      for (int k = 0; k < 4; k++) {
        if (!is_hex(s_[i_ + 2 + k])) ok = false;
        else lo = lo * 16 + hex_value(s_[i_ + 2 + k]);
      }
      if (ok && lo >= 0xDC00 && lo <= 0xDFFF) {
        i_ += 6;
        v = 0x10000 + ((v - 0xD800) << 10) + (lo - 0xDC00);
      }
    }
    *cp = v;
    return true;
  }

  // One escape after the backslash, outside a class (class_atom reads those inside).
  void escape() {
    if (i_ >= s_.size()) {
      err_ = "\\ at end of pattern";
      return;
    }
    char16_t c = s_[i_];
    switch (c) {
      case 'd': case 'D': case 'w': case 'W':
        i_++;
        if (explicit_ascii_) {
          // A negated class, not complement ranges: caseless matching would add the case
          // variants of the ranges (k for U+212A KELVIN SIGN, s for U+017F LONG S).
          emit(c == 'D' ? "[^0-9]" : c == 'W' ? "[^A-Za-z0-9_]" : c == 'd' ? "[0-9]" : "[A-Za-z0-9_]");
          return;
        }
        out_->pattern.push_back('\\');
        out_->pattern.push_back(c);
        return;
      case 's':
      case 'S':
        i_++;
        emit(c == 's' ? "[" : "[^");
        for (auto& r : kSpaceRanges) {
          emit_cp(r[0]);
          if (r[1] != r[0]) {
            emit("-");
            emit_cp(r[1]);
          }
        }
        emit("]");
        return;
      case 'b':
        i_++;
        last_ = 'z';
        if (explicit_ascii_) emit("(?:(?<=[A-Za-z0-9_])(?![A-Za-z0-9_])|(?<![A-Za-z0-9_])(?=[A-Za-z0-9_]))");
        else emit("\\b");
        return;
      case 'B':
        i_++;
        last_ = 'z';
        if (explicit_ascii_) emit("(?:(?<=[A-Za-z0-9_])(?=[A-Za-z0-9_])|(?<![A-Za-z0-9_])(?![A-Za-z0-9_]))");
        else emit("\\B");
        return;
      case 'f': i_++; emit_cp(0x0C); return;
      case 'n': i_++; emit_cp(0x0A); return;
      case 'r': i_++; emit_cp(0x0D); return;
      case 't': i_++; emit_cp(0x09); return;
      case 'v': i_++; emit_cp(0x0B); return;
      case 'c': {
        char16_t l = i_ + 1 < s_.size() ? s_[i_ + 1] : 0;
        if ((l >= 'a' && l <= 'z') || (l >= 'A' && l <= 'Z')) {
          i_ += 2;
          emit_cp(l % 32);
        } else if (unicode_) {
          err_ = "Invalid Unicode escape";
        } else {
          emit_cp('\\');  // Annex B: "\c" stays a backslash and a c
        }
        return;
      }
      case 'x': {
        i_++;
        if (i_ + 2 <= s_.size() && is_hex(s_[i_]) && is_hex(s_[i_ + 1])) {
          emit_cp(hex_value(s_[i_]) * 16 + hex_value(s_[i_ + 1]));
          i_ += 2;
        } else if (unicode_) {
          err_ = "Invalid escape";
        } else {
          emit_cp('x');
        }
        return;
      }
      case 'u': {
        i_++;
        char32_t cp = 0;
        if (unicode_escape(&cp)) emit_literal(cp);
        else if (unicode_) err_ = "Invalid Unicode escape";
        else emit_cp('u');
        return;
      }
      case 'k': {
        i_++;
        if (!has_names_ && !unicode_) {
          emit_cp('k');
          return;
        }
        if (!at('<')) {
          err_ = "Invalid named reference";
          return;
        }
        std::string name;
        size_t end = group_name(i_ + 1, &name);
        if (end == std::u16string_view::npos) {
          err_ = "Invalid capture group name";
          return;
        }
        i_ = end;
        for (size_t g = 0; g < out_->group_names.size(); g++) {
          if (out_->group_names[g] == name) {
            backref(static_cast<unsigned>(g + 1));
            return;
          }
        }
        err_ = "Invalid named capture referenced";
        return;
      }
      case 'p':
      case 'P':
        if (unicode_) {
          CharSet set;
          if (property_set(c == 'P', false, &set)) emit_set(std::move(set), false);
          return;
        }
        i_++;
        emit_cp(c);
        return;
      default:
        break;
    }
    if (c == '0' && !(i_ + 1 < s_.size() && is_digit(s_[i_ + 1]))) {
      i_++;
      emit_cp(0);
      return;
    }
    if (is_digit(c)) {
      size_t j = i_;
      unsigned n = 0;
      while (j < s_.size() && is_digit(s_[j]) && n < 100000) n = n * 10 + (s_[j++] - '0');
      if (c != '0' && n <= groups_) {
        i_ = j;
        backref(n);
        return;
      }
      if (unicode_) {
        err_ = "Invalid escape";
        return;
      }
      // Annex B: a legacy octal escape, or \8 and \9 as the digits themselves.
      if (c >= '8') {
        i_++;
        emit_cp(c);
        return;
      }
      unsigned v = 0;
      int k = 0;
      while (k < 3 && i_ < s_.size() && s_[i_] >= '0' && s_[i_] <= '7' && v * 8 + (s_[i_] - '0') <= 0377) {
        v = v * 8 + (s_[i_++] - '0');
        k++;
      }
      emit_cp(v);
      return;
    }
    if (unicode_ && !is_syntax_char(c)) {
      err_ = "Invalid escape";
      return;
    }
    emit_cp(read_char());
  }

  // \p{...} / \P{...} under u (i_ at the p): the property's code points from the generated
  // Unicode tables (PCRE2's own are of an older Unicode and name things otherwise).
  bool property_set(bool negated, bool in_class, CharSet* out) {
    i_++;
    size_t close = i_ < s_.size() && s_[i_] == '{' ? s_.find(u'}', i_) : std::u16string_view::npos;
    if (close == std::u16string_view::npos ||
        !unicode::property_ranges(s_.substr(i_ + 1, close - i_ - 1), negated, out)) {
      err_ = in_class ? "Invalid property name in character class" : "Invalid property name";
      return false;
    }
    i_ = close + 1;
    return true;
  }

  static void normalize(CharSet* set) {
    std::sort(set->begin(), set->end(), [](unicode::Range a, unicode::Range b) { return a.lo < b.lo; });
    size_t n = 0;
    for (unicode::Range r : *set) {
      if (n > 0 && r.lo <= (*set)[n - 1].hi + 1) {
        if (r.hi > (*set)[n - 1].hi) (*set)[n - 1].hi = r.hi;
      } else {
        (*set)[n++] = r;
      }
    }
    set->resize(n);
  }

  CharSet complement(const CharSet& set) const {
    CharSet out;
    char32_t next = 0, max = unicode_ ? kMaxCodePoint : kMaxBmp;
    for (unicode::Range r : set) {
      if (r.lo > next) out.push_back({next, r.lo - 1});
      next = r.hi + 1;
    }
    if (next <= max) out.push_back({next, max});
    return out;
  }

  // Writes a class of the set's code points ([^...] when negated; a class that can match
  // nothing, or everything, as PCRE2 can write it).
  void emit_set(CharSet set, bool negated) {
    if (unicode_ && explicit_ascii_) {
      size_t n = set.size();
      for (auto& pair : kNewFolds) {
        for (size_t k = 0; k < n; k++) {
          if ((set[k].lo <= pair[0] && pair[0] <= set[k].hi) || (set[k].lo <= pair[1] && pair[1] <= set[k].hi)) {
            set.push_back({pair[0], pair[0]});
            set.push_back({pair[1], pair[1]});
            break;
          }
        }
      }
    }
    normalize(&set);
    if (set.empty()) {
      emit(negated ? "[\\s\\S]" : "(?!)");
      return;
    }
    if (set.size() > kCalloutRanges && !explicit_ascii_ && out_->callout_sets.size() < 255) {
      // PCRE2 tries a class's ranges one by one: a large set (\p{L} has some 650) is looked
      // up by a callout instead, by binary search (caseless matching keeps the class, whose
      // case variants PCRE2 adds).
      if (negated) set = complement(set);
      std::vector<char32_t> flat;
      for (unicode::Range r : set) {
        flat.push_back(r.lo);
        flat.push_back(r.hi);
      }
      out_->callout_sets.push_back(std::move(flat));
      char buf[40];
      std::snprintf(buf, sizeof buf, "(?:(?C%u)(?s:.))", static_cast<unsigned>(out_->callout_sets.size()));
      emit(buf);
      return;
    }
    emit(negated ? "[^" : "[");
    for (unicode::Range r : set) {
      emit_cp(r.lo);
      if (r.hi != r.lo) {
        if (r.hi > r.lo + 1) emit("-");
        emit_cp(r.hi);
      }
    }
    emit("]");
  }


  void backref(unsigned n) {
    char buf[24];
    if (!out_->pcre_group.empty()) n = out_->pcre_group[n];
    std::snprintf(buf, sizeof buf, "(?:\\g{%u})", n);
    emit(buf);
  }

  // A character class, read into a set of code points and written as one PCRE2 class.
  void char_class() {
    bool negate = false;
    if (at('^')) {
      negate = true;
      i_++;
    }
    CharSet set;
    class_depth_++;
    while (i_ < s_.size() && err_.empty()) {
      if (s_[i_] == ']') {
        i_++;
        class_depth_--;
        emit_set(std::move(set), negate);
        return;
      }
      char32_t a = 0;
      CharSet a_set;
      bool a_single = class_atom(&a, &a_set);
      if (!err_.empty()) return;
      if (!(at('-') && i_ + 1 < s_.size() && s_[i_ + 1] != ']')) {
        if (a_single) set.push_back({a, a});
        else set.insert(set.end(), a_set.begin(), a_set.end());
        continue;
      }
      i_++;  // the dash of a range
      char32_t b = 0;
      CharSet b_set;
      bool b_single = class_atom(&b, &b_set);
      if (!err_.empty()) return;
      if (!a_single || !b_single) {
        // A class escape cannot bound a range: an error under u, else (Annex B) the atoms
        // and a literal dash.
        if (unicode_) {
          err_ = "Invalid character class";
          return;
        }
        for (const CharSet* part : {&a_set, &b_set}) set.insert(set.end(), part->begin(), part->end());
        if (a_single) set.push_back({a, a});
        if (b_single) set.push_back({b, b});
        set.push_back({'-', '-'});
        continue;
      }
      if (a > b) {
        err_ = "Range out of order in character class";
        return;
      }
      set.push_back({a, b});
    }
  }

  // One class atom at i_: a code point (returns true with *cp) or, for a class escape such as
  // \d or \p{L}, a set (returns false with *set). Sets err_ on a syntax error.
  bool class_atom(char32_t* cp, CharSet* set) {
    if (s_[i_] != '\\') {
      *cp = read_char();
      return true;
    }
    i_++;
    if (i_ >= s_.size()) {
      err_ = "\\ at end of pattern";
      return true;
    }
    char16_t c = s_[i_];
    switch (c) {
      case 'd': case 'D': case 'w': case 'W': case 's': case 'S': {
        i_++;
        char16_t lower = c | 0x20;
        if (lower == 'd') {
          set->push_back({'0', '9'});
        } else if (lower == 'w') {
          *set = {{'0', '9'}, {'A', 'Z'}, {'_', '_'}, {'a', 'z'}};
          // Under u and i, \w also holds what folds to a word character (ſ to s, K to k).
          if (unicode_ && explicit_ascii_) *set = {{'0', '9'}, {'A', 'Z'}, {'_', '_'}, {'a', 'z'}, {0x17F, 0x17F}, {0x212A, 0x212A}};
        } else {
          for (auto& r : kSpaceRanges) set->push_back({r[0], r[1]});
        }
        if (c != lower) *set = complement(*set);
        return false;
      }
      case 'p': case 'P':
        if (unicode_) {
          property_set(c == 'P', true, set);
          return false;
        }
        i_++;
        *cp = c;
        return true;
      case 'b': i_++; *cp = 8; return true;
      case '-': i_++; *cp = '-'; return true;
      case 'f': i_++; *cp = 0x0C; return true;
      case 'n': i_++; *cp = 0x0A; return true;
      case 'r': i_++; *cp = 0x0D; return true;
      case 't': i_++; *cp = 0x09; return true;
      case 'v': i_++; *cp = 0x0B; return true;
      case 'c': {
        char16_t l = i_ + 1 < s_.size() ? s_[i_ + 1] : 0;
        if ((l >= 'a' && l <= 'z') || (l >= 'A' && l <= 'Z') || (!unicode_ && (is_digit(l) || l == '_'))) {
          i_ += 2;
          *cp = l % 32;
        } else if (unicode_) {
          err_ = "Invalid Unicode escape";
        } else {
          *cp = '\\';  // Annex B: "\c" stays a backslash (and the c comes next)
        }
        return true;
      }
      case 'x':
        i_++;
        if (i_ + 2 <= s_.size() && is_hex(s_[i_]) && is_hex(s_[i_ + 1])) {
          *cp = hex_value(s_[i_]) * 16 + hex_value(s_[i_ + 1]);
          i_ += 2;
        } else if (unicode_) {
          err_ = "Invalid escape";
        } else {
          *cp = 'x';
        }
        return true;
      case 'u':
        i_++;
        if (!unicode_escape(cp)) {
          if (unicode_) err_ = "Invalid Unicode escape";
          else *cp = 'u';
        }
        return true;
      default:
        break;
    }
    if (c == '0' && !(i_ + 1 < s_.size() && is_digit(s_[i_ + 1]))) {
      i_++;
      *cp = 0;
      return true;
    }
    if (is_digit(c)) {
      if (unicode_) {
        err_ = c >= '8' ? "Invalid escape" : "Invalid class escape";
        return true;
      }
      // Annex B: a legacy octal escape, or \8 and \9 as the digits themselves.
      if (c >= '8') {
        i_++;
        *cp = c;
        return true;
      }
      unsigned v = 0;
      for (int k = 0; k < 3 && i_ < s_.size() && s_[i_] >= '0' && s_[i_] <= '7' && v * 8 + (s_[i_] - '0') <= 0377; k++)
        v = v * 8 + (s_[i_++] - '0');
      *cp = v;
      return true;
    }
    if (unicode_ && !is_syntax_char(c)) {
      err_ = "Invalid escape";
      return true;
    }
    *cp = read_char();
    return true;
  }

  // What u lets an identity escape stand for: SyntaxCharacter and /.
  static bool is_syntax_char(char16_t c) {
    return c != 0 && std::strchr("^$\\.*+?()[]{}|/", static_cast<char>(c)) != nullptr && c < 0x80;
  }

  std::u16string_view s_;
  RegexTranslation* out_;
  size_t i_ = 0;
  unsigned groups_ = 0;
  std::vector<size_t> hidden_;  // source offsets of the (?: groups captured for resets
  bool has_names_ = false;
  bool unicode_ = false, multiline_ = false, dot_all_ = false;
  // Under i the pattern compiles with PCRE2_UCP (Unicode case folding past ASCII), which
  // would also widen \d \w \b to Unicode: they are written out as ASCII classes then.
  bool explicit_ascii_ = false;
  int class_depth_ = 0, paren_depth_ = 0;
  // The kind of the last atom, for what may be quantified: 0 none yet (pattern, group or
  // alternative start), 'z' an assertion (^ $ \b \B), 'a' a lookahead, 'b' a lookbehind,
  // 'q' a quantifier, 'x' anything else; and the kind each open group will have.
  char last_ = 0;
  std::vector<char> group_kinds_;
  std::string err_;
};

}  // namespace

bool translate_regexp(std::u16string_view source, std::string_view flags, RegexTranslation* out,
                      std::string* err) {
  out->pattern.clear();
  out->group_names.clear();
  out->groups = 0;
  out->pcre_groups = 0;
  out->callout_sets.clear();
  out->pcre_group.clear();
  out->resets.clear();
  Translator t(source, flags, out);
  return t.run(err);
}

namespace {

// Both libraries run without PCRE2_UTF: the 16-bit one over code units, the 32-bit one (u
// patterns) over code points.
uint32_t compile_options(bool caseless, bool sticky) {
  uint32_t opts = PCRE2_MATCH_UNSET_BACKREF;
  if (caseless) opts |= PCRE2_CASELESS | PCRE2_UCP;
  if (sticky) opts |= PCRE2_ANCHORED;
  return opts;
}

// The translated pattern (ASCII, but for names) as 32-bit code units.
std::u32string widen(const std::u16string& p) { return std::u32string(p.begin(), p.end()); }

std::string error_message(int code, bool unicode) {
  std::string out;
  if (unicode) {
    PCRE2_UCHAR32 buf[256];
    int n = pcre2_get_error_message_32(code, buf, 256);
    for (int i = 0; i < n; i++) out.push_back(static_cast<char>(buf[i] < 0x80 ? buf[i] : '?'));
  } else {
    PCRE2_UCHAR16 buf[256];
    int n = pcre2_get_error_message_16(code, buf, 256);
    for (int i = 0; i < n; i++) out.push_back(static_cast<char>(buf[i] < 0x80 ? buf[i] : '?'));
  }
  return out;
}

bool pattern_compiles(const std::u16string& pat, bool unicode, bool caseless, int* code) {
  PCRE2_SIZE off = 0;
  uint32_t opts = compile_options(caseless, false);
  if (unicode) {
    std::u32string p32 = widen(pat);
    pcre2_code_32* re = pcre2_compile_32(reinterpret_cast<PCRE2_SPTR32>(p32.data()), p32.size(), opts, code, &off, nullptr);
    if (re) pcre2_code_free_32(re);
    return re != nullptr;
  }
  pcre2_code_16* re = pcre2_compile_16(reinterpret_cast<PCRE2_SPTR16>(pat.data()), pat.size(), opts, code, &off, nullptr);
  if (re) pcre2_code_free_16(re);
  return re != nullptr;
}

}  // namespace

bool check_regexp(std::string_view source, std::string_view flags, std::string* err) {
  std::string why;
  for (size_t i = 0; i < flags.size(); i++) {
    if (std::string_view("dgimsuvy").find(flags[i]) == std::string_view::npos ||
        flags.find(flags[i], i + 1) != std::string_view::npos) {
      *err = "Invalid regular expression flags";
      return false;
    }
  }
  try {
    std::u16string src;
    for (size_t i = 0; i < source.size();) {
      unsigned char b = static_cast<unsigned char>(source[i]);
      size_t len = b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : b >= 0xC0 ? 2 : 1;
      if (i + len > source.size()) break;
      char32_t cp = len == 4 ? b & 0x07 : len == 3 ? b & 0x0F : len == 2 ? b & 0x1F : b;
      for (size_t k = 1; k < len; k++) cp = (cp << 6) | (static_cast<unsigned char>(source[i + k]) & 0x3F);
      if (cp > 0xFFFF) {
        cp -= 0x10000;
        src.push_back(static_cast<char16_t>(0xD800 + (cp >> 10)));
        src.push_back(static_cast<char16_t>(0xDC00 + (cp & 0x3FF)));
      } else {
        src.push_back(static_cast<char16_t>(cp));
      }
      i += len;
    }
    RegexTranslation t;
    bool ok = translate_regexp(src, flags, &t, &why);
    if (ok) {
      bool unicode = flags.find('u') != std::string_view::npos || flags.find('v') != std::string_view::npos;
      int code = 0;
      if (pattern_compiles(t.pattern, unicode, flags.find('i') != std::string_view::npos, &code)) return true;
      why = error_message(code, unicode);
    }
  } catch (...) {
    why = "out of memory";
  }
  *err = "Invalid regular expression: /" + std::string(source) + "/" + std::string(flags) + ": " + why;
  return false;
}

namespace {

// ---- natives

// Per-heap state, owned by a finalizable object in the heap stash, so nothing owning lives
// on a native's C++ stack while Duktape may longjmp.
struct State {
  const void* subject = nullptr;  // the Duktape string last converted (kept alive in the stash)
  bool subject_ascii = false;
  std::u16string subject16;
  // The subject as code points for u patterns, made when first needed: subject32, and the
  // code-unit index of each code point (and of the end) when some pair made them differ.
  bool subject32_ready = false;
  std::u32string subject32;
  std::vector<uint32_t> unit_of;
  std::vector<PCRE2_SIZE> ov;     // the last match's offsets, in code units
  std::string scratch;            // CESU-8 of one substring being pushed
  RegexTranslation translation;
  std::string error;
  pcre2_match_context_16* mcontext = nullptr;
  pcre2_jit_stack_16* jit_stack = nullptr;
  pcre2_compile_context_16* ccontext = nullptr;
  pcre2_match_context_32* mcontext32 = nullptr;
  pcre2_jit_stack_32* jit_stack32 = nullptr;
  pcre2_compile_context_32* ccontext32 = nullptr;

  ~State() {
    if (mcontext) pcre2_match_context_free_16(mcontext);
    if (jit_stack) pcre2_jit_stack_free_16(jit_stack);
    if (ccontext) pcre2_compile_context_free_16(ccontext);
    if (mcontext32) pcre2_match_context_free_32(mcontext32);
    if (jit_stack32) pcre2_jit_stack_free_32(jit_stack32);
    if (ccontext32) pcre2_compile_context_free_32(ccontext32);
  }
};

// One compiled pattern, owned by its handle object (freed by the handle's finalizer): the
// 16-bit one, or under u the 32-bit one.
struct Compiled {
  pcre2_code_16* code = nullptr;
  pcre2_match_data_16* match = nullptr;
  pcre2_code_32* code32 = nullptr;
  pcre2_match_data_32* match32 = nullptr;
  unsigned groups = 0;
  State* state = nullptr;              // the heap's state, so a match needs no lookup
  std::vector<std::string> names;      // per group (index g-1), "" when unnamed
  bool named = false;
  std::vector<unsigned> pcre_group;    // see RegexTranslation
  std::vector<std::vector<unsigned>> resets;
  std::vector<std::vector<char32_t>> callout_sets;
};

// The callout (?Cn) a large set becomes: whether the character at the current position is
// in set n (0 to go on, 1 to fail here).
template <typename Block>
int in_callout_set(Block* b, void* data) {
  const auto* c = static_cast<const Compiled*>(data);
  if (b->callout_number == 0 || b->callout_number > c->callout_sets.size() || b->current_position >= b->subject_length)
    return 1;
  const std::vector<char32_t>& set = c->callout_sets[b->callout_number - 1];
  char32_t ch = b->subject[b->current_position];
  size_t lo = 0, hi = set.size() / 2;
  while (lo < hi) {
    size_t mid = (lo + hi) / 2;
    if (set[2 * mid + 1] < ch) lo = mid + 1;
    else hi = mid;
  }
  return lo < set.size() / 2 && set[2 * lo] <= ch ? 0 : 1;
}

// Compiled patterns alive in this process: a heap image must hold none (their pcre2 code lives
// outside the heap).
size_t g_live_compiled = 0;

constexpr const char* kStateKey = "\xFF" "oda_re_state";
constexpr const char* kSubjectKey = "\xFF" "oda_re_subject";
constexpr const char* kPtrKey = "\xFF" "oda_re_ptr";

State* state(duk_context* ctx) {
  duk_push_heap_stash(ctx);
  duk_get_prop_string(ctx, -1, kStateKey);
  duk_get_prop_string(ctx, -1, kPtrKey);
  auto* st = static_cast<State*>(duk_get_pointer(ctx, -1));
  duk_pop_3(ctx);
  return st;
}

duk_ret_t state_finalizer(duk_context* ctx) {
  duk_get_prop_string(ctx, 0, kPtrKey);
  delete static_cast<State*>(duk_get_pointer(ctx, -1));
  duk_pop(ctx);
  duk_push_pointer(ctx, nullptr);
  duk_put_prop_string(ctx, 0, kPtrKey);
  return 0;
}

duk_ret_t compiled_finalizer(duk_context* ctx) {
  duk_get_prop_string(ctx, 0, kPtrKey);
  auto* c = static_cast<Compiled*>(duk_get_pointer(ctx, -1));
  duk_pop(ctx);
  if (c) {
    if (c->match) pcre2_match_data_free_16(c->match);
    if (c->code) pcre2_code_free_16(c->code);
    if (c->match32) pcre2_match_data_free_32(c->match32);
    if (c->code32) pcre2_code_free_32(c->code32);
    delete c;
    --g_live_compiled;
  }
  duk_push_pointer(ctx, nullptr);
  duk_put_prop_string(ctx, 0, kPtrKey);
  return 0;
}

// Decodes Duktape's internal text (CESU-8, with 4-byte UTF-8 for text that came from C
// unconverted) into UTF-16 code units.
bool to_utf16(const unsigned char* p, size_t n, std::u16string* out, bool* ascii) noexcept {
  try {
    out->clear();
    out->reserve(n);
    bool all_ascii = true;
    for (size_t i = 0; i < n;) {
      unsigned char b = p[i];
      if (b < 0x80) {
        out->push_back(b);
        i++;
        continue;
      }
      all_ascii = false;
      char32_t cp = 0xFFFD;
      size_t len = 1;
      if ((b & 0xE0) == 0xC0 && i + 1 < n) {
        cp = ((b & 0x1F) << 6) | (p[i + 1] & 0x3F);
        len = 2;
      } else if ((b & 0xF0) == 0xE0 && i + 2 < n) {
        cp = ((b & 0x0F) << 12) | ((p[i + 1] & 0x3F) << 6) | (p[i + 2] & 0x3F);
        len = 3;
      } else if ((b & 0xF8) == 0xF0 && i + 3 < n) {
        cp = ((b & 0x07) << 18) | ((p[i + 1] & 0x3F) << 12) | ((p[i + 2] & 0x3F) << 6) | (p[i + 3] & 0x3F);
        len = 4;
      }
      if (cp > 0xFFFF) {
        cp -= 0x10000;
        out->push_back(static_cast<char16_t>(0xD800 + (cp >> 10)));
        out->push_back(static_cast<char16_t>(0xDC00 + (cp & 0x3FF)));
      } else {
        out->push_back(static_cast<char16_t>(cp));
      }
      i += len;
    }
    *ascii = all_ascii;
    return true;
  } catch (...) {
    return false;
  }
}

bool to_cesu8(const char16_t* p, size_t n, std::string* out) noexcept {
  try {
    out->clear();
    for (size_t i = 0; i < n; i++) {
      char16_t c = p[i];
      if (c < 0x80) {
        out->push_back(static_cast<char>(c));
      } else if (c < 0x800) {
        out->push_back(static_cast<char>(0xC0 | (c >> 6)));
        out->push_back(static_cast<char>(0x80 | (c & 0x3F)));
      } else {
        out->push_back(static_cast<char>(0xE0 | (c >> 12)));
        out->push_back(static_cast<char>(0x80 | ((c >> 6) & 0x3F)));
        out->push_back(static_cast<char>(0x80 | (c & 0x3F)));
      }
    }
    return true;
  } catch (...) {
    return false;
  }
}

// Converts the string at idx into st->subject16 unless it is the one converted last.
void load_subject(duk_context* ctx, State* st, duk_idx_t idx) {
  const void* h = duk_get_heapptr(ctx, idx);
  if (h == st->subject) return;
  duk_size_t n = 0;
  const char* p = duk_get_lstring(ctx, idx, &n);
  // Keep the string alive while cached: a freed string's address could come back.
  duk_push_heap_stash(ctx);
  duk_dup(ctx, idx);
  duk_put_prop_string(ctx, -2, kSubjectKey);
  duk_pop(ctx);
  st->subject = nullptr;
  if (!to_utf16(reinterpret_cast<const unsigned char*>(p), n, &st->subject16, &st->subject_ascii))
    duk_error(ctx, DUK_ERR_RANGE_ERROR, "out of memory converting a string for RegExp");
  st->subject32_ready = false;
  st->subject = h;
}

// Makes st->subject32 (and unit_of) from st->subject16; false when out of memory.
bool make_subject32(State* st) noexcept {
  if (st->subject32_ready) return true;
  try {
    const std::u16string& t = st->subject16;
    st->subject32.clear();
    st->unit_of.clear();
    st->subject32.reserve(t.size());
    bool pairs = false;
    for (size_t i = 0; i < t.size(); i++) {
      char16_t c = t[i];
      if (c >= 0xD800 && c <= 0xDBFF && i + 1 < t.size() && t[i + 1] >= 0xDC00 && t[i + 1] <= 0xDFFF) {
        if (!pairs) {
          pairs = true;
          st->unit_of.reserve(t.size() + 1);
          for (size_t k = 0; k < st->subject32.size(); k++) st->unit_of.push_back(static_cast<uint32_t>(k));
        }
        st->unit_of.push_back(static_cast<uint32_t>(i));
        st->subject32.push_back(0x10000 + ((static_cast<char32_t>(c) - 0xD800) << 10) + (t[i + 1] - 0xDC00));
        i++;
        continue;
      }
      if (pairs) st->unit_of.push_back(static_cast<uint32_t>(i));
      st->subject32.push_back(c);
    }
    if (pairs) st->unit_of.push_back(static_cast<uint32_t>(t.size()));
    st->subject32_ready = true;
    return true;
  } catch (...) {
    return false;
  }
}

void push_sub(duk_context* ctx, State* st, duk_idx_t subject_idx, size_t from, size_t to) {
  if (st->subject_ascii) {
    const char* p = duk_get_string(ctx, subject_idx);
    duk_push_lstring(ctx, p + from, to - from);
    return;
  }
  if (!to_cesu8(st->subject16.data() + from, to - from, &st->scratch))
    duk_error(ctx, DUK_ERR_RANGE_ERROR, "out of memory building a RegExp match");
  duk_push_lstring(ctx, st->scratch.data(), st->scratch.size());
}

bool has_flag(const char* flags, char f) { return std::strchr(flags, f) != nullptr; }

// Compiles into c; returns false with st->error set.
bool compile(State* st, Compiled* c, const char* flags) noexcept {
  try {
    bool unicode = has_flag(flags, 'u') || has_flag(flags, 'v');
    uint32_t opts = compile_options(has_flag(flags, 'i'), has_flag(flags, 'y'));
    int errcode = 0;
    PCRE2_SIZE erroffset = 0;
    const auto& pat = st->translation.pattern;
    if (unicode) {
      std::u32string p32 = widen(pat);
      c->code32 = pcre2_compile_32(reinterpret_cast<PCRE2_SPTR32>(p32.data()), p32.size(), opts, &errcode,
                                   &erroffset, st->ccontext32);
      if (c->code32) {
        pcre2_jit_compile_32(c->code32, PCRE2_JIT_COMPLETE);  // else the interpreter runs it
        c->match32 = pcre2_match_data_create_from_pattern_32(c->code32, nullptr);
      }
    } else {
      c->code = pcre2_compile_16(reinterpret_cast<PCRE2_SPTR16>(pat.data()), pat.size(), opts, &errcode,
                                 &erroffset, st->ccontext);
      if (c->code) {
        pcre2_jit_compile_16(c->code, PCRE2_JIT_COMPLETE);
        c->match = pcre2_match_data_create_from_pattern_16(c->code, nullptr);
      }
    }
    if (!c->code && !c->code32) {
      st->error = error_message(errcode, unicode);
      return false;
    }
    c->groups = st->translation.groups;
    c->state = st;
    c->names = st->translation.group_names;
    c->names.resize(c->groups);
    c->pcre_group = st->translation.pcre_group;
    c->resets = st->translation.resets;
    c->callout_sets = st->translation.callout_sets;
    for (const auto& n : c->names)
      if (!n.empty()) c->named = true;
    st->ov.resize(2 * (c->groups + 1) > st->ov.size() ? 2 * (c->groups + 1) : st->ov.size());
    return c->match != nullptr || c->match32 != nullptr;
  } catch (...) {
    st->error = "out of memory";
    return false;
  }
}

// __oda_re_compile(source, flags) -> handle {groups, names}; SyntaxError when invalid.
duk_ret_t re_compile(duk_context* ctx) {
  State* st = state(ctx);
  duk_size_t n = 0;
  const char* src = duk_require_lstring(ctx, 0, &n);
  const char* flags = duk_require_string(ctx, 1);
  bool ascii = false;
  std::u16string* src16 = &st->subject16;  // reuse the subject buffer, then forget the subject
  st->subject = nullptr;
  if (!to_utf16(reinterpret_cast<const unsigned char*>(src), n, src16, &ascii))
    return duk_error(ctx, DUK_ERR_RANGE_ERROR, "out of memory");
  bool ok = false;
  try {
    ok = translate_regexp(*src16, flags, &st->translation, &st->error);
  } catch (...) {
    st->error = "out of memory";
  }
  if (!ok) return duk_error(ctx, DUK_ERR_SYNTAX_ERROR, "Invalid regular expression: /%s/%s: %s", src, flags, st->error.c_str());

  duk_push_object(ctx);
  duk_push_c_function(ctx, compiled_finalizer, 1);
  duk_set_finalizer(ctx, -2);
  Compiled* c = new (std::nothrow) Compiled;
  if (!c) return duk_error(ctx, DUK_ERR_RANGE_ERROR, "out of memory");
  ++g_live_compiled;
  duk_push_pointer(ctx, c);
  duk_put_prop_string(ctx, -2, kPtrKey);  // owned by the handle from here on
  if (!compile(st, c, flags))
    return duk_error(ctx, DUK_ERR_SYNTAX_ERROR, "Invalid regular expression: /%s/%s: %s", src, flags, st->error.c_str());
  duk_push_uint(ctx, c->groups);
  duk_put_prop_string(ctx, -2, "groups");
  bool named = false;
  for (auto& name : st->translation.group_names)
    if (!name.empty()) named = true;
  if (named) {
    duk_push_array(ctx);
    for (size_t g = 0; g < st->translation.group_names.size(); g++) {
      const std::string& name = st->translation.group_names[g];
      if (name.empty()) duk_push_undefined(ctx);
      else duk_push_lstring(ctx, name.data(), name.size());
      duk_put_prop_index(ctx, -2, static_cast<duk_uarridx_t>(g + 1));
    }
    duk_put_prop_string(ctx, -2, "names");
  }
  return 1;
}

Compiled* require_compiled(duk_context* ctx, duk_idx_t idx) {
  duk_get_prop_string(ctx, idx, kPtrKey);
  auto* c = static_cast<Compiled*>(duk_get_pointer(ctx, -1));
  duk_pop(ctx);
  if (!c) duk_error(ctx, DUK_ERR_TYPE_ERROR, "not a compiled RegExp");
  return c;
}

// Throws (Duktape longjmps) for a failed match: a RangeError past the backtracking limits.
void match_error(duk_context* ctx, int rc, bool unicode) {
  if (rc == PCRE2_ERROR_MATCHLIMIT || rc == PCRE2_ERROR_DEPTHLIMIT || rc == PCRE2_ERROR_HEAPLIMIT ||
      rc == PCRE2_ERROR_JIT_STACKLIMIT)
    duk_error(ctx, DUK_ERR_RANGE_ERROR, "regular expression too complex for this input (backtracking limit)");
  char msg[130];
  msg[0] = 0;
  if (unicode) {
    PCRE2_UCHAR32 buf[128];
    int n = pcre2_get_error_message_32(rc, buf, 128);
    int k = 0;
    for (; k < n && k < 128; k++) msg[k] = static_cast<char>(buf[k] < 0x80 ? buf[k] : '?');
    msg[k] = 0;
  } else {
    PCRE2_UCHAR16 buf[128];
    int n = pcre2_get_error_message_16(rc, buf, 128);
    int k = 0;
    for (; k < n && k < 128; k++) msg[k] = static_cast<char>(buf[k] < 0x80 ? buf[k] : '?');
    msg[k] = 0;
  }
  duk_error(ctx, DUK_ERR_ERROR, "RegExp match failed: %s", msg);
}

// Copies a match's offsets (rc pairs set) into st->ov by JavaScript group, leaving unset
// those PCRE2 kept from an earlier repetition of a quantified group around them.
void take_offsets(State* st, const Compiled* c, const PCRE2_SIZE* ov, int rc) {
  unsigned n = 2 * (c->groups + 1);
  if (c->pcre_group.empty()) {
    for (unsigned k = 0; k < n; k++) st->ov[k] = k < 2 * static_cast<unsigned>(rc) ? ov[k] : PCRE2_UNSET;
    return;
  }
  st->ov[0] = ov[0];
  st->ov[1] = ov[1];
  for (unsigned g = 1; g <= c->groups; g++) {
    unsigned p = c->pcre_group[g];
    PCRE2_SIZE s = p < static_cast<unsigned>(rc) ? ov[2 * p] : PCRE2_UNSET, e = s == PCRE2_UNSET ? s : ov[2 * p + 1];
    for (unsigned q : c->resets[g]) {
      PCRE2_SIZE qs = q < static_cast<unsigned>(rc) ? ov[2 * q] : PCRE2_UNSET;
      if (s != PCRE2_UNSET && (qs == PCRE2_UNSET || s < qs)) s = e = PCRE2_UNSET;
    }
    st->ov[2 * g] = s;
    st->ov[2 * g + 1] = e;
  }
}

// Runs one match from code unit start; returns the count from pcre2_match (> 0 matched) with
// the offsets, in code units, in st->ov; 0 when nothing matched.
int run_match(duk_context* ctx, State* st, Compiled* c, size_t start) {
  unsigned n = 2 * (c->groups + 1);
  if (c->code32) {
    if (!make_subject32(st)) duk_error(ctx, DUK_ERR_RANGE_ERROR, "out of memory converting a string for RegExp");
    const std::vector<uint32_t>& unit_of = st->unit_of;
    size_t from = start;
    if (!unit_of.empty()) {
      // The code point at start; a start inside a pair means the pair (as node has it).
      from = static_cast<size_t>(std::upper_bound(unit_of.begin(), unit_of.end(), start) - unit_of.begin()) - 1;
    }
    pcre2_set_callout_32(st->mcontext32, c->callout_sets.empty() ? nullptr : in_callout_set<pcre2_callout_block_32>,
                         c);
    int rc = pcre2_match_32(c->code32, reinterpret_cast<PCRE2_SPTR32>(st->subject32.data()), st->subject32.size(),
                            from, 0, c->match32, st->mcontext32);
    if (rc == PCRE2_ERROR_NOMATCH || rc == PCRE2_ERROR_PARTIAL) return 0;
    if (rc < 0) match_error(ctx, rc, true);
    PCRE2_SIZE* ov = pcre2_get_ovector_pointer_32(c->match32);
    take_offsets(st, c, ov, rc);
    if (!unit_of.empty())
      for (unsigned k = 0; k < n; k++)
        if (st->ov[k] != PCRE2_UNSET) st->ov[k] = unit_of[st->ov[k]];
    return rc;
  }
  pcre2_set_callout_16(st->mcontext, c->callout_sets.empty() ? nullptr : in_callout_set<pcre2_callout_block_16>,
                       c);
  int rc = pcre2_match_16(c->code, reinterpret_cast<PCRE2_SPTR16>(st->subject16.data()), st->subject16.size(),
                          start, 0, c->match, st->mcontext);
  if (rc == PCRE2_ERROR_NOMATCH || rc == PCRE2_ERROR_PARTIAL) return 0;
  if (rc < 0) match_error(ctx, rc, false);
  take_offsets(st, c, pcre2_get_ovector_pointer_16(c->match), rc);
  return rc;
}

// Every match from start on, as the array of matched strings (String.prototype.match with a
// global RegExp); an empty match moves on by one code unit, or one code point under u.
duk_ret_t match_all(duk_context* ctx, State* st, Compiled* c, size_t pos, bool unicode) {
  duk_push_array(ctx);
  duk_uarridx_t n = 0;
  size_t len = st->subject16.size();
  while (pos <= len) {
    if (run_match(ctx, st, c, pos) == 0) break;
    const PCRE2_SIZE* ov = st->ov.data();
    size_t s = ov[0], e = ov[1];
    push_sub(ctx, st, 1, s, e);
    duk_put_prop_index(ctx, -2, n++);
    if (e > s) {
      pos = e;
      continue;
    }
    pos = e + 1;
    if (unicode && e + 1 < len && st->subject16[e] >= 0xD800 && st->subject16[e] <= 0xDBFF &&
        st->subject16[e + 1] >= 0xDC00 && st->subject16[e + 1] <= 0xDFFF)
      pos = e + 2;
  }
  return 1;
}

// String.prototype.split on a non-empty subject with a RegExp (SPEC's sticky probe at each
// position finds what one forward search finds): the pieces and captures, up to limit.
duk_ret_t split_all(duk_context* ctx, State* st, Compiled* c, double limit, bool unicode) {
  duk_push_array(ctx);
  duk_uarridx_t n = 0;
  size_t size = st->subject16.size(), p = 0, q = 0;
  auto full = [&]() { return static_cast<double>(n) >= limit; };
  while (q < size) {
    if (run_match(ctx, st, c, q) == 0) break;
    const PCRE2_SIZE* ov = st->ov.data();
    size_t ms = ov[0], e = ov[1] < size ? ov[1] : size;
    if (ms >= size) break;
    if (e == p) {
      q = ms + 1;
      if (unicode && ms + 1 < size && st->subject16[ms] >= 0xD800 && st->subject16[ms] <= 0xDBFF &&
          st->subject16[ms + 1] >= 0xDC00 && st->subject16[ms + 1] <= 0xDFFF)
        q = ms + 2;
      continue;
    }
    push_sub(ctx, st, 1, p, ms);
    duk_put_prop_index(ctx, -2, n++);
    if (full()) return 1;
    p = e;
    for (unsigned g = 1; g <= c->groups; g++) {
      PCRE2_SIZE gs = ov[2 * g], ge = ov[2 * g + 1];
      if (gs == PCRE2_UNSET) duk_push_undefined(ctx);
      else push_sub(ctx, st, 1, gs, ge);
      duk_put_prop_index(ctx, -2, n++);
      if (full()) return 1;
    }
    q = p;
  }
  push_sub(ctx, st, 1, p, size);
  duk_put_prop_index(ctx, -2, n++);
  return 1;
}

// __oda_re_exec(handle, subject, start, mode):
//   mode 0: null or [match, group1, ...] (undefined for unset groups) with .index, .input
//           and .groups (undefined)
//   mode 1: null or flat [start0, end0, start1, end1, ...] (-1 for unset groups)
//   mode 2: the end of the match, or -1
//   mode 3, 4: every match's string from start on (4: advancing by code point)
//   mode 5, 6: split into pieces and captures, start being the limit (6: by code point)
duk_ret_t re_exec(duk_context* ctx) {
  Compiled* c = require_compiled(ctx, 0);
  State* st = c->state;
  duk_require_string(ctx, 1);
  double start_d = duk_require_number(ctx, 2);
  int mode = duk_require_int(ctx, 3);
  load_subject(ctx, st, 1);
  if (mode == 5 || mode == 6) return split_all(ctx, st, c, start_d, mode == 6);
  if (!(start_d >= 0) || start_d > static_cast<double>(st->subject16.size())) {
    if (mode == 2) duk_push_int(ctx, -1);
    else duk_push_null(ctx);
    return 1;
  }
  if (mode == 3 || mode == 4) return match_all(ctx, st, c, static_cast<size_t>(start_d), mode == 4);
  int rc = run_match(ctx, st, c, static_cast<size_t>(start_d));
  if (rc == 0) {
    if (mode == 2) duk_push_int(ctx, -1);
    else duk_push_null(ctx);
    return 1;
  }
  const PCRE2_SIZE* ov = st->ov.data();
  if (mode == 2) {
    duk_push_number(ctx, static_cast<double>(ov[1]));
    return 1;
  }
  unsigned total = c->groups + 1;
  duk_push_array(ctx);
  for (unsigned g = 0; g < total; g++) {
    PCRE2_SIZE s = ov[2 * g], e = ov[2 * g + 1];
    bool set = s != PCRE2_UNSET;  // (take_offsets unset what rc leaves out)
    if (mode == 1) {
      duk_push_number(ctx, set ? static_cast<double>(s) : -1);
      duk_put_prop_index(ctx, -2, 2 * g);
      duk_push_number(ctx, set ? static_cast<double>(e) : -1);
      duk_put_prop_index(ctx, -2, 2 * g + 1);
    } else {
      if (set) push_sub(ctx, st, 1, s, e);
      else duk_push_undefined(ctx);
      duk_put_prop_index(ctx, -2, g);
    }
  }
  if (mode == 0) {
    // Defined, not set: a setter on Array.prototype must not see them (CreateDataProperty).
    constexpr duk_uint_t kData = DUK_DEFPROP_HAVE_VALUE | DUK_DEFPROP_SET_WRITABLE | DUK_DEFPROP_SET_ENUMERABLE |
                                 DUK_DEFPROP_SET_CONFIGURABLE;
    duk_push_string(ctx, "index");
    duk_push_number(ctx, static_cast<double>(ov[0]));
    duk_def_prop(ctx, -3, kData);
    duk_push_string(ctx, "input");
    duk_dup(ctx, 1);
    duk_def_prop(ctx, -3, kData);
    duk_push_string(ctx, "groups");
    if (c->named) {
      // A null-prototype object of the named groups, in group order.
      duk_push_bare_object(ctx);
      for (unsigned g = 1; g < total; g++) {
        const std::string& name = c->names[g - 1];
        if (name.empty()) continue;
        duk_get_prop_index(ctx, -3, g);
        duk_put_prop_lstring(ctx, -2, name.data(), name.size());
      }
    } else {
      duk_push_undefined(ctx);
    }
    duk_def_prop(ctx, -3, kData);
  }
  return 1;
}

}  // namespace

// A fresh State (pcre2 contexts, JIT stack) for the heap: at registration, and again in a
// worker that mapped a heap image, whose stash still points at the builder's long-gone one.
void attach_regexp_state(duk_hthread* ctx) {
  State* st = new (std::nothrow) State;
  if (!st) duk_error(ctx, DUK_ERR_RANGE_ERROR, "out of memory");
  duk_push_heap_stash(ctx);
  if (!duk_get_prop_string(ctx, -1, kStateKey)) {
    duk_pop(ctx);
    duk_push_object(ctx);
    duk_push_c_function(ctx, state_finalizer, 1);
    duk_set_finalizer(ctx, -2);
    duk_dup_top(ctx);
    duk_put_prop_string(ctx, -3, kStateKey);
  }
  duk_push_pointer(ctx, st);
  duk_put_prop_string(ctx, -2, kPtrKey);
  duk_pop_2(ctx);
  st->mcontext = pcre2_match_context_create_16(nullptr);
  st->ccontext = pcre2_compile_context_create_16(nullptr);
  st->mcontext32 = pcre2_match_context_create_32(nullptr);
  st->ccontext32 = pcre2_compile_context_create_32(nullptr);
  // A deep JIT stack for patterns with much backtracking state; the match limit stops
  // catastrophic backtracking with an error instead of a hang no deadline can interrupt.
  st->jit_stack = pcre2_jit_stack_create_16(32 * 1024, 16 * 1024 * 1024, nullptr);
  st->jit_stack32 = pcre2_jit_stack_create_32(32 * 1024, 16 * 1024 * 1024, nullptr);
  if (st->mcontext) {
    if (st->jit_stack) pcre2_jit_stack_assign_16(st->mcontext, nullptr, st->jit_stack);
    pcre2_set_match_limit_16(st->mcontext, 100000000);
  }
  if (st->mcontext32) {
    if (st->jit_stack32) pcre2_jit_stack_assign_32(st->mcontext32, nullptr, st->jit_stack32);
    pcre2_set_match_limit_32(st->mcontext32, 100000000);
  }
}

size_t live_compiled_regexps() { return g_live_compiled; }

void register_regexp_natives(duk_hthread* ctx) {
  attach_regexp_state(ctx);
  put_hidden_global(ctx, "__oda_re_compile", re_compile, 2);
  put_hidden_global(ctx, "__oda_re_exec", re_exec, 4);
}

}  // namespace oda::js
