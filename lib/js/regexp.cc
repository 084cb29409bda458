// The RegExp engine: JavaScript patterns translated to PCRE2 syntax and run by PCRE2's 16-bit
// library (JIT-compiled), so named groups, lookbehind and the s, u, y, d flags work on Duktape.
#include "js/regexp.h"
#include "js/natives.h"

#define PCRE2_CODE_UNIT_WIDTH 16
#include <pcre2.h>

#include <duktape.h>

#include <cstdio>
#include <cstring>
#include <new>
#include <utility>

namespace oda::js {
namespace {

constexpr char32_t kMaxBmp = 0xFFFF;
constexpr char32_t kMaxCodePoint = 0x10FFFF;

// JavaScript's WhiteSpace and LineTerminator code points as ranges (what \s matches).
constexpr char32_t kSpaceRanges[][2] = {
    {0x09, 0x0D}, {0x20, 0x20}, {0xA0, 0xA0}, {0x1680, 0x1680}, {0x2000, 0x200A},
    {0x2028, 0x2029}, {0x202F, 0x202F}, {0x205F, 0x205F}, {0x3000, 0x3000}, {0xFEFF, 0xFEFF},
};

bool is_hex(char16_t c) {
  return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}
int hex_value(char16_t c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  return c - 'A' + 10;
}
bool is_digit(char16_t c) { return c >= '0' && c <= '9'; }
bool is_ident_char(char16_t c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || is_digit(c) || c == '_' || c == '$' ||
         c >= 0x80;
}

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
        if (i + 1 < s_.size() && s_[i + 1] == '?') {
          if (i + 2 < s_.size() && s_[i + 2] == '<' && i + 3 < s_.size() && s_[i + 3] != '=' &&
              s_[i + 3] != '!') {
            size_t j = i + 3;
            std::string name;
            while (j < s_.size() && s_[j] != '>') {
              append_utf8(&name, s_[j]);
              j++;
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
      }
    }
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
  void emit_space_ranges() {
    for (auto& r : kSpaceRanges) {
      emit_cp(r[0]);
      if (r[1] != r[0]) {
        emit("-");
        emit_cp(r[1]);
      }
    }
  }
  // The complement of \s as ranges, for \S inside a class.
  void emit_non_space_ranges() {
    char32_t next = 0;
    for (auto& r : kSpaceRanges) {
      if (r[0] > next) {
        emit_cp(next);
        if (r[0] - 1 != next) {
          emit("-");
          emit_cp(r[0] - 1);
        }
      }
      next = r[1] + 1;
    }
    emit_cp(next);
    emit("-");
    emit_cp(unicode_ ? kMaxCodePoint : kMaxBmp);
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
    switch (c) {
      case '\\':
        i_++;
        escape(false);
        return;
      case '[':
        i_++;
        char_class();
        return;
      case '(':
        i_++;
        paren_depth_++;
        if (at('?') && at('<', 1) && !at('=', 2) && !at('!', 2)) {
          // A named group becomes a numbered one; the names table maps them back.
          while (i_ < s_.size() && s_[i_] != '>') i_++;
          if (i_ >= s_.size()) {
            err_ = "Invalid capture group name";
            return;
          }
          i_++;
          emit("(");
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
        emit(")");
        return;
      case '.':
        i_++;
        emit(dot_all_ ? "(?s:.)" : "[^\\x{a}\\x{d}\\x{2028}\\x{2029}]");
        return;
      case '^':
        i_++;
        emit(multiline_ ? "(?:^|(?<=[\\x{a}\\x{d}\\x{2028}\\x{2029}]))" : "^");
        return;
      case '$':
        i_++;
        emit(multiline_ ? "(?=[\\x{a}\\x{d}\\x{2028}\\x{2029}]|\\z)" : "\\z");
        return;
      case '|':
        i_++;
        out_->pattern.push_back(c);
        return;
      case '*':
      case '+':
      case '?':
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
        if (!quant) {
          if (unicode_) {
            err_ = "Incomplete quantifier";
            return;
          }
          i_++;
          emit_cp('{');
          return;
        }
        out_->pattern.append(s_.substr(i_, j + 1 - i_));
        i_ = j + 1;
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

  // A quantifier may be followed by ? (lazy); PCRE2 would read a following + as possessive,
  // which JavaScript has not: there it is a quantifier with nothing to repeat.
  void after_quantifier() {
    if (at('?')) {
      i_++;
      out_->pattern.push_back('?');
    }
    if (at('+') || at('*') || (at('?'))) err_ = "Nothing to repeat";
  }

  // A literal code point; under u a lone surrogate (which PCRE2 refuses in UTF mode) can
  // match nothing in well-formed text, so it becomes a failing assertion.
  void emit_literal(char32_t c) {
    if (unicode_ && c >= 0xD800 && c <= 0xDFFF) emit("(?!)");
    else emit_cp(c);
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

  // One escape after the backslash; in_class changes \b, \B, \s, \S and backreferences.
  void escape(bool in_class) {
    if (i_ >= s_.size()) {
      err_ = "\\ at end of pattern";
      return;
    }
    char16_t c = s_[i_];
    switch (c) {
      case 'd': case 'D': case 'w': case 'W':
        i_++;
        if (explicit_ascii_) {
          ascii_class(c, in_class);
          return;
        }
        out_->pattern.push_back('\\');
        out_->pattern.push_back(c);
        return;
      case 's':
        i_++;
        if (in_class) {
          emit_space_ranges();
        } else {
          emit("[");
          emit_space_ranges();
          emit("]");
        }
        return;
      case 'S':
        i_++;
        if (in_class) {
          emit_non_space_ranges();
        } else {
          emit("[^");
          emit_space_ranges();
          emit("]");
        }
        return;
      case 'b':
        i_++;
        if (in_class) emit_cp(8);
        else if (explicit_ascii_) emit("(?:(?<=[A-Za-z0-9_])(?![A-Za-z0-9_])|(?<![A-Za-z0-9_])(?=[A-Za-z0-9_]))");
        else emit("\\b");
        return;
      case 'B':
        i_++;
        if (in_class) {
          if (unicode_) err_ = "Invalid class escape";
          else emit_cp('B');
        } else if (explicit_ascii_) {
          emit("(?:(?<=[A-Za-z0-9_])(?=[A-Za-z0-9_])|(?<![A-Za-z0-9_])(?![A-Za-z0-9_]))");
        } else {
          emit("\\B");
        }
        return;
      case 'f': i_++; emit_cp(0x0C); return;
      case 'n': i_++; emit_cp(0x0A); return;
      case 'r': i_++; emit_cp(0x0D); return;
      case 't': i_++; emit_cp(0x09); return;
      case 'v': i_++; emit_cp(0x0B); return;
      case 'c': {
        char16_t l = i_ + 1 < s_.size() ? s_[i_ + 1] : 0;
        if ((l >= 'a' && l <= 'z') || (l >= 'A' && l <= 'Z') ||
            (in_class && !unicode_ && (is_digit(l) || l == '_'))) {
          i_ += 2;
          emit_cp(l % 32);
        } else if (unicode_) {
          err_ = "Invalid unicode escape";
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
        if (unicode_escape(&cp)) {
          if (in_class && unicode_ && cp >= 0xD800 && cp <= 0xDFFF) emit_cp(0xFFFD);
          else emit_literal(cp);
        }
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
        size_t j = i_ + 1;
        std::string name;
        while (j < s_.size() && s_[j] != '>') append_utf8(&name, s_[j++]);
        if (j >= s_.size()) {
          err_ = "Invalid named reference";
          return;
        }
        i_ = j + 1;
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
          // PCRE2 reads \p{...} property names as JavaScript writes them.
          size_t j = i_ + 1;
          if (j < s_.size() && s_[j] == '{') {
            while (j < s_.size() && s_[j] != '}') j++;
            if (j < s_.size()) {
              std::u16string_view name = s_.substr(i_ + 2, j - i_ - 2);
              bool negated = c == 'P';
              i_ = j + 1;
              // Properties JavaScript has and PCRE2 10.42 names otherwise.
              if (name == u"Any") {
                emit(negated ? "(?!)" : (in_class ? "\\x{0}-\\x{10ffff}" : "[\\x{0}-\\x{10ffff}]"));
              } else if (name == u"ASCII") {
                emit(in_class ? (negated ? "\\x{80}-\\x{10ffff}" : "\\x{0}-\\x{7f}") : (negated ? "[^\\x{0}-\\x{7f}]" : "[\\x{0}-\\x{7f}]"));
              } else if (name == u"Assigned") {
                emit(negated ? "\\p{Cn}" : "\\P{Cn}");
              } else {
                out_->pattern.push_back('\\');
                out_->pattern.push_back(c);
                out_->pattern.push_back('{');
                out_->pattern.append(general_category(name));
                out_->pattern.push_back('}');
              }
              return;
            }
          }
          err_ = "Invalid property name";
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
      if (!in_class && c != '0' && n <= groups_) {
        i_ = j;
        backref(n);
        return;
      }
      if (unicode_) {
        err_ = in_class ? "Invalid class escape" : "Invalid escape";
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
    if (unicode_ && is_ident_char(c) && c != '$') {
      err_ = "Invalid escape";
      return;
    }
    emit_cp(read_char());
  }

  // General_Category values by their long names (and gc= / General_Category= prefixes),
  // which PCRE2 knows only by their short ones.
  static std::u16string_view general_category(std::u16string_view name) {
    static constexpr std::pair<std::u16string_view, std::u16string_view> kNames[] = {
        {u"Letter", u"L"}, {u"Cased_Letter", u"L&"}, {u"LC", u"L&"}, {u"Uppercase_Letter", u"Lu"},
        {u"Lowercase_Letter", u"Ll"}, {u"Titlecase_Letter", u"Lt"}, {u"Modifier_Letter", u"Lm"},
        {u"Other_Letter", u"Lo"}, {u"Mark", u"M"}, {u"Combining_Mark", u"M"}, {u"Nonspacing_Mark", u"Mn"},
        {u"Spacing_Mark", u"Mc"}, {u"Enclosing_Mark", u"Me"}, {u"Number", u"N"}, {u"Decimal_Number", u"Nd"},
        {u"digit", u"Nd"}, {u"Letter_Number", u"Nl"}, {u"Other_Number", u"No"}, {u"Punctuation", u"P"},
        {u"punct", u"P"}, {u"Connector_Punctuation", u"Pc"}, {u"Dash_Punctuation", u"Pd"},
        {u"Open_Punctuation", u"Ps"}, {u"Close_Punctuation", u"Pe"}, {u"Initial_Punctuation", u"Pi"},
        {u"Final_Punctuation", u"Pf"}, {u"Other_Punctuation", u"Po"}, {u"Symbol", u"S"},
        {u"Math_Symbol", u"Sm"}, {u"Currency_Symbol", u"Sc"}, {u"Modifier_Symbol", u"Sk"},
        {u"Other_Symbol", u"So"}, {u"Separator", u"Z"}, {u"Space_Separator", u"Zs"},
        {u"Line_Separator", u"Zl"}, {u"Paragraph_Separator", u"Zp"}, {u"Other", u"C"}, {u"Control", u"Cc"},
        {u"cntrl", u"Cc"}, {u"Format", u"Cf"}, {u"Surrogate", u"Cs"}, {u"Private_Use", u"Co"},
        {u"Unassigned", u"Cn"},
    };
    for (std::u16string_view prefix : {std::u16string_view(u"General_Category="), std::u16string_view(u"gc=")}) {
      if (name.substr(0, prefix.size()) == prefix) name.remove_prefix(prefix.size());
    }
    for (const auto& [long_name, short_name] : kNames)
      if (name == long_name) return short_name;
    return name;
  }

  void ascii_class(char16_t c, bool in_class) {
    const char* max = unicode_ ? "\\x{10ffff}" : "\\x{ffff}";
    std::string body;
    switch (c) {
      case 'd': body = "0-9"; break;
      case 'D': body = std::string("\\x{0}-\\x{2f}\\x{3a}-") + max; break;
      case 'w': body = "A-Za-z0-9_"; break;
      default: body = std::string("\\x{0}-\\x{2f}\\x{3a}-\\x{40}\\x{5b}-\\x{5e}\\x{60}\\x{7b}-") + max; break;
    }
    if (!in_class) {
      // A negated class, not complement ranges: caseless matching would add the case
      // variants of the ranges (k for U+212A KELVIN SIGN, s for U+017F LONG S).
      emit(c == 'D' ? "[^0-9]" : c == 'W' ? "[^A-Za-z0-9_]" : c == 'd' ? "[0-9]" : "[A-Za-z0-9_]");
      return;
    }
    emit(body.c_str());
  }

  void backref(unsigned n) {
    char buf[24];
    std::snprintf(buf, sizeof buf, "(?:\\g{%u})", n);
    emit(buf);
  }

  void char_class() {
    bool negate = false;
    if (at('^')) {
      negate = true;
      i_++;
    }
    if (at(']')) {
      i_++;
      emit(negate ? "[\\s\\S]" : "(?!)");
      return;
    }
    emit(negate ? "[^" : "[");
    class_depth_++;
    while (i_ < s_.size() && err_.empty()) {
      char16_t c = s_[i_];
      if (c == ']') {
        i_++;
        class_depth_--;
        emit("]");
        return;
      }
      if (c == '\\') {
        i_++;
        if (at('-')) {
          i_++;
          emit_cp('-');
        } else {
          escape(true);
        }
      } else if (c == '-') {
        i_++;
        // A dash at either end is a literal; between two atoms it makes a range.
        if (at(']') || out_->pattern.back() == '[' || out_->pattern.back() == '^') emit_cp('-');
        else emit("-");
      } else {
        emit_cp(read_char());
      }
    }
  }

  std::u16string_view s_;
  RegexTranslation* out_;
  size_t i_ = 0;
  unsigned groups_ = 0;
  bool has_names_ = false;
  bool unicode_ = false, multiline_ = false, dot_all_ = false;
  // Under i the pattern compiles with PCRE2_UCP (Unicode case folding past ASCII), which
  // would also widen \d \w \b to Unicode: they are written out as ASCII classes then.
  bool explicit_ascii_ = false;
  int class_depth_ = 0, paren_depth_ = 0;
  std::string err_;
};

}  // namespace

bool translate_regexp(std::u16string_view source, std::string_view flags, RegexTranslation* out,
                      std::string* err) {
  out->pattern.clear();
  out->group_names.clear();
  out->groups = 0;
  Translator t(source, flags, out);
  return t.run(err);
}

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
      uint32_t opts = PCRE2_MATCH_UNSET_BACKREF;
      if (flags.find('i') != std::string_view::npos) opts |= PCRE2_CASELESS | PCRE2_UCP;
      if (flags.find('u') != std::string_view::npos || flags.find('v') != std::string_view::npos)
        opts |= PCRE2_UTF | PCRE2_MATCH_INVALID_UTF;
      int code = 0;
      PCRE2_SIZE off = 0;
      pcre2_code* re = pcre2_compile(reinterpret_cast<PCRE2_SPTR>(t.pattern.data()), t.pattern.size(), opts, &code, &off, nullptr);
      if (re) {
        pcre2_code_free(re);
        return true;
      }
      PCRE2_UCHAR buf[256];
      int n = pcre2_get_error_message(code, buf, 256);
      for (int i = 0; i < n; i++) why.push_back(static_cast<char>(buf[i] < 0x80 ? buf[i] : '?'));
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
  std::string scratch;            // CESU-8 of one substring being pushed
  RegexTranslation translation;
  std::string error;
  pcre2_match_context* mcontext = nullptr;
  pcre2_jit_stack* jit_stack = nullptr;
  pcre2_compile_context* ccontext = nullptr;

  ~State() {
    if (mcontext) pcre2_match_context_free(mcontext);
    if (jit_stack) pcre2_jit_stack_free(jit_stack);
    if (ccontext) pcre2_compile_context_free(ccontext);
  }
};

// One compiled pattern, owned by its handle object (freed by the handle's finalizer).
struct Compiled {
  pcre2_code* code = nullptr;
  pcre2_match_data* match = nullptr;
  unsigned groups = 0;
  State* state = nullptr;              // the heap's state, so a match needs no lookup
  std::vector<std::string> names;      // per group (index g-1), "" when unnamed
  bool named = false;
};

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
    if (c->match) pcre2_match_data_free(c->match);
    if (c->code) pcre2_code_free(c->code);
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
  st->subject = h;
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
    uint32_t opts = PCRE2_MATCH_UNSET_BACKREF;
    if (has_flag(flags, 'i')) opts |= PCRE2_CASELESS | PCRE2_UCP;
    if (has_flag(flags, 'u') || has_flag(flags, 'v')) opts |= PCRE2_UTF | PCRE2_MATCH_INVALID_UTF;
    if (has_flag(flags, 'y')) opts |= PCRE2_ANCHORED;
    int errcode = 0;
    PCRE2_SIZE erroffset = 0;
    const auto& pat = st->translation.pattern;
    c->code = pcre2_compile(reinterpret_cast<PCRE2_SPTR>(pat.data()), pat.size(), opts, &errcode,
                            &erroffset, st->ccontext);
    if (!c->code) {
      PCRE2_UCHAR buf[256];
      int n = pcre2_get_error_message(errcode, buf, 256);
      st->error.clear();
      for (int i = 0; i < n; i++) st->error.push_back(static_cast<char>(buf[i] < 0x80 ? buf[i] : '?'));
      return false;
    }
    pcre2_jit_compile(c->code, PCRE2_JIT_COMPLETE);  // falls back to the interpreter on failure
    c->match = pcre2_match_data_create_from_pattern(c->code, nullptr);
    c->groups = st->translation.groups;
    c->state = st;
    c->names = st->translation.group_names;
    c->names.resize(c->groups);
    for (const auto& n : c->names)
      if (!n.empty()) c->named = true;
    return c->match != nullptr;
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

// Runs one match; returns the count from pcre2_match (> 0 matched, or an error code).
int run_match(duk_context* ctx, State* st, Compiled* c, size_t start) {
  int rc = pcre2_match(c->code, reinterpret_cast<PCRE2_SPTR>(st->subject16.data()), st->subject16.size(),
                       start, 0, c->match, st->mcontext);
  if (rc == PCRE2_ERROR_NOMATCH || rc == PCRE2_ERROR_PARTIAL) return 0;
  if (rc == PCRE2_ERROR_MATCHLIMIT || rc == PCRE2_ERROR_DEPTHLIMIT || rc == PCRE2_ERROR_HEAPLIMIT ||
      rc == PCRE2_ERROR_JIT_STACKLIMIT)
    duk_error(ctx, DUK_ERR_RANGE_ERROR, "regular expression too complex for this input (backtracking limit)");
  if (rc < 0) {
    PCRE2_UCHAR buf[128];
    int n = pcre2_get_error_message(rc, buf, 128);
    char msg[130];
    int k = 0;
    for (; k < n && k < 128; k++) msg[k] = static_cast<char>(buf[k] < 0x80 ? buf[k] : '?');
    msg[k] = 0;
    duk_error(ctx, DUK_ERR_ERROR, "RegExp match failed: %s", msg);
  }
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
    PCRE2_SIZE* ov = pcre2_get_ovector_pointer(c->match);
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
    PCRE2_SIZE* ov = pcre2_get_ovector_pointer(c->match);
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
  PCRE2_SIZE* ov = pcre2_get_ovector_pointer(c->match);
  if (mode == 2) {
    duk_push_number(ctx, static_cast<double>(ov[1]));
    return 1;
  }
  unsigned total = c->groups + 1;
  duk_push_array(ctx);
  for (unsigned g = 0; g < total; g++) {
    PCRE2_SIZE s = ov[2 * g], e = ov[2 * g + 1];
    bool set = g < static_cast<unsigned>(rc) && s != PCRE2_UNSET;
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
  st->mcontext = pcre2_match_context_create(nullptr);
  st->ccontext = pcre2_compile_context_create(nullptr);
  // A deep JIT stack for patterns with much backtracking state; the match limit stops
  // catastrophic backtracking with an error instead of a hang no deadline can interrupt.
  st->jit_stack = pcre2_jit_stack_create(32 * 1024, 16 * 1024 * 1024, nullptr);
  if (st->mcontext) {
    if (st->jit_stack) pcre2_jit_stack_assign(st->mcontext, nullptr, st->jit_stack);
    pcre2_set_match_limit(st->mcontext, 100000000);
  }
}

size_t live_compiled_regexps() { return g_live_compiled; }

void register_regexp_natives(duk_hthread* ctx) {
  attach_regexp_state(ctx);
  put_hidden_global(ctx, "__oda_re_compile", re_compile, 2);
  put_hidden_global(ctx, "__oda_re_exec", re_exec, 4);
}

}  // namespace oda::js
