// The lexer of the JavaScript parser: blanks and comments (counting lines), names with
// their escapes, numbers with separators, strings, template pieces, regexp bodies, operators.
#include "js/lexer.h"

#include <algorithm>
#include <array>
#include <cstring>
#include <vector>

namespace oda::js {
namespace {

bool id_start(unsigned char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '$' || c == '_' || c >= 0x80 ||
         c == '\\';
}
bool id_part(unsigned char c) { return id_start(c) || (c >= '0' && c <= '9'); }

void append_utf8(std::string& s, uint32_t cp) {
  if (cp < 0x80) {
    s += char(cp);
  } else if (cp < 0x800) {
    s += char(0xC0 | (cp >> 6));
    s += char(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    s += char(0xE0 | (cp >> 12));
    s += char(0x80 | ((cp >> 6) & 0x3F));
    s += char(0x80 | (cp & 0x3F));
  } else {
    s += char(0xF0 | (cp >> 18));
    s += char(0x80 | ((cp >> 12) & 0x3F));
    s += char(0x80 | ((cp >> 6) & 0x3F));
    s += char(0x80 | (cp & 0x3F));
  }
}

int hexval(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

}  // namespace

bool is_reserved(std::string_view n) {
  if (n.size() < 2 || n.size() > 10 || n[0] < 'b' || n[0] > 'w') return false;
  static constexpr std::string_view words[] = {"break",    "case",   "catch",  "class",   "const",      "continue", "debugger",
                                      "default",  "delete", "do",     "else",    "export",     "extends",  "finally",
                                      "for",      "function", "if",   "import",  "in",         "instanceof", "new",
                                      "return",   "super",  "switch", "this",    "throw",      "try",      "typeof",
                                      "var",      "void",   "while",  "with",    "null",       "true",     "false",
                                      "enum"};
  for (std::string_view w : words)
    if (n == w) return true;
  return false;
}

Lexer::Lexer(std::string_view s) : src_(s) {
  if (src_.size() >= 2 && src_[0] == '#' && src_[1] == '!') {
    while (pos_ < src_.size() && src_[pos_] != '\n') pos_++;
  }
}

std::string_view Lexer::peek_raw(bool* nl) {
  LexState st = save();
  *nl = skip_space();
  std::string_view r = src_.substr(pos_, 2);
  restore(st);
  return r;
}

void Lexer::next(Token& t) {
  t.t = TokenKind::Eof;
  t.text = {};
  t.value.clear();
  t.raw.clear();
  t.tail = t.escaped = t.bad_escape = t.bigint = false;
  t.nl = skip_space();
  t.line = line_;
  t.start = pos_;
  if (pos_ >= src_.size()) {
    t.t = TokenKind::Eof;
    t.end = pos_;
    return;
  }
  unsigned char c = src_[pos_];
  if (id_start(c)) {
    t.t = TokenKind::Name;
    bool escaped = scan_name_rest();
    if (escaped) {
      t.text = unescape_name(t.start, pos_);
      t.escaped = true;
      t.end = pos_;
      return;
    }
  } else if ((c >= '0' && c <= '9') || (c == '.' && pos_ + 1 < src_.size() && isdigit(src_[pos_ + 1]))) {
    number(t);
  } else if (c == '"' || c == '\'') {
    string(t, c);
  } else if (c == '`') {
    pos_++;
    template_part(t);
  } else if (c == '#' && pos_ + 1 < src_.size() && id_start(src_[pos_ + 1])) {
    pos_++;
    t.t = TokenKind::Private;
    size_t b = pos_;
    bool escaped = scan_name_rest();
    t.text = escaped ? unescape_name(b, pos_) : src_.substr(b, pos_ - b);
    t.end = pos_;
    return;
  } else {
    punct(t);
  }
  t.end = pos_;
  if (t.t != TokenKind::Template) t.text = src_.substr(t.start, pos_ - t.start);
  return;
}

// Moves past the rest of a name (or a #private name) from pos_; true when it held a \u
// escape, so its text must be decoded rather than sliced.
bool Lexer::scan_name_rest() {
  bool escaped = false;
  while (pos_ < src_.size() && id_part(src_[pos_]) && !space_at(pos_)) {
    if (src_[pos_] == '\\') {
      escaped = true;
      skip_escape();
    } else {
      pos_++;
    }
  }
  return escaped;
}

Token Lexer::regex(const Token& at) {
  pos_ = at.start + 1;
  line_ = at.line;
  Token t = at;
  t.t = TokenKind::Regex;
  bool cls = false;
  size_t b = pos_;
  for (;;) {
    if (pos_ >= src_.size() || src_[pos_] == '\n') fail("SyntaxError: unterminated regular expression");
    char ch = src_[pos_];
    if (ch == '\\') {
      pos_ += 2;
      continue;
    }
    if (ch == '[') cls = true;
    else if (ch == ']') cls = false;
    else if (ch == '/' && !cls) break;
    pos_++;
  }
  t.value = std::string(src_.substr(b, pos_ - b));
  pos_++;
  size_t f = pos_;
  while (pos_ < src_.size() && id_part(src_[pos_])) pos_++;
  t.raw = std::string(src_.substr(f, pos_ - f));
  t.end = pos_;
  t.text = src_.substr(t.start, pos_ - t.start);
  return t;
}

Token Lexer::template_continue(const Token& at) {
  pos_ = at.start + 1;
  line_ = at.line;
  Token t;
  t.line = line_;
  t.start = at.start;
  template_part(t);
  t.end = pos_;
  return t;
}

bool Lexer::skip_space() {
  bool nl = false;
  while (pos_ < src_.size()) {
    unsigned char c = src_[pos_];
    if (c == '\n') {
      nl = true;
      line_++;
      pos_++;
    } else if (c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f') {
      pos_++;
    } else if (size_t n = c >= 0xC2 ? space_at(pos_) : 0) {
      if (n == 3 && (unsigned char)src_[pos_] == 0xE2 && ((unsigned char)src_[pos_ + 2] == 0xA8 || (unsigned char)src_[pos_ + 2] == 0xA9) &&
          (unsigned char)src_[pos_ + 1] == 0x80) {
        nl = true;
        line_++;
      }
      pos_ += n;
    } else if (c == '/' && pos_ + 1 < src_.size() && src_[pos_ + 1] == '/') {
      while (pos_ < src_.size() && src_[pos_] != '\n') pos_++;
    } else if (c == '/' && pos_ + 1 < src_.size() && src_[pos_ + 1] == '*') {
      size_t e = src_.find("*/", pos_ + 2);
      if (e == std::string_view::npos) fail("SyntaxError: unterminated comment");
      for (size_t i = pos_; i < e; i++)
        if (src_[i] == '\n') {
          line_++;
          nl = true;
        }
      pos_ = e + 2;
    } else {
      break;
    }
  }
  return nl;
}

void Lexer::number(Token& t) {
  t.t = TokenKind::Num;
  std::string v;
  auto digits = [&](auto ok) {
    bool prev_digit = false;
    while (pos_ < src_.size() && (ok(src_[pos_]) || src_[pos_] == '_')) {
      if (src_[pos_] == '_') {
        if (!prev_digit || pos_ + 1 >= src_.size() || !ok(src_[pos_ + 1])) fail("SyntaxError: invalid numeric separator");
        prev_digit = false;
      } else {
        v += src_[pos_];
        prev_digit = true;
      }
      pos_++;
    }
  };
  char c = src_[pos_];
  std::string integer;  // the literal as a BigInt would take it: "0x1f", "0o17", "0b1", "12"
  if (c == '0' && pos_ + 1 < src_.size() && strchr("xXoObB", src_[pos_ + 1])) {
    char k = tolower(src_[pos_ + 1]);
    pos_ += 2;
    std::string d;
    digits([](char ch) { return isxdigit((unsigned char)ch) != 0; });
    d.swap(v);
    int base = k == 'x' ? 16 : k == 'o' ? 8 : 2;
    if (d.empty()) fail("SyntaxError: invalid number");
    for (char ch : d)
      if (hexval(ch) >= base) fail("SyntaxError: invalid digit in number");
    integer = std::string("0") + k + d;
    if (base == 16) {
      v = "0x" + d;
    } else {
      double n = 0;
      for (char ch : d) n = n * base + (ch - '0');
      char buf[64];
      snprintf(buf, sizeof buf, "%.17g", n);
      v = buf;
    }
  } else {
    if (c == '0' && pos_ + 1 < src_.size() && (src_[pos_ + 1] == '_' || isdigit((unsigned char)src_[pos_ + 1]))) {
      // Legacy octal (and 08/09) literals: no separators allowed.
      size_t b = pos_;
      while (pos_ < src_.size() && isdigit((unsigned char)src_[pos_])) pos_++;
      if (pos_ < src_.size() && src_[pos_] == '_') fail("SyntaxError: invalid numeric separator");
      v = std::string(src_.substr(b, pos_ - b));
      t.value = v;
      return;
    }
    digits([](char ch) { return isdigit((unsigned char)ch) != 0; });
    integer = v;
    if (pos_ < src_.size() && src_[pos_] == '.') {
      v += '.';
      integer.clear();
      pos_++;
      digits([](char ch) { return isdigit((unsigned char)ch) != 0; });
    }
    if (pos_ < src_.size() && (src_[pos_] == 'e' || src_[pos_] == 'E')) {
      v += 'e';
      integer.clear();
      pos_++;
      if (pos_ < src_.size() && (src_[pos_] == '+' || src_[pos_] == '-')) v += src_[pos_++];
      digits([](char ch) { return isdigit((unsigned char)ch) != 0; });
    }
  }
  if (pos_ < src_.size() && src_[pos_] == 'n') {
    // A BigInt literal is an integer with an n: no fraction, no exponent, no legacy octal.
    if (integer.empty()) fail("SyntaxError: invalid BigInt literal");
    pos_++;
    if (pos_ < src_.size() && id_start(src_[pos_])) fail("SyntaxError: invalid number");
    t.bigint = true;
    t.value = integer;
    return;
  }
  if (pos_ < src_.size() && id_start(src_[pos_])) fail("SyntaxError: invalid number");
  t.value = v;
}

void Lexer::string(Token& t, char q) {
  t.t = TokenKind::Str;
  pos_++;
  while (true) {
    if (pos_ >= src_.size() || src_[pos_] == '\n') fail("SyntaxError: unterminated string");
    char ch = src_[pos_];
    if (ch == q) {
      pos_++;
      break;
    }
    if (ch == '\\') {
      pos_++;
      if (pos_ < src_.size() && src_[pos_] == '\r') {
        pos_++;
        if (pos_ < src_.size() && src_[pos_] == '\n') {
          pos_++;
        }
        line_++;
        continue;
      }
      if (pos_ < src_.size() && src_[pos_] == '\n') line_++;
      if (pos_ < src_.size() && (src_[pos_] == 'u' || src_[pos_] == 'x')) {
        escape_check();
        continue;
      }
    }
    pos_++;
  }
}

// A \u or \x escape in a string literal must be whole (node refuses the literal otherwise);
// pos_ is at the u or x, and moves past the escape.
void Lexer::escape_check() {
  auto hex_at = [&](size_t p) { return p < src_.size() && hexval(src_[p]) >= 0; };
  if (src_[pos_] == 'x') {
    if (!hex_at(pos_ + 1) || !hex_at(pos_ + 2)) fail("SyntaxError: Invalid hexadecimal escape sequence");
    pos_ += 3;
    return;
  }
  pos_++;
  if (pos_ < src_.size() && src_[pos_] == '{') {
    size_t p = pos_ + 1;
    uint32_t cp = 0;
    while (hex_at(p) && cp <= 0x10FFFF) cp = cp * 16 + hexval(src_[p++]);
    if (p == pos_ + 1 || cp > 0x10FFFF || p >= src_.size() || src_[p] != '}')
      fail("SyntaxError: Invalid Unicode escape sequence");
    pos_ = p + 1;
    return;
  }
  for (int i = 0; i < 4; i++)
    if (!hex_at(pos_ + i)) fail("SyntaxError: Invalid Unicode escape sequence");
  pos_ += 4;
}

void Lexer::template_part(Token& t) {
  t.t = TokenKind::Template;
  std::string cooked, raw;
  for (;;) {
    if (pos_ >= src_.size()) fail("SyntaxError: unterminated template literal");
    char ch = src_[pos_];
    if (ch == '`') {
      pos_++;
      t.tail = true;
      break;
    }
    if (ch == '$' && pos_ + 1 < src_.size() && src_[pos_ + 1] == '{') {
      pos_ += 2;
      break;
    }
    if (ch == '\r') {
      pos_++;
      if (pos_ < src_.size() && src_[pos_] == '\n') pos_++;
      cooked += '\n';
      raw += '\n';
      line_++;
      continue;
    }
    if (ch == '\n') line_++;
    if (ch != '\\') {
      cooked += ch;
      raw += ch;
      pos_++;
      continue;
    }
    size_t b = pos_;
    pos_++;
    if (pos_ >= src_.size()) fail("SyntaxError: unterminated template literal");
    if (src_.compare(pos_, 2, "\xE2\x80") == 0 && pos_ + 2 < src_.size() &&
        (src_[pos_ + 2] == '\xA8' || src_[pos_ + 2] == '\xA9')) {
      // A line continuation by U+2028 or U+2029: nothing in the cooked value.
      pos_ += 3;
      raw.append(src_.substr(b, pos_ - b));
      continue;
    }
    char e = src_[pos_++];
    switch (e) {
      case 'n': cooked += '\n'; break;
      case 't': cooked += '\t'; break;
      case 'r': cooked += '\r'; break;
      case 'b': cooked += '\b'; break;
      case 'f': cooked += '\f'; break;
      case 'v': cooked += '\v'; break;
      case '0':
        if (pos_ < src_.size() && isdigit((unsigned char)src_[pos_])) t.bad_escape = true;
        cooked += '\0';
        break;
      case '1': case '2': case '3': case '4': case '5': case '6': case '7': case '8': case '9':
        t.bad_escape = true;
        cooked += e;
        break;
      case '\r':
        if (pos_ < src_.size() && src_[pos_] == '\n') pos_++;
        line_++;
        raw += "\\\n";
        continue;
      case '\n': line_++; break;
      case 'x': {
        int h1 = pos_ + 1 < src_.size() ? hexval(src_[pos_]) : -1;
        int h2 = h1 >= 0 ? hexval(src_[pos_ + 1]) : -1;
        if (h2 < 0) {
          t.bad_escape = true;
          break;
        }
        append_utf8(cooked, h1 * 16 + h2);
        pos_ += 2;
        break;
      }
      case 'u': {
        uint32_t cp = 0;
        if (pos_ < src_.size() && src_[pos_] == '{') {
          pos_++;
          bool ok = true;
          size_t digits = 0;
          while (pos_ < src_.size() && src_[pos_] != '}' && src_[pos_] != '`') {
            int h = hexval(src_[pos_++]);
            if (h < 0) ok = false;
            else cp = cp * 16 + h;
            digits++;
            if (cp > 0x10FFFF) ok = false;
          }
          if (pos_ < src_.size() && src_[pos_] == '}') pos_++;
          else ok = false;
          if (!ok || digits == 0) {
            t.bad_escape = true;
            break;
          }
        } else {
          bool ok = true;
          for (int i = 0; i < 4 && ok; i++) {
            int h = pos_ < src_.size() ? hexval(src_[pos_]) : -1;
            if (h < 0) ok = false;
            else {
              cp = cp * 16 + h;
              pos_++;
            }
          }
          if (!ok) {
            t.bad_escape = true;
            break;
          }
          if (cp >= 0xD800 && cp < 0xDC00 && pos_ + 5 < src_.size() && src_[pos_] == '\\' &&
              src_[pos_ + 1] == 'u') {
            uint32_t lo = 0;
            bool ok = true;
            for (int i = 0; i < 4; i++) {
              int h = hexval(src_[pos_ + 2 + i]);
              if (h < 0) ok = false;
              lo = lo * 16 + (h < 0 ? 0 : h);
            }
            if (ok && lo >= 0xDC00 && lo < 0xE000) {
              cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
              pos_ += 6;
            }
          }
        }
        append_utf8(cooked, cp);
        break;
      }
      default:
        cooked += e;
    }
    raw.append(src_.substr(b, pos_ - b));
  }
  t.value = std::move(cooked);
  t.raw = std::move(raw);
}

void Lexer::punct(Token& t) {
  // Longest match among the operators starting with this character.
  static const char* const ops[] = {">>>=", "...", "===", "!==", "**=", "<<=", ">>=", ">>>", "&&=",
                                    "||=",  "?\?=", "=>",  "==",  "!=",  "<=",  ">=",  "&&",  "||",
                                    "??",   "?.",  "++",  "--",  "+=",  "-=",  "*=",  "/=",  "%=",
                                    "&=",   "|=",  "^=",  "**",  "<<",  ">>"};
  static const auto table = [] {
    std::array<std::vector<std::string_view>, 128> t;
    for (const char* op : ops) t[(unsigned char)op[0]].push_back(op);
    return t;
  }();
  t.t = TokenKind::Punct;
  std::string_view rest = src_.substr(pos_);
  unsigned char c = rest[0];
  if (c < 128) {
    for (std::string_view op : table[c]) {
      if (rest.size() >= op.size() && rest.compare(0, op.size(), op) == 0) {
        if (op == "?." && rest.size() > 2 && isdigit((unsigned char)rest[2])) continue;
        pos_ += op.size();
        return;
      }
    }
  }
  if (!strchr("{}()[];,<>+-*/%&|^!~?:=.@#", rest[0])) fail(std::string("SyntaxError: unexpected character '") + rest[0] + "'");
  pos_++;
}

size_t Lexer::space_at(size_t p) const {
  unsigned char c = src_[p];
  if (c < 0xC2) return 0;
  auto at = [&](size_t i) -> unsigned char { return p + i < src_.size() ? (unsigned char)src_[p + i] : 0; };
  if (c == 0xC2 && at(1) == 0xA0) return 2;
  if (c == 0xEF && at(1) == 0xBB && at(2) == 0xBF) return 3;
  if (c == 0xE2 && at(1) == 0x80 && ((at(2) >= 0x80 && at(2) <= 0x8A) || at(2) == 0xA8 || at(2) == 0xA9 || at(2) == 0xAF)) return 3;
  if (c == 0xE2 && at(1) == 0x81 && at(2) == 0x9F) return 3;
  if (c == 0xE3 && at(1) == 0x80 && at(2) == 0x80) return 3;
  if (c == 0xE1 && at(1) == 0x9A && at(2) == 0x80) return 3;
  return 0;
}

// Moves past a \u escape in a name, checked whole (a cut one at the end of the source once
// sent the name's decoding past it).
void Lexer::skip_escape() {
  pos_++;
  if (pos_ >= src_.size() || src_[pos_] != 'u') fail("SyntaxError: invalid escape in identifier");
  escape_check();
}

std::string_view Lexer::unescape_name(size_t b, size_t e) {
  std::string out;
  for (size_t i = b; i < e; i++) {
    if (src_[i] != '\\') {
      out += src_[i];
      continue;
    }
    if (i + 1 >= e || src_[i + 1] != 'u') fail("SyntaxError: invalid escape in identifier");
    uint32_t cp = 0;
    i += 2;
    if (i < e && src_[i] == '{') {
      for (i++; i < e && src_[i] != '}'; i++) cp = cp * 16 + std::max(0, hexval(src_[i]));
    } else {
      for (int k = 0; k < 4 && i < e; k++, i++) cp = cp * 16 + std::max(0, hexval(src_[i]));
      i--;
    }
    append_utf8(out, cp);
  }
  names_.push_back(std::move(out));
  return names_.back();
}

}  // namespace oda::js
