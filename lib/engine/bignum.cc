#include "engine/bignum.h"

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <cstring>

namespace oda::engine::bignum {
namespace {

constexpr uint32_t kBase = 1000000000;  // 10^9: a limb is nine decimal digits
constexpr int kLimbDigits = 9;
using Limbs = std::vector<uint32_t>;

void trim(Limbs& m) {
  while (!m.empty() && m.back() == 0) m.pop_back();
}

int compare_mag(const Limbs& a, const Limbs& b) {
  if (a.size() != b.size()) return a.size() < b.size() ? -1 : 1;
  for (size_t i = a.size(); i-- > 0;) {
    if (a[i] != b[i]) return a[i] < b[i] ? -1 : 1;
  }
  return 0;
}

Limbs add_mag(const Limbs& a, const Limbs& b) {
  const Limbs& longer = a.size() >= b.size() ? a : b;
  const Limbs& shorter = a.size() >= b.size() ? b : a;
  Limbs r(longer.size() + 1);
  uint32_t carry = 0;
  for (size_t i = 0; i < longer.size(); i++) {
    uint32_t t = longer[i] + (i < shorter.size() ? shorter[i] : 0) + carry;  // below 2 * 10^9 + 1
    carry = t >= kBase;
    r[i] = carry ? t - kBase : t;
  }
  r[longer.size()] = carry;
  trim(r);
  return r;
}

// a - b for a >= b.
Limbs sub_mag(const Limbs& a, const Limbs& b) {
  Limbs r(a.size());
  uint32_t borrow = 0;
  for (size_t i = 0; i < a.size(); i++) {
    uint32_t s = (i < b.size() ? b[i] : 0) + borrow;
    borrow = a[i] < s;
    r[i] = borrow ? a[i] + kBase - s : a[i] - s;
  }
  trim(r);
  return r;
}

Limbs mul_mag(const Limbs& a, const Limbs& b) {
  if (a.empty() || b.empty()) return {};
  Limbs r(a.size() + b.size());
  for (size_t i = 0; i < a.size(); i++) {
    uint64_t carry = 0;
    for (size_t j = 0; j < b.size(); j++) {
      // below 10^9 + (10^9 - 1)^2 + 10^9: fits 64 bits
      uint64_t t = r[i + j] + uint64_t(a[i]) * b[j] + carry;
      r[i + j] = uint32_t(t % kBase);
      carry = t / kBase;
    }
    for (size_t k = i + b.size(); carry != 0; k++) {
      uint64_t t = r[k] + carry;
      r[k] = uint32_t(t % kBase);
      carry = t / kBase;
    }
  }
  trim(r);
  return r;
}

// m * f for a small factor (f < kBase).
Limbs mul_small(const Limbs& m, uint32_t f) {
  Limbs r(m.size() + 1);
  uint64_t carry = 0;
  for (size_t i = 0; i < m.size(); i++) {
    uint64_t t = uint64_t(m[i]) * f + carry;
    r[i] = uint32_t(t % kBase);
    carry = t / kBase;
  }
  r[m.size()] = uint32_t(carry);
  trim(r);
  return r;
}

// Quotient of m by a small divisor (0 < d < kBase), the remainder in rem.
Limbs div_small(const Limbs& m, uint32_t d, uint32_t& rem) {
  Limbs q(m.size());
  uint64_t r = 0;
  for (size_t i = m.size(); i-- > 0;) {
    uint64_t t = r * kBase + m[i];
    q[i] = uint32_t(t / d);
    r = t % d;
  }
  trim(q);
  rem = uint32_t(r);
  return q;
}

// Long division of magnitudes, b not zero (Knuth, TAOCP vol. 2, 4.3.1, algorithm D, in base
// 10^9: both scaled so the divisor's top limb is at least half the base, each quotient limb
// guessed from the top two limbs and corrected at most twice).
void divmod_mag(const Limbs& a, const Limbs& b, Limbs& q, Limbs& r) {
  if (compare_mag(a, b) < 0) {
    q.clear();
    r = a;
    return;
  }
  if (b.size() == 1) {
    uint32_t rem = 0;
    q = div_small(a, b[0], rem);
    r.clear();
    if (rem != 0) r.push_back(rem);
    return;
  }
  const uint32_t scale = kBase / (b.back() + 1);
  Limbs u = mul_small(a, scale), v = mul_small(b, scale);
  const size_t n = v.size();
  u.resize(a.size() + 1, 0);  // one limb above the dividend's, as step D1 has it
  const size_t m = u.size() - n - 1;
  q.assign(m + 1, 0);
  const uint64_t vtop = v[n - 1], vnext = v[n - 2];
  for (size_t j = m + 1; j-- > 0;) {
    uint64_t top = uint64_t(u[j + n]) * kBase + u[j + n - 1];
    uint64_t qhat = top / vtop, rhat = top % vtop;
    while (qhat >= kBase || qhat * vnext > rhat * kBase + u[j + n - 2]) {
      qhat--;
      rhat += vtop;
      if (rhat >= kBase) break;
    }
    // u[j .. j+n] -= qhat * v
    int64_t borrow = 0;
    uint64_t carry = 0;
    for (size_t i = 0; i < n; i++) {
      uint64_t p = qhat * v[i] + carry;
      carry = p / kBase;
      int64_t t = int64_t(u[i + j]) - int64_t(p % kBase) - borrow;
      borrow = t < 0;
      u[i + j] = uint32_t(t < 0 ? t + kBase : t);
    }
    int64_t t = int64_t(u[j + n]) - int64_t(carry) - borrow;
    borrow = t < 0;
    u[j + n] = uint32_t(t < 0 ? t + kBase : t);
    if (borrow) {  // qhat was one too many: add v back
      qhat--;
      uint32_t c = 0;
      for (size_t i = 0; i < n; i++) {
        uint32_t s = u[i + j] + v[i] + c;
        c = s >= kBase;
        u[i + j] = c ? s - kBase : s;
      }
      u[j + n] = uint32_t((uint64_t(u[j + n]) + c) % kBase);
    }
    q[j] = uint32_t(qhat);
  }
  trim(q);
  u.resize(n);
  trim(u);
  uint32_t rem = 0;
  r = div_small(u, scale, rem);
}

Big make(bool negative, Limbs limbs) {
  Big b;
  b.negative = negative && !limbs.empty();
  b.limbs = std::move(limbs);
  return b;
}

// Canonical decimal text of at most 18 digits as a machine integer.
bool small(std::string_view text, int64_t& out) {
  bool negative = !text.empty() && text[0] == '-';
  size_t digits = text.size() - negative;
  if (digits == 0 || digits > 18 || (text[negative] == '0' && (digits > 1 || negative))) return false;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
  return ec == std::errc() && end == text.data() + text.size();
}

constexpr uint64_t kTen19 = 10000000000000000000ULL;  // 19 digits fit 64 bits

// Up to 19 decimal digits (they fit 64 bits) as a number; false for anything not a digit.
bool digits64(const char* p, size_t n, uint64_t& out) {
  uint64_t v = 0;
  for (size_t i = 0; i < n; i++) {
    unsigned digit = unsigned(p[i] - '0');
    if (digit > 9) return false;
    v = v * 10 + digit;
  }
  out = v;
  return true;
}

// The digits 00 to 99, two characters each: the digits of a number are written two at a
// time (a 64-bit division by a constant is a multiplication; a digit at a time took twice
// the steps).
struct DigitPairs {
  char d[200];
  constexpr DigitPairs() : d() {
    for (int i = 0; i < 100; i++) {
      d[2 * i] = char('0' + i / 10);
      d[2 * i + 1] = char('0' + i % 10);
    }
  }
};
constexpr DigitPairs kPairs;

void four_digits(uint32_t x, char* out) {  // x < 10^4, zeros in front
  std::memcpy(out, kPairs.d + 2 * (x / 100), 2);
  std::memcpy(out + 2, kPairs.d + 2 * (x % 100), 2);
}

// The 20 digits of n, zeros in front (every 64-bit value is below 10^20).
void twenty_digits(uint64_t n, char* out) {
  constexpr uint64_t kTen8 = 100000000, kTen16 = kTen8 * kTen8;
  uint64_t rest = n % kTen16;
  uint32_t a = uint32_t(rest / kTen8), b = uint32_t(rest % kTen8);
  four_digits(uint32_t(n / kTen16), out);
  four_digits(a / 10000, out + 4);
  four_digits(a % 10000, out + 8);
  four_digits(b / 10000, out + 12);
  four_digits(b % 10000, out + 16);
}

// How many of twenty digits are leading zeros, the last digit always kept.
size_t leading_zeros(const char* digits) {
  size_t i = 0;
  while (i < 19 && digits[i] == '0') i++;
  return i;
}

// The text of a 128-bit value other than the most negative.
std::string text_of(__int128 v) {
  char buf[kSmallTextMax];
  return std::string(buf, write_small(v, buf));
}

}  // namespace

bool small128(std::string_view text, __int128& out) {
  bool negative = !text.empty() && text[0] == '-';
  std::string_view d = text.substr(negative);
  if (d.empty() || d.size() > 39 || (d[0] == '0' && (d.size() > 1 || negative))) return false;
  size_t split = d.size() > 19 ? d.size() - 19 : 0;
  uint64_t top = 0, hi = 0, lo = 0;
  // 39 digits: the first apart, so the next 19 fit 64 bits.
  size_t first = split > 19 ? 1 : 0;
  if (!digits64(d.data(), first, top) || !digits64(d.data() + first, split - first, hi) ||
      !digits64(d.data() + split, d.size() - split, lo) || top > 1)  // 2 * 10^38 is past 2^127
    return false;
  unsigned __int128 m = (static_cast<unsigned __int128>(top) * 10000000000000000000ULL + hi) * kTen19 + lo;
  if (m >> 127) return false;
  out = negative ? -static_cast<__int128>(m) : static_cast<__int128>(m);
  return true;
}

size_t write_small(__int128 v, char* out) {
  char* p = out;
  if (v < 0) *p++ = '-';
  unsigned __int128 m = v < 0 ? -static_cast<unsigned __int128>(v) : static_cast<unsigned __int128>(v);
  char high[20], low[20];
  if (m < kTen19) {
    twenty_digits(static_cast<uint64_t>(m), low);
    size_t skip = leading_zeros(low);
    std::memcpy(p, low + skip, 20 - skip);
    return size_t(p - out) + 20 - skip;
  }
  // |v| < 2^127, so the part above the low 19 digits fits 64 bits: one 128-bit division.
  uint64_t q = static_cast<uint64_t>(m / kTen19), r = static_cast<uint64_t>(m - static_cast<unsigned __int128>(q) * kTen19);
  twenty_digits(q, high);
  twenty_digits(r, low);  // below 10^19: its first digit is a zero
  size_t skip = leading_zeros(high);
  std::memcpy(p, high + skip, 20 - skip);
  p += 20 - skip;
  std::memcpy(p, low + 1, 19);
  return size_t(p + 19 - out);
}

bool compute_small(Op op, __int128 x, __int128 y, __int128& r) {
  switch (op) {
    case Op::kAdd: if (__builtin_add_overflow(x, y, &r)) return false; break;
    case Op::kSub: if (__builtin_sub_overflow(x, y, &r)) return false; break;
    case Op::kMul: if (__builtin_mul_overflow(x, y, &r)) return false; break;
    case Op::kDiv:  // |x| < 2^127: never the one overflowing quotient
      if (y == 0) return false;
      r = x / y;
      break;
    case Op::kMod:
      if (y == 0) return false;
      r = x % y;
      break;
    case Op::kShl:
      if (y <= -127) {  // every bit shifted out: >> rounds toward -infinity
        r = x < 0 ? -1 : 0;
      } else if (y < 0) {  // the arithmetic shift of the two's complement rounds the same way
        r = x >> -y;
      } else {
        // |x| below 2^(126 - y): the product stays clear of the sign bit.
        unsigned __int128 m = x < 0 ? -static_cast<unsigned __int128>(x) : static_cast<unsigned __int128>(x);
        if (y >= 126 || (m >> (126 - y)) != 0) return false;
        __int128 p = static_cast<__int128>(m << y);
        r = x < 0 ? -p : p;
      }
      break;
  }
  // The most negative 128-bit value has no positive twin for write_small.
  return r != -static_cast<__int128>((static_cast<unsigned __int128>(1) << 127) - 1) - 1;
}

namespace {

// a op b when both operands and the result fit 128 bits; false to take the long way.
bool compute128(Op op, __int128 x, __int128 y, std::string& out) {
  __int128 r = 0;
  if (op == Op::kShl || !compute_small(op, x, y, r)) return false;
  out = text_of(r);
  return true;
}

}  // namespace

bool parse(std::string_view s, Big& out) {
  bool negative = !s.empty() && s[0] == '-';
  std::string_view digits = negative ? s.substr(1) : s;
  if (digits.empty() || (digits[0] == '0' && (digits.size() > 1 || negative))) return false;
  for (char c : digits) {
    if (c < '0' || c > '9') return false;
  }
  Limbs limbs;
  limbs.reserve(digits.size() / kLimbDigits + 1);
  for (size_t end = digits.size(); end > 0;) {
    size_t start = end > size_t(kLimbDigits) ? end - kLimbDigits : 0;
    uint32_t limb = 0;
    for (size_t i = start; i < end; i++) limb = limb * 10 + uint32_t(digits[i] - '0');
    limbs.push_back(limb);
    end = start;
  }
  trim(limbs);
  out = make(negative, std::move(limbs));
  return true;
}

std::string text(const Big& v) {
  if (v.limbs.empty()) return "0";
  std::string out = v.negative ? "-" : "";
  out.reserve(out.size() + v.limbs.size() * kLimbDigits);
  out += std::to_string(v.limbs.back());
  char buf[kLimbDigits];
  for (size_t i = v.limbs.size() - 1; i-- > 0;) {
    uint32_t limb = v.limbs[i];
    for (int k = kLimbDigits; k-- > 0;) {
      buf[k] = char('0' + limb % 10);
      limb /= 10;
    }
    out.append(buf, kLimbDigits);
  }
  return out;
}

Big add(const Big& a, const Big& b) {
  if (a.negative == b.negative) return make(a.negative, add_mag(a.limbs, b.limbs));
  int c = compare_mag(a.limbs, b.limbs);
  if (c == 0) return Big{};
  return c > 0 ? make(a.negative, sub_mag(a.limbs, b.limbs)) : make(b.negative, sub_mag(b.limbs, a.limbs));
}

Big sub(const Big& a, const Big& b) {
  Big minus_b = make(!b.negative, b.limbs);
  return add(a, minus_b);
}

Big mul(const Big& a, const Big& b) {
  return make(a.negative != b.negative, mul_mag(a.limbs, b.limbs));
}

bool divmod(const Big& a, const Big& b, Big* quotient, Big* remainder) {
  if (b.limbs.empty()) return false;
  Limbs q, r;
  divmod_mag(a.limbs, b.limbs, q, r);
  if (quotient != nullptr) *quotient = make(a.negative != b.negative, std::move(q));
  if (remainder != nullptr) *remainder = make(a.negative, std::move(r));
  return true;
}

namespace {

// 2^n.
Big power_of_two(uint64_t n) {
  Big result, square;
  result.limbs = {1};
  square.limbs = {2};
  for (; n != 0; n >>= 1) {
    if (n & 1) result = mul(result, square);
    if (n > 1) square = mul(square, square);
  }
  return result;
}

bool shift(std::string_view a, std::string_view b, std::string& out) {
  int64_t n = 0;
  bool negative_a = !a.empty() && a[0] == '-';
  if (!small(b, n)) {  // a count past 18 digits: only a right shift can be asked
    if (b.empty() || b[0] != '-') return false;
    out = negative_a ? "-1" : "0";
    return true;
  }
  if (n > (int64_t(1) << 30)) return false;
  __int128 x = 0;
  if (small128(a, x)) {
    if (n < 0) {  // >> rounds toward -infinity, as the arithmetic shift of the two's complement
      out = text_of(n <= -127 ? (x < 0 ? -1 : 0) : x >> -n);
      return true;
    }
    // |x| below 2^(126 - n): the product stays clear of the sign bit.
    unsigned __int128 m = x < 0 ? -static_cast<unsigned __int128>(x) : static_cast<unsigned __int128>(x);
    if (n < 126 && (m >> (126 - n)) == 0) {
      __int128 p = static_cast<__int128>(m << n);
      out = text_of(x < 0 ? -p : p);
      return true;
    }
  }
  if (n >= 0) {
    Big u;
    if (!parse(a, u)) return false;
    out = text(mul(u, power_of_two(uint64_t(n))));
    return true;
  }
  uint64_t k = uint64_t(-n);
  size_t digits = a.size() - negative_a;
  if (k > 4 * digits) {  // every bit shifted out (a has fewer than 3.33 bits a digit)
    out = negative_a ? "-1" : "0";
    return true;
  }
  Big u, q, r;
  if (!parse(a, u)) return false;
  divmod(u, power_of_two(k), &q, &r);
  if (negative_a && !r.limbs.empty()) q = sub(q, Big{false, {1}});  // toward -infinity
  out = text(q);
  return true;
}

}  // namespace

bool compute(Op op, std::string_view a, std::string_view b, std::string& out) {
  if (op == Op::kShl) return shift(a, b, out);
  __int128 x = 0, y = 0;
  if (small128(a, x) && small128(b, y)) {
    if ((op == Op::kDiv || op == Op::kMod) && y == 0) return false;
    if (compute128(op, x, y, out)) return true;
  }
  Big u, v;
  if (!parse(a, u) || !parse(b, v)) return false;
  switch (op) {
    case Op::kAdd: out = text(add(u, v)); return true;
    case Op::kSub: out = text(sub(u, v)); return true;
    case Op::kMul: out = text(mul(u, v)); return true;
    case Op::kDiv:
    case Op::kMod: {
      Big q, r;
      if (!divmod(u, v, op == Op::kDiv ? &q : nullptr, op == Op::kMod ? &r : nullptr)) return false;
      out = text(op == Op::kDiv ? q : r);
      return true;
    }
    case Op::kShl: break;
  }
  return false;
}

int compare(std::string_view a, std::string_view b) {
  bool an = !a.empty() && a[0] == '-', bn = !b.empty() && b[0] == '-';
  if (an != bn) return an ? -1 : 1;
  std::string_view ad = an ? a.substr(1) : a, bd = bn ? b.substr(1) : b;
  int c = ad.size() != bd.size() ? (ad.size() < bd.size() ? -1 : 1) : ad.compare(bd) < 0 ? -1 : ad.compare(bd) > 0 ? 1 : 0;
  return an ? -c : c;
}

}  // namespace oda::engine::bignum
