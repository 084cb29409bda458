// Turns an agent's program (modern JavaScript, the body of an async function) into the ES5
// that Duktape runs, keeping every statement on the line the agent wrote it on.
#pragma once

#include <string>
#include <string_view>

namespace oda::js {

struct LowerError {
  std::string message;  // "SyntaxError: arrow functions ... (line 3)": ready to show
  int line = 0;         // 1-based line of the program as written, 0 when unknown
};

// Lowers a whole program. The result is an ES5 program whose completion value is a
// function; calling it (no arguments) starts the program as an async function body and
// returns a promise of its return value. Line N of the source stays line N of the result.
// The result relies on the runtime prelude (__oda_async_call, __oda_await and friends).
bool lower_program(std::string_view source, std::string* out, LowerError* err);

// What the caller of a direct eval allows. The lowered call passes them to __oda_lower_eval
// as a number (lib/js/natives.cc), so the values are part of the runtime's interface.
enum class EvalFlags : unsigned {
  None = 0,
  // The top level's `this` is the value the caller stored in the global __oda_evthis (an
  // eval inside what was an arrow function).
  LexicalThis = 1,
  NewTarget = 2,       // new.target is allowed (inside a function)
  NoArguments = 4,     // `arguments` is not (inside a class field initializer)
  // The eval is in the defaults of parameters one of which is named `arguments` (no var of
  // that name).
  ArgumentsParam = 8,
  // The runtime's BigInt is loaded (BigInt values may reach the code): its operators are
  // lowered as in a program that mentions BigInt. Set by __oda_lower_eval, not by the caller.
  BigInt = 16,
};
constexpr EvalFlags operator|(EvalFlags a, EvalFlags b) { return EvalFlags(unsigned(a) | unsigned(b)); }
constexpr EvalFlags operator&(EvalFlags a, EvalFlags b) { return EvalFlags(unsigned(a) & unsigned(b)); }
constexpr EvalFlags& operator|=(EvalFlags& a, EvalFlags b) { return a = a | b; }
constexpr bool has(EvalFlags set, EvalFlags f) { return (set & f) != EvalFlags::None; }

// Lowers code run by eval (and the source the Function constructor builds): a script whose
// statements stay at the top level, so its var declarations and completion value are eval's.
// Temps are __te1, __te2... (never the caller's __t names). flags, for a direct eval, say
// what its caller allows; home, for an eval in a method, is the caller's super base (an
// expression of the caller's scope, "Object.getPrototypeOf(__t1)") that super.x reads.
bool lower_script(std::string_view source, std::string* out, LowerError* err,
                  EvalFlags flags = EvalFlags::None, std::string_view home = {},
                  std::string_view params = {});

}  // namespace oda::js
