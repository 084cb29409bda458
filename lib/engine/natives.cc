// The runtime's natives: hidden property keys for the prelude, the kernel's random bytes and
// clock, Promise (promise.cc), Map and Set (collections.cc) and the PCRE2-backed RegExp
// engine (regexp.cc), registered on the global object before the prelude runs.
#include "engine/natives.h"

#include <duktape.h>
#include <sys/random.h>

#include <cerrno>
#include <cmath>
#include <charconv>
#include <cstdint>
#include <cstring>
#include <string>

#include "js/lower.h"
#include "engine/bignum.h"
#include "engine/collections.h"
#include "engine/promise.h"
#include "engine/regexp_natives.h"
#include "engine/segment.h"
#include "sys/clock.h"

extern "C" int oda_duk_make_method(void* ctx, int idx);  // lib/engine/duk_extra.c
extern "C" int oda_duk_concat_piece(void* ctx, int idx, const char** bytes, size_t* len,
                                    double* num);  // lib/engine/duk_extra.c
extern "C" int oda_duk_is_sloppy_function(void* ctx, int idx);  // lib/engine/duk_extra.c
extern "C" int oda_duk_define_data(void* ctx);  // lib/engine/duk_extra.c
extern "C" int oda_duk_private_define(void* ctx, int base);  // lib/engine/duk_extra.c
extern "C" int oda_duk_bigint_unwrap(void* ctx, int idx);  // lib/engine/duk_extra.c
extern "C" const char* oda_duk_bigint_text(void* ctx, int idx, size_t* len);  // lib/engine/duk_extra.c
extern "C" void oda_duk_push_bigint(void* ctx, const char* text, size_t len, void* proto,
                                    void* key);  // lib/engine/duk_extra.c
extern "C" void oda_duk_push_bigint_small(void* ctx, unsigned long long lo, unsigned long long hi,
                                          void* proto);  // lib/engine/duk_extra.c
extern "C" int oda_duk_bigint_value(void* ctx, int idx, unsigned long long* w);  // lib/engine/duk_extra.c
extern "C" int oda_duk_bigint_pair(void* ctx, unsigned long long* w);  // lib/engine/duk_extra.c
extern "C" void oda_duk_push_bigint_small_like(void* ctx, unsigned long long lo,
                                               unsigned long long hi);  // lib/engine/duk_extra.c
extern "C" void* oda_duk_heap_of(void* ctx);  // lib/engine/duk_extra.c
extern "C" int oda_duk_push_dense(void* ctx, int idx, unsigned int i);  // lib/engine/duk_extra.c
extern "C" int oda_duk_sorts_after(void* ctx, int arr_idx, int cmp_idx, unsigned a, unsigned b);  // duk_extra.c
extern "C" void oda_duk_from_like(void* ctx);  // lib/engine/duk_extra.c
extern "C" int oda_duk_permute_dense(void* ctx, int idx, unsigned* perm, unsigned n);  // duk_extra.c
extern "C" int oda_duk_push_defined_values(void* ctx, int idx, double len);  // duk_extra.c
extern "C" unsigned oda_duk_write_dense(void* ctx, int o_idx, int items_idx, unsigned n);  // duk_extra.c
extern "C" int oda_duk_push_caller(void* ctx);  // lib/engine/duk_extra.c
extern "C" int oda_duk_bind_env(void* ctx);  // lib/engine/duk_extra.c
extern "C" const char* oda_duk_push_v8_name(void* ctx, int idx);  // lib/engine/duk_extra.c

