// The lexer of the JavaScript parser: reads tokens on demand, leaving to the parser the two
// decisions only the grammar can make (a '/' that starts a regular expression, a '}' that
// continues a template).
#pragma once

#include <cstddef>
#include <cstdint>
#include <deque>
#include <string>
#include <string_view>

namespace oda::js {

// A syntax error at a line, thrown by the lexer and the parser, caught by parse_program.
struct ParseFailure {
  std::string msg;
  int line;
};

enum class TokenKind : uint8_t { Eof, Name, Num, Str, Punct, Template, Regex, Private };

struct Token {
  TokenKind t = TokenKind::Eof;
  std::string_view text;  // source text (Name, Num, Str, Punct, Private)
  std::string value;      // Num: cleaned digits; Template: cooked; Regex: body
  std::string raw;        // Template: raw; Regex: flags
  int line = 1;
  bool nl = false;        // a line terminator precedes it
  bool tail = false;      // Template: ends with a backquote
  bool escaped = false;   // Name: written with \u escapes (never a keyword then)
  bool bad_escape = false;  // Template: an escape only a tagged template may hold
  bool bigint = false;    // Num: a BigInt literal (value: its digits with their prefix, no n)
  size_t start = 0, end = 0;
  bool is(std::string_view p) const {
    return (t == TokenKind::Punct || t == TokenKind::Name) && text == p;
  }
};

// A reserved word: never a binding name (true, false and null included).
bool is_reserved(std::string_view name);

class Lexer {
 public:
  // Skips a leading #! line.
  explicit Lexer(std::string_view source);

  struct LexState {
    size_t pos;
    int line;
  };
  LexState save() const { return {pos_, line_}; }
  void restore(LexState s) {
    pos_ = s.pos;
    line_ = s.line;
  }
  // The next two characters after blanks and comments, without lexing a token.
  std::string_view peek_raw(bool* nl);

  // Throws ParseFailure on a malformed token.
  Token next() {
    Token t;
    next(t);
    return t;
  }
  // The same into t, reusing its strings' buffers (the parser's current token).
  void next(Token& t);
  // Re-reads the token at start as a regular expression literal.
  Token regex(const Token& at);
  // Continues a template after the '}' closing a substitution at position at.
  Token template_continue(const Token& at);

 private:
  [[noreturn]] void fail(const std::string& m) { throw ParseFailure{m, line_}; }
  bool skip_space();
  void number(Token& t);
  void string(Token& t, char q);
  void escape_check();
  void template_part(Token& t);
  void punct(Token& t);
  size_t space_at(size_t p) const;
  void skip_escape();
  bool scan_name_rest();
  std::string_view unescape_name(size_t b, size_t e);

  std::string_view src_;
  size_t pos_ = 0;
  int line_ = 1;
  std::deque<std::string> names_;  // unescaped identifiers the tokens point into
};

}  // namespace oda::js
