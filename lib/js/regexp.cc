// The RegExp translator: JavaScript patterns rewritten in PCRE2 syntax, so named groups,
// lookbehind, property escapes and the s, u, y, d flags work on PCRE2 (lib/engine runs them).
// Patterns without u are for the 16-bit library over code units; patterns with u for the
// 32-bit library in non-UTF mode over code points, where a lone surrogate is a character as
// JavaScript has it (PCRE2's UTF modes refuse them).
#include "js/regexp.h"

#define PCRE2_CODE_UNIT_WIDTH 0
#include <pcre2.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <utility>

#include "js/unicode_props.h"

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

// Both libraries run without PCRE2_UTF: the 16-bit one over code units, the 32-bit one (u
// patterns) over code points.
uint32_t pcre2_compile_options(bool caseless, bool sticky) {
  uint32_t opts = PCRE2_MATCH_UNSET_BACKREF;
  if (caseless) opts |= PCRE2_CASELESS | PCRE2_UCP;
  if (sticky) opts |= PCRE2_ANCHORED;
  return opts;
}

std::u32string widen_pattern(const std::u16string& p) { return std::u32string(p.begin(), p.end()); }

std::string pcre2_error_message(int code, bool unicode) {
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

namespace {

bool pattern_compiles(const std::u16string& pat, bool unicode, bool caseless, int* code) {
  PCRE2_SIZE off = 0;
  uint32_t opts = pcre2_compile_options(caseless, false);
  if (!unicode) {
    pcre2_code_16* re = pcre2_compile_16(reinterpret_cast<PCRE2_SPTR16>(pat.data()), pat.size(), opts, code, &off, nullptr);
    if (re) pcre2_code_free_16(re);
    // Too large for the 16-bit library's offsets: the engine runs it on the 32-bit one.
    if (re || *code != PCRE2_ERROR_PATTERN_TOO_LARGE) return re != nullptr;
  }
  std::u32string p32 = widen_pattern(pat);
  pcre2_code_32* re = pcre2_compile_32(reinterpret_cast<PCRE2_SPTR32>(p32.data()), p32.size(), opts, code, &off, nullptr);
  if (re) pcre2_code_free_32(re);
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
      why = pcre2_error_message(code, unicode);
    }
  } catch (...) {
    why = "out of memory";
  }
  *err = "Invalid regular expression: /" + std::string(source) + "/" + std::string(flags) + ": " + why;
  return false;
}

}  // namespace oda::js