namespace oda::engine {
namespace {

// __oda_make_method(fn): fn (a function the prelude wrote) becomes a non-constructor with no
// `prototype`, as built-in methods are; returns fn.
duk_ret_t make_method(duk_context* ctx) {
  oda_duk_make_method(ctx, 0);
  duk_dup(ctx, 0);
  return 1;
}

// Whether the program uses BigInt (its lowered form starts with __oda_BI.use()): from then
// on eval and Function code is lowered for BigInt values (js::EvalFlags::BigInt).
bool bigint_used = false;

// What the BigInt natives keep in the global stash: the runtime's BigInt prototype, the
// hidden key of a BigInt's text, and the runtime's operators (the JS ones, which the native
// ones call for any operand but a BigInt or a number).
constexpr const char kBigintProto[] = "oda_bigint_proto";
constexpr const char kBigintKey[] = "oda_bigint_key";
constexpr const char kBigintSlow[] = "oda_bigint_slow";

// The native operators of __oda_BI, by magic; kOpNames their names in the runtime's table.
enum BigOp { kAdd, kSub, kMul, kDiv, kMod, kLt, kGt, kLe, kGe, kEq, kNe, kShl, kShr, kInc, kDec, kNumeric,
             kPow, kAnd, kOr, kXor, kNeg, kNot, kBigOps };
constexpr const char* kOpNames[kBigOps] = {"add", "sub", "mul", "div", "mod", "lt",  "gt",  "le",
                                           "ge",  "eq",  "ne",  "shl", "shr", "inc", "dec", "numeric",
                                           "pow", "and", "or",  "xor", "neg", "not"};
// The operators of one operand.
constexpr bool unary(int op) { return op == kInc || op == kDec || op == kNumeric || op == kNeg || op == kNot; }

// The stash's values as heap pointers, for the heap they were read from: a property read
// costs hundreds of instructions, a BigInt operator used to take several. The stash keeps
// them reachable; a worker started from the heap image starts with none (read on first use),
// and mode 4 of __oda_bigint sets them again.
struct BigintCache {
  void* heap = nullptr;
  void* proto = nullptr;
  void* key = nullptr;
  void* slow[kBigOps] = {};
} g_bigint;

void* stash_ptr(duk_context* ctx, const char* name, int index = -1) {
  duk_push_global_stash(ctx);
  duk_get_prop_string(ctx, -1, name);
  if (index >= 0) {  // none before mode 4 (BigInts are made before the operators are native)
    if (duk_is_object(ctx, -1)) duk_get_prop_index(ctx, -1, duk_uarridx_t(index));
    else duk_push_undefined(ctx);
  }
  void* p = duk_get_heapptr(ctx, -1);
  duk_pop_n(ctx, index >= 0 ? 3 : 2);
  return p;
}

BigintCache& bigint_cache(duk_context* ctx) {
  void* heap = oda_duk_heap_of(ctx);
  if (g_bigint.heap != heap) {
    g_bigint = BigintCache{heap};
    g_bigint.proto = stash_ptr(ctx, kBigintProto);
    g_bigint.key = stash_ptr(ctx, kBigintKey);
    for (int i = 0; i < kBigOps; i++) g_bigint.slow[i] = stash_ptr(ctx, kBigintSlow, i);
  }
  return g_bigint;
}

duk_ret_t bigint_fast(duk_context* ctx);

// __oda_BI's operators as C functions (mode 4): the runtime's JS ones stay as their slow
// paths in the stash, and each name in ops becomes a native of its magic.
void install_native_ops(duk_context* ctx, duk_idx_t ops) {
  duk_push_global_stash(ctx);
  duk_push_array(ctx);
  for (int i = 0; i < kBigOps; i++) {
    duk_get_prop_string(ctx, ops, kOpNames[i]);
    duk_put_prop_index(ctx, -2, duk_uarridx_t(i));
  }
  duk_put_prop_string(ctx, -2, kBigintSlow);
  duk_pop(ctx);
  g_bigint = BigintCache{};
  for (int i = 0; i < kBigOps; i++) {
    duk_push_c_function(ctx, bigint_fast, unary(i) ? 1 : 2);
    duk_set_magic(ctx, -1, i);
    duk_put_prop_string(ctx, ops, kOpNames[i]);
  }
}

// A new BigInt of the value v (|v| < 2^127): its text is written when it is asked for
// (lib/engine/patches/0085).
void push_small(duk_context* ctx, __int128 v) {
  auto u = static_cast<unsigned __int128>(v);
  oda_duk_push_bigint_small(ctx, static_cast<uint64_t>(u), static_cast<uint64_t>(u >> 64), bigint_cache(ctx).proto);
}

// push_small when the value at 0 is a BigInt, whose prototype the new one takes (no look-up
// of the stash's).
void push_small_like(duk_context* ctx, __int128 v) {
  auto u = static_cast<unsigned __int128>(v);
  oda_duk_push_bigint_small_like(ctx, static_cast<uint64_t>(u), static_cast<uint64_t>(u >> 64));
}

// A new BigInt of text (canonical decimal): a small one for a value below 2^127, as every
// such value must be (equality compares small ones by value), else one holding the text.
void push_bigint(duk_context* ctx, std::string_view text) {
  __int128 v = 0;
  if (bignum::small128(text, v)) return push_small(ctx, v);
  BigintCache& c = bigint_cache(ctx);
  oda_duk_push_bigint(ctx, text.data(), text.size(), c.proto, c.key);
}

// The BigInt at idx: 1 with v its value when that is below 2^127, 0 for another BigInt, -1
// for any other value.
int bigint_at(duk_context* ctx, duk_idx_t idx, __int128& v) {
  unsigned long long w[2];
  int r = oda_duk_bigint_value(ctx, idx, w);
  if (r == 1) v = static_cast<__int128>((static_cast<unsigned __int128>(w[1]) << 64) | w[0]);
  return r;
}

// BigInt.asUintN(bits, x) (signed: asIntN) of a small x pushed when the result is small too
// (bits an integer from 0, as the runtime's toIndex gives it); false to take the JS path.
bool as_bits(duk_context* ctx, __int128 x, double bits, bool is_signed) {
  if (bits >= 128) {  // x itself, but for a negative x's unsigned form (2^bits + x)
    if (!is_signed && x < 0) return false;
    push_small(ctx, x);
    return true;
  }
  int n = static_cast<int>(bits);
  if (n == 0) {
    push_small(ctx, 0);
    return true;
  }
  auto m = static_cast<unsigned __int128>(x) & ((static_cast<unsigned __int128>(1) << n) - 1);  // below 2^127
  __int128 r = static_cast<__int128>(m);
  if (is_signed && (m >> (n - 1)) != 0) r = static_cast<__int128>(m - (static_cast<unsigned __int128>(1) << n));  // m - 2^n
  push_small(ctx, r);
  return true;
}

// __oda_bigint(v, mode): mode 1 gives the decimal text of the BigInt v; mode 5 a new BigInt of
// v, canonical decimal text (lib/engine/runtime/51-bigint.js makes every BigInt so); modes 6
// and 7 BigInt.asUintN and asIntN of the BigInt v to the bits of the third argument, or
// undefined when the runtime's JS computes it (a value past 2^127); mode 0
// gives the BigInt that the wrapper object v (Object(1n)) holds, or undefined; mode 2 says the
// program uses BigInt; mode 3 keeps v as the prototype of the BigInts made here; mode 4 makes
// the operators of v (__oda_BI) native.
duk_ret_t bigint_native(duk_context* ctx) {
  int mode = duk_get_int(ctx, 1);
  if (mode == 2) {
    bigint_used = true;
    return 0;
  }
  if (mode == 3) {
    duk_push_global_stash(ctx);
    duk_dup(ctx, 0);
    duk_put_prop_string(ctx, -2, kBigintProto);
    duk_push_lstring(ctx, "\xFF" "oda_bit", 8);  // the text's hidden key (duk_extra.c's too)
    duk_put_prop_string(ctx, -2, kBigintKey);
    duk_pop(ctx);
    g_bigint = BigintCache{};
    return 0;
  }
  if (mode == 4) {
    install_native_ops(ctx, 0);
    return 0;
  }
  if (mode == 1) {
    size_t n = 0;
    const char* text = oda_duk_bigint_text(ctx, 0, &n);
    if (text == nullptr) return duk_error(ctx, DUK_ERR_TYPE_ERROR, "not a BigInt");
    duk_push_lstring(ctx, text, n);
    return 1;
  }
  if (mode == 6 || mode == 7) {
    __int128 x = 0;
    if (bigint_at(ctx, 0, x) != 1 || !duk_is_number(ctx, 2)) return 0;
    return as_bits(ctx, x, duk_get_number(ctx, 2), mode == 7) ? 1 : 0;
  }
  if (mode == 5) {
    size_t n = 0;
    const char* text = duk_require_lstring(ctx, 0, &n);
    push_bigint(ctx, {text, n});
    return 1;
  }
  return oda_duk_bigint_unwrap(ctx, 0) ? 1 : 0;
}

constexpr __int128 kSmallMin = -static_cast<__int128>((static_cast<unsigned __int128>(1) << 127) - 1) - 1;

// r pushed when it is a small value (not -2^127); false otherwise. The value at 0 is a BigInt
// (as for small_pow and small_pair).
bool push_small_checked(duk_context* ctx, __int128 r) {
  if (r == kSmallMin) return false;
  push_small_like(ctx, r);
  return true;
}

// x ** y pushed when y is not negative and the result stays below 2^127; false otherwise (the
// JS path throws for a negative exponent and computes the rest).
bool small_pow(duk_context* ctx, __int128 x, __int128 y) {
  if (y < 0) return false;
  __int128 r = 1, base = x;
  if (x == 0 || x == 1) r = y == 0 ? 1 : x;
  else if (x == -1) r = (y & 1) ? -1 : 1;
  else if (y > 127) return false;
  else {
    for (;;) {  // square and multiply; each step's overflow refuses
      if ((y & 1) && !bignum::compute_small(bignum::Op::kMul, r, base, r)) return false;
      y >>= 1;
      if (y == 0) break;
      if (!bignum::compute_small(bignum::Op::kMul, base, base, base)) return false;
    }
  }
  push_small_like(ctx, r);
  return true;
}

// The operators of two BigInts below 2^127, pushed when the result is one too (or a
// comparison's boolean); false to take the general path (which also throws what there is to
// throw).
bool small_pair(duk_context* ctx, int op, __int128 x, __int128 y) {
  bignum::Op bop;
  switch (op) {
    case kAdd: bop = bignum::Op::kAdd; break;
    case kSub: bop = bignum::Op::kSub; break;
    case kMul: bop = bignum::Op::kMul; break;
    case kDiv: bop = bignum::Op::kDiv; break;
    case kMod: bop = bignum::Op::kMod; break;
    case kShl: bop = bignum::Op::kShl; break;
    case kShr: bop = bignum::Op::kShl; y = -y; break;
    case kLt: duk_push_boolean(ctx, x < y); return true;
    case kGt: duk_push_boolean(ctx, x > y); return true;
    case kLe: duk_push_boolean(ctx, x <= y); return true;
    case kGe: duk_push_boolean(ctx, x >= y); return true;
    case kEq: duk_push_boolean(ctx, x == y); return true;
    case kNe: duk_push_boolean(ctx, x != y); return true;
    // The two's complement of the 128 bits is the infinite one of values below 2^127; the
    // one result past them (-2^127) is no small value.
    case kAnd: return push_small_checked(ctx, x & y);
    case kOr: return push_small_checked(ctx, x | y);
    case kXor: return push_small_checked(ctx, x ^ y);
    case kPow: return small_pow(ctx, x, y);
    default: return false;
  }
  __int128 r = 0;
  if (!bignum::compute_small(bop, x, y, r)) return false;
  push_small_like(ctx, r);
  return true;
}

// a op b for two BigInts' texts (op: bignum's, where kShl is a * 2^b); false after pushing
// nothing when compute refuses (a division by zero, a shift too far).
bool push_computed(duk_context* ctx, bignum::Op op, std::string_view a, std::string_view b) {
  // Static: nothing owning lives on the C++ stack when Duktape pushes (or throws).
  static std::string out;
  if (!bignum::compute(op, a, b, out)) return false;
  push_bigint(ctx, out);
  return true;
}

// A shift of the BigInt a by the count b (a BigInt) for << (left) or >>: the runtime's limits
// (a count past 10^7 bits left is node's RangeError, a 0n shifted is itself). Returns false
// for a count too long for this path (the JS one takes it).
bool push_shift(duk_context* ctx, std::string_view a, std::string_view b, bool left) {
  int64_t n = 0;
  if (b.size() > 12 || std::from_chars(b.data(), b.data() + b.size(), n).ec != std::errc()) return false;
  if (!left) n = -n;
  if (a == "0") {
    duk_dup(ctx, 0);
    return true;
  }
  if (n > 10000000) {
    (void)duk_error(ctx, DUK_ERR_RANGE_ERROR, "Maximum BigInt size exceeded");
    return true;
  }
  char count[24];
  auto end = std::to_chars(count, count + sizeof count, n).ptr;
  if (!push_computed(ctx, bignum::Op::kShl, a, std::string_view(count, size_t(end - count))))
    (void)duk_error(ctx, DUK_ERR_RANGE_ERROR, "Maximum BigInt size exceeded");
  return true;
}

// Two BigInts: the operator op of them pushed; false when op leaves them to the JS path.
bool bigint_pair(duk_context* ctx, int op, std::string_view a, std::string_view b) {
  switch (op) {
    case kAdd: return push_computed(ctx, bignum::Op::kAdd, a, b);
    case kSub: return push_computed(ctx, bignum::Op::kSub, a, b);
    case kMul: return push_computed(ctx, bignum::Op::kMul, a, b);
    case kDiv:
    case kMod:
      if (!push_computed(ctx, op == kDiv ? bignum::Op::kDiv : bignum::Op::kMod, a, b))
        (void)duk_error(ctx, DUK_ERR_RANGE_ERROR, "Division by zero");
      return true;
    case kLt: duk_push_boolean(ctx, bignum::compare(a, b) < 0); return true;
    case kGt: duk_push_boolean(ctx, bignum::compare(a, b) > 0); return true;
    case kLe: duk_push_boolean(ctx, bignum::compare(a, b) <= 0); return true;
    case kGe: duk_push_boolean(ctx, bignum::compare(a, b) >= 0); return true;
    case kEq: duk_push_boolean(ctx, a == b); return true;
    case kNe: duk_push_boolean(ctx, a != b); return true;
    case kShl: return push_shift(ctx, a, b, true);
    case kShr: return push_shift(ctx, a, b, false);
  }
  return false;
}

// Two numbers: the operator as the engine's own.
void number_pair(duk_context* ctx, int op, double x, double y) {
  switch (op) {
    case kAdd: duk_push_number(ctx, x + y); return;
    case kSub: duk_push_number(ctx, x - y); return;
    case kMul: duk_push_number(ctx, x * y); return;
    case kDiv: duk_push_number(ctx, x / y); return;
    case kMod: duk_push_number(ctx, std::fmod(x, y)); return;  // ES's % is C's fmod
    case kLt: duk_push_boolean(ctx, x < y); return;
    case kGt: duk_push_boolean(ctx, x > y); return;
    case kLe: duk_push_boolean(ctx, x <= y); return;
    case kGe: duk_push_boolean(ctx, x >= y); return;
    case kEq: duk_push_boolean(ctx, x == y); return;
    case kNe: duk_push_boolean(ctx, x != y); return;
    case kShl: duk_push_int(ctx, int32_t(uint32_t(duk_to_int32(ctx, 0)) << (duk_to_uint32(ctx, 1) & 31))); return;
    case kShr: duk_push_int(ctx, duk_to_int32(ctx, 0) >> (duk_to_uint32(ctx, 1) & 31)); return;
    case kAnd: duk_push_int(ctx, duk_to_int32(ctx, 0) & duk_to_int32(ctx, 1)); return;
    case kOr: duk_push_int(ctx, duk_to_int32(ctx, 0) | duk_to_int32(ctx, 1)); return;
    case kXor: duk_push_int(ctx, duk_to_int32(ctx, 0) ^ duk_to_int32(ctx, 1)); return;
  }
}

// An operator of __oda_BI (magic: which): two BigInts or two numbers here (but ** of two
// numbers), anything else (an object, a string, a mix, a BigInt past 2^127 for ** and the
// bitwise ones) through the runtime's JS operator, which converts and throws. ++ and -- (one
// operand) add or take one; numeric(v) is ToNumeric, a postfix one's value; neg and not are
// unary - and ~.
duk_ret_t bigint_fast(duk_context* ctx) {
  int op = duk_get_current_magic(ctx);
  size_t an = 0, bn = 0;
  __int128 x = 0, y = 0;
  if (op == kNumeric) {
    if (duk_is_number(ctx, 0) || bigint_at(ctx, 0, x) >= 0) {
      duk_dup(ctx, 0);
      return 1;
    }
  } else if (op == kInc || op == kDec) {
    if (duk_is_number(ctx, 0)) {
      duk_push_number(ctx, duk_get_number(ctx, 0) + (op == kInc ? 1 : -1));
      return 1;
    }
    int kind = bigint_at(ctx, 0, x);
    __int128 r = 0;
    if (kind == 1 && bignum::compute_small(bignum::Op::kAdd, x, op == kInc ? 1 : -1, r)) {
      push_small_like(ctx, r);
      return 1;
    }
    const char* a = kind >= 0 ? oda_duk_bigint_text(ctx, 0, &an) : nullptr;
    if (a != nullptr && push_computed(ctx, op == kInc ? bignum::Op::kAdd : bignum::Op::kSub, {a, an}, "1")) return 1;
  } else if (op == kNeg || op == kNot) {
    if (duk_is_number(ctx, 0)) {
      if (op == kNeg) duk_push_number(ctx, -duk_get_number(ctx, 0));
      else duk_push_int(ctx, ~duk_to_int32(ctx, 0));
      return 1;
    }
    int kind = bigint_at(ctx, 0, x);  // -x and ~x = -x - 1 of a small x are small but for ~(2^127 - 1)
    if (kind == 1 && push_small_checked(ctx, op == kNeg ? -x : -x - 1)) return 1;
  } else if (op != kPow && duk_is_number(ctx, 0) && duk_is_number(ctx, 1)) {
    number_pair(ctx, op, duk_get_number(ctx, 0), duk_get_number(ctx, 1));
    return 1;
  } else {
    unsigned long long w[4];
    int k = oda_duk_bigint_pair(ctx, w);
    if (k == 2 + 2 * 4) {  // both small
      x = static_cast<__int128>((static_cast<unsigned __int128>(w[1]) << 64) | w[0]);
      y = static_cast<__int128>((static_cast<unsigned __int128>(w[3]) << 64) | w[2]);
      if (small_pair(ctx, op, x, y)) return 1;
    }
    if ((k & 3) != 0 && (k >> 2) != 0) {  // both BigInts
      const char* a = oda_duk_bigint_text(ctx, 0, &an);
      const char* b = oda_duk_bigint_text(ctx, 1, &bn);
      if (bigint_pair(ctx, op, {a, an}, {b, bn})) return 1;
    }
  }
  duk_push_heapptr(ctx, bigint_cache(ctx).slow[op]);
  duk_idx_t n = duk_get_top(ctx) - 1;
  for (duk_idx_t i = 0; i < n; i++) duk_dup(ctx, i);
  duk_call(ctx, n);
  return 1;
}

// __oda_bigop(op, a, b): the operator op of two BigInts (0 +, 1 -, 2 *, 3 /, 4 %, 6 a * 2^b,
// or floor(a / 2^-b) for a negative b), or for 5 their order (-1, 0, 1), on their decimal
// texts (lib/engine/bignum.h). Division by 0n is node's RangeError.
duk_ret_t bigint_op(duk_context* ctx) {
  static constexpr bignum::Op kOps[] = {bignum::Op::kAdd, bignum::Op::kSub, bignum::Op::kMul, bignum::Op::kDiv,
                                         bignum::Op::kMod, bignum::Op::kAdd, bignum::Op::kShl};
  int op = duk_get_int(ctx, 0);
  __int128 x = 0, y = 0, r = 0;
  if (bigint_at(ctx, 1, x) == 1 && bigint_at(ctx, 2, y) == 1) {
    if (op == 5) {
      duk_push_int(ctx, x < y ? -1 : x > y ? 1 : 0);
      return 1;
    }
    if (op >= 0 && op <= 6 && bignum::compute_small(kOps[op], x, y, r)) {
      push_small(ctx, r);
      return 1;
    }
  }
  size_t an = 0, bn = 0;
  const char* a = oda_duk_bigint_text(ctx, 1, &an);
  const char* b = oda_duk_bigint_text(ctx, 2, &bn);
  if (a == nullptr || b == nullptr) return duk_error(ctx, DUK_ERR_TYPE_ERROR, "not a BigInt");
  if (op == 5) {
    duk_push_int(ctx, bignum::compare({a, an}, {b, bn}));
    return 1;
  }
  if (op < 0 || op > 6 || op == 5) return duk_error(ctx, DUK_ERR_RANGE_ERROR, "no such BigInt operator");
  if (!push_computed(ctx, kOps[op], {a, an}, {b, bn})) {
    return duk_error(ctx, DUK_ERR_RANGE_ERROR, op == 6 ? "Maximum BigInt size exceeded" : "Division by zero");
  }
  return 1;
}

// __oda_hidden_key(name): a Duktape hidden symbol, a property key that scripts can neither
// enumerate nor list, so the prelude can keep internal slots on any object.
duk_ret_t hidden_key(duk_context* ctx) {
  duk_size_t n = 0;
  const char* name = duk_require_lstring(ctx, 0, &n);
  // Built in a buffer: concatenating onto a symbol would be refused as symbol coercion.
  char buf[128] = "\xFF" "oda_";
  if (n > sizeof buf - 5) return duk_error(ctx, DUK_ERR_RANGE_ERROR, "hidden key name too long");
  std::memcpy(buf + 5, name, n);
  duk_push_lstring(ctx, buf, n + 5);
  return 1;
}

// __oda_lower_eval(src, flags, home, params): the ES5 that eval or the Function constructor should
// run for src (a script of modern JavaScript); anything but a string comes back unchanged.
// flags: what the calling function allows, from the lowering of a direct eval (js::lower_script);
// home: a method's super base, for super.x in the eval code; params: the names of the
// parameters whose defaults hold the eval (comma-separated), which its vars may not take.
// A syntax error is thrown as the SyntaxError the lowering names ("... (line N)" in src).
duk_ret_t lower_eval(duk_context* ctx) {
  if (!duk_is_string(ctx, 0)) {
    duk_dup(ctx, 0);
    return 1;
  }
  duk_size_t n = 0;
  const char* src = duk_get_lstring(ctx, 0, &n);
  int flags = duk_is_number(ctx, 1) ? duk_get_int(ctx, 1) & 15 : 0;
  duk_size_t home_n = 0;
  const char* home = duk_is_string(ctx, 2) ? duk_get_lstring(ctx, 2, &home_n) : "";
  duk_size_t params_n = 0;
  const char* params = duk_is_string(ctx, 3) ? duk_get_lstring(ctx, 3, &params_n) : "";
  if (bigint_used) flags |= static_cast<int>(js::EvalFlags::BigInt);
  // Static: nothing owning lives on the C++ stack when Duktape pushes (or throws).
  static std::string out;
  static js::LowerError err;
  bool ok = false;
  try {
    out.clear();
    ok = js::lower_script(std::string_view(src, n), &out, &err, static_cast<js::EvalFlags>(flags),
                          std::string_view(home, home_n), std::string_view(params, params_n));
  } catch (...) {
    err.message = "RangeError: out of memory while lowering";
  }
  if (ok) {
    duk_push_lstring(ctx, out.data(), out.size());
    return 1;
  }
  const char* msg = err.message.c_str();
  duk_errcode_t code = DUK_ERR_SYNTAX_ERROR;
  if (std::strncmp(msg, "SyntaxError: ", 13) == 0) msg += 13;
  else if (std::strncmp(msg, "RangeError: ", 12) == 0) msg += 12, code = DUK_ERR_RANGE_ERROR;
  duk_push_string(ctx, msg);
  return duk_error(ctx, code, "%s", duk_get_string(ctx, -1));
}

// __oda_symbol_description(sym): the description of a symbol primitive, undefined for
// Symbol() (Duktape ends those with a second 0xFF after the unique suffix, which is what
// tells them from Symbol('')).
duk_ret_t symbol_description(duk_context* ctx) {
  if (!duk_is_symbol(ctx, 0)) return 0;
  duk_size_t n = 0;
  const unsigned char* p = reinterpret_cast<const unsigned char*>(duk_get_lstring(ctx, 0, &n));
  if (p == nullptr || n == 0) return 0;
  if (p[0] == 0x80) {  // Symbol.for(key)
    duk_push_lstring(ctx, reinterpret_cast<const char*>(p + 1), n - 1);
    return 1;
  }
  if (p[0] != 0x81) return 0;  // hidden or well-known internals
  duk_size_t end = 1;
  while (end < n && p[end] != 0xFF) ++end;
  if (end < n && n >= 2 && p[n - 1] == 0xFF && n - 1 != end) return 0;  // Symbol()
  duk_push_lstring(ctx, reinterpret_cast<const char*>(p + 1), end - 1);
  return 1;
}

// __oda_is_constructor(v): IsConstructor(v) as the engine knows it (bound functions, natives,
// and functions the prelude made methods included).
duk_ret_t is_constructor(duk_context* ctx) {
  duk_push_boolean(ctx, duk_is_constructable(ctx, 0));
  return 1;
}

// __oda_define_data(o, k, v): CreateDataPropertyOrThrow for an object that is no Proxy, as
// Object.defineProperty(o, k, {value: v, writable, enumerable, configurable}) does, without
// the descriptor object and the Proxy module's wrapper (Array.from over a million elements:
// 2.25 -> 0.54 s). false, and nothing done, for a Proxy or a primitive: the caller goes the
// long way, through the traps.
duk_ret_t define_data(duk_context* ctx) {
  duk_set_top(ctx, 3);
  duk_push_boolean(ctx, oda_duk_define_data(ctx) != 0);
  return 1;
}

// One element of __oda_pdef: the object at 0, the element's key, value, mode and name at
// base..base+3.
void define_one_private(duk_context* ctx, duk_idx_t base) {
  const duk_idx_t key = base, value = base + 1, mode_at = base + 2, name = base + 3;
  int fast = oda_duk_private_define(ctx, base);  // a field or method on an ordinary object
  if (fast == 1) return;
  bool present = fast == 0;
  int mode = duk_get_int(ctx, mode_at);
  if (fast < 0) {
    duk_require_object(ctx, 0);
    duk_dup(ctx, key);
    duk_get_prop_desc(ctx, 0, 0);
    present = !duk_is_undefined(ctx, -1);
    duk_pop(ctx);
  }
  if (present) {
    duk_error(ctx, DUK_ERR_TYPE_ERROR, mode == 0 ? "Cannot initialize %s twice on the same object"
                                                 : "Cannot initialize private methods of class twice on the same object",
              duk_safe_to_string(ctx, name));
  }
  duk_uint_t flags = DUK_DEFPROP_CLEAR_ENUMERABLE | DUK_DEFPROP_CLEAR_CONFIGURABLE;
  duk_dup(ctx, key);
  switch (mode) {
    case 0:
      duk_dup(ctx, value);
      flags |= DUK_DEFPROP_HAVE_VALUE | DUK_DEFPROP_SET_WRITABLE;
      break;
    case 1:
      duk_dup(ctx, value);
      flags |= DUK_DEFPROP_HAVE_VALUE | DUK_DEFPROP_CLEAR_WRITABLE;
      break;
    default:
      duk_get_prop_index(ctx, value, 0);
      duk_get_prop_index(ctx, value, 1);
      if (!duk_is_undefined(ctx, -2)) flags |= DUK_DEFPROP_HAVE_GETTER;
      if (!duk_is_undefined(ctx, -1)) flags |= DUK_DEFPROP_HAVE_SETTER;
      if (!(flags & DUK_DEFPROP_HAVE_SETTER)) duk_pop(ctx);
      if (!(flags & DUK_DEFPROP_HAVE_GETTER)) duk_remove(ctx, -1 - ((flags & DUK_DEFPROP_HAVE_SETTER) ? 1 : 0));
  }
  duk_def_prop(ctx, 0, flags);
}

// __oda_pdef(o, key, v, mode, name, ...): adds the private elements `name` (key a hidden key
// of __oda_pname) to the object a constructor made, four arguments each, in order: mode 0 a
// field holding v, 1 a method v (not writable), 2 an accessor (v the [getter, setter] pair).
// A native define, as a store would reach the throwing accessor __oda_pname left on
// Object.prototype; an element already there is node's TypeError (a base constructor that
// returns the same object twice). One call adds a class's methods and the fields whose
// initializers are literals (lib/js/lower_class.cc): a call per element cost more than the
// define.
duk_ret_t private_define(duk_context* ctx) {
  // Read in place: removing each element's arguments would move the rest of the stack, so
  // quadratic in the number of elements.
  for (duk_idx_t base = 1; base + 4 <= duk_get_top(ctx); base += 4) define_one_private(ctx, base);
  return 0;
}

// __oda_v8_name(v): v as V8 names it in "called on incompatible receiver X" ("#<K>" for a
// class instance, "[object Array]", "Error: m", "Symbol(s)", the text of a primitive), by the
// engine's rule for its own such errors: no getter of the program runs.
duk_ret_t v8_name(duk_context* ctx) {
  oda_duk_push_v8_name(ctx, 0);
  return 1;
}

// __oda_force_getter(obj, key, getter): replaces obj[key], even a non-configurable property
// of the engine's, with a configurable, non-enumerable accessor that has only a getter (the
// spec's shape for %TypedArray%.prototype.buffer and its siblings).
duk_ret_t force_getter(duk_context* ctx) {
  duk_require_object(ctx, 0);
  duk_require_function(ctx, 2);
  duk_dup(ctx, 1);
  duk_dup(ctx, 2);
  duk_def_prop(ctx, 0, DUK_DEFPROP_HAVE_GETTER | DUK_DEFPROP_SET_CONFIGURABLE | DUK_DEFPROP_CLEAR_ENUMERABLE |
                           DUK_DEFPROP_FORCE);
  return 0;
}

// __oda_hide_global(key): makes the global key non-enumerable, even a non-configurable one (a
// function the prelude declared), its value and writability kept: the prelude's helpers stay
// out of Object.keys(globalThis) and for-in, as node's internals do.
duk_ret_t hide_global(duk_context* ctx) {
  duk_push_global_object(ctx);
  duk_dup(ctx, 0);
  duk_def_prop(ctx, -2, DUK_DEFPROP_HAVE_ENUMERABLE | DUK_DEFPROP_FORCE);
  return 0;
}

// __oda_from_char_code(...units): String.fromCharCode with the spec's ToUint16 (Duktape's own
// keeps 32 bits). Each unit becomes its own CESU-8 sequence, as Duktape keeps surrogates.
// The units are coerced in place: a native may push only a few values beyond its arguments
// without asking for stack, and a call with 100,000 arguments (apply, spread) is ordinary.
duk_ret_t from_char_code(duk_context* ctx) {
  duk_idx_t n = duk_get_top(ctx);
  for (duk_idx_t i = 0; i < n; ++i) duk_to_uint16(ctx, i);  // may throw: nothing owned yet
  unsigned char* out = static_cast<unsigned char*>(duk_push_fixed_buffer(ctx, static_cast<duk_size_t>(n) * 3));
  duk_size_t len = 0;
  for (duk_idx_t i = 0; i < n; ++i) {
    unsigned c = duk_get_uint(ctx, i);
    if (c < 0x80) {
      out[len++] = static_cast<unsigned char>(c);
    } else if (c < 0x800) {
      out[len++] = static_cast<unsigned char>(0xC0 | (c >> 6));
      out[len++] = static_cast<unsigned char>(0x80 | (c & 0x3F));
    } else {
      out[len++] = static_cast<unsigned char>(0xE0 | (c >> 12));
      out[len++] = static_cast<unsigned char>(0x80 | ((c >> 6) & 0x3F));
      out[len++] = static_cast<unsigned char>(0x80 | (c & 0x3F));
    }
  }
  duk_push_lstring(ctx, reinterpret_cast<const char*>(out), len);
  return 1;
}

// __oda_random_fill(view): fills the bytes of a buffer object (a typed array the runtime has
// checked) from getrandom(2), the kernel's CSPRNG: crypto.getRandomValues and randomUUID must
// not come from Math.random's predictable xoroshiro. Returns view.
duk_ret_t random_fill(duk_context* ctx) {
  duk_size_t n = 0;
  auto* p = static_cast<unsigned char*>(duk_require_buffer_data(ctx, 0, &n));
  while (n > 0) {
    ssize_t got = getrandom(p, n, 0);
    if (got < 0) {
      if (errno == EINTR) continue;
      return duk_error(ctx, DUK_ERR_ERROR, "the kernel gave no random bytes (%s)", std::strerror(errno));
    }
    p += got;
    n -= static_cast<duk_size_t>(got);
  }
  duk_dup(ctx, 0);
  return 1;
}

// Read when the process starts (a worker is one run), not when the heap image was built: the
// static lives outside the heap.
const int64_t g_origin_ns = sys::monotonic_ns();

// __oda_perf_now(): performance.now(), milliseconds with a fraction on the monotonic clock
// since the run started.
// __oda_callee(): the function calling it (the lowering's new.target and generator guard;
// arguments.callee throws in strict code).
duk_ret_t callee(duk_context* ctx) {
  return oda_duk_push_caller(ctx) ? 1 : 0;
}

duk_ret_t perf_now(duk_context* ctx) {
  duk_push_number(ctx, static_cast<double>(sys::monotonic_ns() - g_origin_ns) / 1e6);
  return 1;
}

// Whether items[a] goes after items[b] for the comparator: cmp(items[a], items[b]) > 0 after
// ToNumber (NaN counts as equal). The array is at index 0 and cmp at 1.
// items is the runtime's own array, made dense for the sort and never seen by cmp, so its
// elements are read straight from its array part (a property read was a third of the cost).
void push_item(duk_context* ctx, uint32_t i) {
  if (!oda_duk_push_dense(ctx, 0, i)) duk_get_prop_index(ctx, 0, i);
}

bool sorts_after(duk_context* ctx, uint32_t a, uint32_t b) { return oda_duk_sorts_after(ctx, 0, 1, a, b) != 0; }

// __oda_sort(items, cmp): the dense array items' values in the order of cmp, stable (Array.prototype.sort's SortIndexedProperties, lib/engine/runtime/40-array.js). The
// comparator is called directly, with no wrapper, from a merge sort of indices (insertion-
// sorted runs of 8, then bottom-up merges); an input already in order, or in strictly
// reverse order, costs one pass. The indices live in a Duktape buffer, so an exception from
// cmp leaves nothing to free. The values are then moved into that order within items itself,
// which is returned (a new array of 1,000,000 numbers was 16 MB more, 40 MB as it grew); an
// items whose elements are not all in its array part is read into a new array.
duk_ret_t sort_values(duk_context* ctx) {
  duk_require_object(ctx, 0);
  duk_require_function(ctx, 1);
  duk_size_t len = duk_get_length(ctx, 0);
  if (len > 0xffffffffu / 2) return duk_error(ctx, DUK_ERR_RANGE_ERROR, "array too long to sort");
  const uint32_t n = static_cast<uint32_t>(len);
  auto* idx = static_cast<uint32_t*>(duk_push_fixed_buffer(ctx, (static_cast<duk_size_t>(n) * 2 + 1) * 4));
  uint32_t* tmp = idx + n;
  for (uint32_t i = 0; i < n; i++) idx[i] = i;
  bool ascending = true, descending = false;
  for (uint32_t i = 1; i < n && ascending; i++) ascending = !sorts_after(ctx, i - 1, i);
  if (!ascending) {
    // Strictly descending: no two equal, so reversing keeps stability.
    descending = true;
    for (uint32_t i = 1; i < n && descending; i++) descending = sorts_after(ctx, i - 1, i);
  }
  if (descending) {
    for (uint32_t i = 0; i < n; i++) idx[i] = n - 1 - i;
  } else if (!ascending) {
    const uint32_t kRun = 8;
    for (uint32_t lo = 0; lo < n; lo += kRun) {
      uint32_t hi = lo + kRun < n ? lo + kRun : n;
      for (uint32_t i = lo + 1; i < hi; i++) {
        uint32_t x = idx[i], j = i;
        for (; j > lo && sorts_after(ctx, idx[j - 1], x); j--) idx[j] = idx[j - 1];
        idx[j] = x;
      }
    }
    uint32_t *src = idx, *dst = tmp;
    for (uint32_t width = kRun; width < n; width *= 2) {
      for (uint32_t lo = 0; lo < n; lo += 2 * width) {
        uint32_t mid = lo + width < n ? lo + width : n, end = lo + 2 * width < n ? lo + 2 * width : n;
        uint32_t p = lo, q = mid, k = lo;
        if (mid >= end || !sorts_after(ctx, src[mid - 1], src[mid])) {
          std::memcpy(dst + lo, src + lo, (end - lo) * sizeof(uint32_t));
          continue;
        }
        while (p < mid && q < end) dst[k++] = sorts_after(ctx, src[p], src[q]) ? src[q++] : src[p++];
        while (p < mid) dst[k++] = src[p++];
        while (q < end) dst[k++] = src[q++];
      }
      uint32_t* t = src;
      src = dst;
      dst = t;
    }
    if (src != idx) std::memcpy(idx, src, static_cast<size_t>(n) * sizeof(uint32_t));
  }
  if (oda_duk_permute_dense(ctx, 0, idx, n)) {
    duk_dup(ctx, 0);
    return 1;
  }
  duk_push_array(ctx);
  for (uint32_t i = 0; i < n; i++) {
    push_item(ctx, idx[i]);
    duk_put_prop_index(ctx, -2, i);
  }
  return 1;
}

// __oda_defined_values(o, len): for the sort, a new array of the values of the Array o other
// than undefined, made at its size in one allocation, when o's len elements are all in its
// array part (duk_extra.c); undefined otherwise, and the runtime reads o element by element.
duk_ret_t defined_values(duk_context* ctx) {
  return oda_duk_push_defined_values(ctx, 0, duk_require_number(ctx, 1)) ? 1 : 0;
}

// __oda_write_dense(o, items, n): writes items[i] to o[i] from 0 while both elements are in
// their arrays' array parts, where [[Set]] is a plain overwrite; returns how many it wrote.
duk_ret_t write_dense(duk_context* ctx) {
  duk_require_object(ctx, 1);
  duk_push_uint(ctx, oda_duk_write_dense(ctx, 0, 1, duk_require_uint(ctx, 2)));
  return 1;
}

// __oda_from_like(a, o, len, mapFn, thisArg): Array.from's loop over the array-like o into
// the new Array a (lib/engine/runtime/40-array.js), each mapFn call made from here; an o
// like {length: n} is not read at all (Array.from over 100,000: 449 -> 87 M instructions).
duk_ret_t from_like(duk_context* ctx) {
  duk_set_top(ctx, 5);
  oda_duk_from_like(ctx);
  return 0;
}

// __oda_segment(text, granularity): Intl.Segmenter's boundaries (lib/engine/segment.h) as an
// array of start * 2 + isWordLike, one entry a segment. granularity is 0 grapheme, 1 word,
// 2 sentence. The text's UTF-16 units are read from Duktape's CESU-8; the answer is staged in
// a buffer the heap owns, so nothing of C++'s is alive when the engine may throw.
duk_ret_t segment_text(duk_context* ctx) {
  duk_size_t len = 0;
  const unsigned char* p = reinterpret_cast<const unsigned char*>(duk_require_lstring(ctx, 0, &len));
  int kind = duk_require_int(ctx, 1);
  auto* out = static_cast<double*>(duk_push_fixed_buffer(ctx, (len + 1) * sizeof(double)));
  size_t count = 0;
  bool failed = false;
  try {
    std::u16string text;
    text.reserve(len);
    for (size_t i = 0; i < len;) {
      unsigned char c = p[i];
      size_t n = c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
      if (i + n > len) n = len - i;
      char32_t cp = n == 1 ? c : n == 2 ? (c & 0x1F) : n == 3 ? (c & 0x0F) : (c & 0x07);
      for (size_t k = 1; k < n; k++) cp = (cp << 6) | (p[i + k] & 0x3F);
      if (cp >= 0x10000) {
        text += static_cast<char16_t>(0xD800 + ((cp - 0x10000) >> 10));
        text += static_cast<char16_t>(0xDC00 + ((cp - 0x10000) & 0x3FF));
      } else {
        text += static_cast<char16_t>(cp);
      }
      i += n;
    }
    auto g = kind == 0 ? segment::Granularity::kGrapheme
             : kind == 1 ? segment::Granularity::kWord
                         : segment::Granularity::kSentence;
    for (const segment::Segment& s : segment::split(text, g)) {
      out[count++] = static_cast<double>(s.start) * 2 + (s.word_like ? 1 : 0);
    }
  } catch (...) {
    failed = true;
  }
  if (failed) return duk_error(ctx, DUK_ERR_RANGE_ERROR, "out of memory segmenting a text");
  duk_push_array(ctx);
  for (size_t i = 0; i < count; i++) {
    duk_push_number(ctx, out[i]);
    duk_put_prop_index(ctx, -2, static_cast<duk_uarridx_t>(i));
  }
  return 1;
}

// The buffer a concatenation is built in: short results on the stack. Each call has its own,
// as a valueOf or a finalizer may concatenate while another concatenation builds.
class ConcatBuffer {
 public:
  void append(const char* p, size_t n) {
    if (heap_.empty() && used_ + n <= sizeof stack_) {
      std::memcpy(stack_ + used_, p, n);
      used_ += n;
      return;
    }
    if (heap_.empty()) heap_.assign(stack_, used_);
    heap_.append(p, n);
  }
  void push(duk_context* ctx) const {
    if (heap_.empty()) duk_push_lstring(ctx, stack_, used_);
    else duk_push_lstring(ctx, heap_.data(), heap_.size());
  }

