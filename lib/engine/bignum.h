// BigInt arithmetic on decimal text, for the runtime's BigInts (lib/engine/runtime/51-bigint.js),
// whose value the engine keeps as its decimal text ("-123"; lib/engine/patches/0010). The
// operators of two BigInts are computed here: values below 2^127 in 128-bit
// machine arithmetic, any other over base-10^9 limbs (schoolbook product, Knuth's long
// division), so reading and writing the text is linear.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace oda::engine::bignum {

// kShl is a * 2^b, and floor(a / 2^-b) for a negative b (>> is << of the negated count).
enum class Op { kAdd, kSub, kMul, kDiv, kMod, kShl };

// A value: its sign and its magnitude in base-10^9 limbs, least significant first, with no
// top zero limb (zero has none and is never negative).
struct Big {
  bool negative = false;
  std::vector<uint32_t> limbs;
};

// The value of canonical decimal text: an optional '-', then digits without a leading zero
// ("0" alone for zero). False, out untouched, for anything else.
bool parse(std::string_view text, Big& out);
// The canonical decimal text of a value.
std::string text(const Big& v);

// a op b as canonical decimal text, both operands canonical decimal text (as parse takes).
// Division truncates toward zero and the remainder takes the dividend's sign, as BigInt's / and
// % do. False for a division by zero, operands that are not canonical, or a left shift past
// 2^(2^30).
bool compute(Op op, std::string_view a, std::string_view b, std::string& out);
// -1, 0 or 1 as a is below, equal to or above b (canonical decimal text both).
int compare(std::string_view a, std::string_view b);

// The fast path's values: below 2^127 in magnitude, in a machine integer.
// The value of canonical decimal text when it is such a value; false otherwise.
bool small128(std::string_view text, __int128& out);
// The most a value's text takes: a sign and 39 digits.
constexpr size_t kSmallTextMax = 40;
// The canonical decimal text of v (|v| < 2^127) written at out; its length.
size_t write_small(__int128 v, char* out);
// x op y when the result is again such a value (kShl: x * 2^y, floor(x / 2^-y) for a negative
// y); false for anything else (a division by zero among them), which compute() decides.
bool compute_small(Op op, __int128 x, __int128 y, __int128& r);

// On values: the operations compute() runs past 64 bits.
Big add(const Big& a, const Big& b);
Big sub(const Big& a, const Big& b);
Big mul(const Big& a, const Big& b);
// Quotient and remainder; false when b is zero.
bool divmod(const Big& a, const Big& b, Big* quotient, Big* remainder);

}  // namespace oda::engine::bignum