 private:
  char stack_[512];
  size_t used_ = 0;
  std::string heap_;
};

// The concatenations the lowering makes of template literals and of `+` chains that are
// certainly string concatenations (lib/js/lower_literals.cc): every argument converted to a
// string where it stands, then one string built of them all, where each `+` or template piece
// would intern an intermediate string. A template converts with ToString (an object's
// toString first, hint "string"); a `+` chain as `+` does (ToPrimitive with no hint, valueOf
// first). Arguments convert left to right; the lowering passes a value here on its own,
// converted before the next is evaluated, wherever a later conversion could observe the
// order. A Symbol throws node's TypeError, even one an object's toString returned.
//
// The pieces are copied into one buffer and interned once: an integer is written there
// directly (no string made and interned for it, which was most of a report line's cost), a
// string's bytes are copied as they are, anything else is converted in its slot first.
duk_ret_t concat_strings(duk_context* ctx, duk_int_t hint) {
  duk_idx_t n = duk_get_top(ctx);
  ConcatBuffer out;
  for (duk_idx_t i = 0; i < n; ++i) {
    const char* piece = nullptr;
    size_t piece_len = 0;
    double d = 0;
    int kind = oda_duk_concat_piece(ctx, i, &piece, &piece_len, &d);
    if (kind == 1) {
      out.append(piece, piece_len);
      continue;
    }
    if (kind == 2) {
      // Below 2^53 every integer prints as its digits; -0 prints as 0.
      if (d > -9007199254740992.0 && d < 9007199254740992.0 && d == static_cast<double>(static_cast<int64_t>(d))) {
        char digits[24];
        auto r = std::to_chars(digits, digits + sizeof digits, static_cast<int64_t>(d));
        out.append(digits, static_cast<size_t>(r.ptr - digits));
        continue;
      }
    } else {
      if (duk_is_symbol(ctx, i)) return duk_error(ctx, DUK_ERR_TYPE_ERROR, "Cannot convert a Symbol value to a string");
      duk_to_primitive(ctx, i, hint);
      if (duk_is_symbol(ctx, i)) return duk_error(ctx, DUK_ERR_TYPE_ERROR, "Cannot convert a Symbol value to a string");
    }
    duk_size_t len = 0;
    const char* bytes = duk_to_lstring(ctx, i, &len);
    out.append(bytes, len);
  }
  out.push(ctx);
  return 1;
}

// __oda_tcat(...values): a template literal's string.
duk_ret_t template_concat(duk_context* ctx) { return concat_strings(ctx, DUK_HINT_STRING); }

// __oda_pcat(...values): a `+` chain's string.
duk_ret_t plus_concat(duk_context* ctx) { return concat_strings(ctx, DUK_HINT_NONE); }

// __oda_bind(fn, name, value, ...): the closure fn, just made, with name = value for each pair
// bound in an environment of its own between it and the scope it was made in; the lowering's
// per-iteration copies of a loop's let and const bindings (lib/js/lower_loops.cc).
duk_ret_t bind_env(duk_context* ctx) {
  if (oda_duk_bind_env(ctx) != 0) return duk_error(ctx, DUK_ERR_TYPE_ERROR, "__oda_bind: a closure and name-value pairs");
  return 1;
}

// Function.prototype.caller and .arguments, get and set: null for a sloppy function (which
// has them as own properties in node; in Duktape it inherits them), else node's TypeError.
// Strict functions have no own `caller` and `arguments` (lib/engine/patches/0003), so these
// are what they answer, as the specification's %ThrowTypeError% accessors do.
duk_ret_t restricted_property(duk_context* ctx) {
  duk_push_this(ctx);
  if (oda_duk_is_sloppy_function(ctx, -1)) {
    duk_push_null(ctx);
    return 1;
  }
  return duk_error(ctx, DUK_ERR_TYPE_ERROR,
                   "'caller', 'callee', and 'arguments' properties may not be accessed on strict mode functions "
                   "or the arguments objects for calls to them");
}

void define_restricted_properties(duk_context* ctx) {
  duk_get_global_string(ctx, "Function");
  duk_get_prop_string(ctx, -1, "prototype");
  for (const char* key : {"arguments", "caller"}) {
    duk_push_string(ctx, key);
    duk_push_c_function(ctx, restricted_property, 0);
    duk_push_c_function(ctx, restricted_property, 1);
    duk_def_prop(ctx, -4, DUK_DEFPROP_HAVE_GETTER | DUK_DEFPROP_HAVE_SETTER | DUK_DEFPROP_SET_CONFIGURABLE |
                              DUK_DEFPROP_CLEAR_ENUMERABLE);
  }
  duk_pop_2(ctx);
}

}  // namespace

void put_hidden_global(duk_context* ctx, const char* name, duk_c_function fn, duk_idx_t nargs) {
  duk_push_global_object(ctx);
  duk_push_string(ctx, name);
  duk_push_c_function(ctx, fn, nargs);
  duk_def_prop(ctx, -3, DUK_DEFPROP_HAVE_VALUE | DUK_DEFPROP_SET_CONFIGURABLE | DUK_DEFPROP_CLEAR_ENUMERABLE |
                            DUK_DEFPROP_CLEAR_WRITABLE);
  duk_pop(ctx);
}

void register_natives(duk_hthread* ctx) {
  put_hidden_global(ctx, "__oda_hidden_key", hidden_key, 1);
  put_hidden_global(ctx, "__oda_lower_eval", lower_eval, 4);
  put_hidden_global(ctx, "__oda_make_method", make_method, 1);
  put_hidden_global(ctx, "__oda_bigint", bigint_native, 3);
  put_hidden_global(ctx, "__oda_bigop", bigint_op, 3);
  put_hidden_global(ctx, "__oda_symbol_description", symbol_description, 1);
  put_hidden_global(ctx, "__oda_is_constructor", is_constructor, 1);
  put_hidden_global(ctx, "__oda_define_data", define_data, 3);
  put_hidden_global(ctx, "__oda_force_getter", force_getter, 3);
  put_hidden_global(ctx, "__oda_pdef", private_define, DUK_VARARGS);
  put_hidden_global(ctx, "__oda_from_char_code", from_char_code, DUK_VARARGS);
  put_hidden_global(ctx, "__oda_hide_global", hide_global, 1);
  put_hidden_global(ctx, "__oda_random_fill", random_fill, 1);
  put_hidden_global(ctx, "__oda_perf_now", perf_now, 0);
  put_hidden_global(ctx, "__oda_callee", callee, 0);
  put_hidden_global(ctx, "__oda_sort", sort_values, 2);
  put_hidden_global(ctx, "__oda_defined_values", defined_values, 2);
  put_hidden_global(ctx, "__oda_write_dense", write_dense, 3);
  put_hidden_global(ctx, "__oda_from_like", from_like, 5);
  put_hidden_global(ctx, "__oda_tcat", template_concat, DUK_VARARGS);
  put_hidden_global(ctx, "__oda_pcat", plus_concat, DUK_VARARGS);
  put_hidden_global(ctx, "__oda_bind", bind_env, DUK_VARARGS);
  put_hidden_global(ctx, "__oda_segment", segment_text, 2);
  put_hidden_global(ctx, "__oda_v8_name", v8_name, 1);
  register_promise_natives(ctx);
  register_collection_natives(ctx);
  define_restricted_properties(ctx);
  engine::register_regexp_natives(ctx);
  register_conf_natives(ctx);
}

}  // namespace oda::engine
