// The RegExp natives: patterns lib/js/regexp.h translates, compiled by PCRE2 (JIT) and run
// on the subject strings of a Duktape heap, with the per-heap state they keep.
#include "engine/regexp_natives.h"

#define PCRE2_CODE_UNIT_WIDTH 0
#include <pcre2.h>

#include <duktape.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <new>
#include <utility>

#include "engine/natives.h"
#include "js/regexp.h"

extern "C" void oda_duk_def_new_wec(void* ctx, int obj_idx);  // lib/engine/duk_extra.c
extern "C" void oda_duk_pack_with_props(void* ctx, unsigned int n, unsigned int k);  // lib/engine/duk_extra.c
extern "C" void oda_duk_array_put(void* ctx, void* arr, unsigned int i);

namespace oda::engine {
namespace {

// Per-heap state, owned by a finalizable object in the heap stash, so nothing owning lives
// on a native's C++ stack while Duktape may longjmp.
struct RegexpState {
  const void* subject = nullptr;  // the Duktape string last converted (kept alive in holder)
  void* holder = nullptr;         // a bare array in the stash whose element 0 is subject
  bool subject_ascii = false;
  std::u16string subject16;
  // The subject as code points for u patterns, made when first needed: subject32, and the
  // code-unit index of each code point (and of the end) when some pair made them differ.
  bool subject32_ready = false;
  std::u32string subject32;
  std::vector<uint32_t> unit_of;
  // The subject's code units widened one to one, for the patterns too large for the 16-bit
  // library (Compiled::units32), made when first needed.
  bool units32_ready = false;
  std::u32string units32;
  std::vector<PCRE2_SIZE> ov;     // the last match's offsets, in code units
  std::string scratch;            // CESU-8 of one substring being pushed
  js::RegexTranslation translation;
  std::string error;
  pcre2_match_context_16* mcontext = nullptr;
  pcre2_jit_stack_16* jit_stack = nullptr;
  pcre2_compile_context_16* ccontext = nullptr;
  pcre2_match_context_32* mcontext32 = nullptr;
  pcre2_jit_stack_32* jit_stack32 = nullptr;
  pcre2_compile_context_32* ccontext32 = nullptr;

  ~RegexpState() {
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
  // code32 holds a pattern without u that the 16-bit library refused as too large (its
  // offsets are 16 bits; the 32-bit library's are 32): it runs on the subject's code units.
  bool units32 = false;
  unsigned groups = 0;
  RegexpState* state = nullptr;              // the heap's state, so a match needs no lookup
  std::vector<std::string> names;      // per group (index g-1), "" when unnamed
  bool named = false;
  std::vector<unsigned> pcre_group;    // see js::RegexTranslation
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

// The handle last looked up and its pattern: a run's exec calls mostly use one RegExp, and the
// handle's property read cost each about 450 instructions. Its finalizer forgets it (so a new
// object at the same address is looked up), as does a new heap's registration.
struct LastCompiled {
  const void* handle = nullptr;
  struct Compiled* c = nullptr;
} g_last_compiled;

constexpr const char* kStateKey = "\xFF" "oda_re_state";
constexpr const char* kSubjectKey = "\xFF" "oda_re_subject";
constexpr const char* kPtrKey = "\xFF" "oda_re_ptr";

RegexpState* state(duk_context* ctx) {
  duk_push_heap_stash(ctx);
  duk_get_prop_string(ctx, -1, kStateKey);
  duk_get_prop_string(ctx, -1, kPtrKey);
  auto* st = static_cast<RegexpState*>(duk_get_pointer(ctx, -1));
  duk_pop_3(ctx);
  return st;
}

duk_ret_t state_finalizer(duk_context* ctx) {
  duk_get_prop_string(ctx, 0, kPtrKey);
  delete static_cast<RegexpState*>(duk_get_pointer(ctx, -1));
  duk_pop(ctx);
  duk_push_pointer(ctx, nullptr);
  duk_put_prop_string(ctx, 0, kPtrKey);
  return 0;
}

duk_ret_t compiled_finalizer(duk_context* ctx) {
  if (duk_get_heapptr(ctx, 0) == g_last_compiled.handle) g_last_compiled = LastCompiled{};
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
// No text gives more units than bytes (a 4-byte sequence gives two), so the units are written
// into a string sized n at once and cut to their count: a push_back per unit was a third of
// an exec of a short regexp over a line of ASCII.
bool to_utf16(const unsigned char* p, size_t n, std::u16string* out, bool* ascii) noexcept {
  try {
    out->resize(n);
    char16_t* d = out->data();
    size_t k = 0;
    bool all_ascii = true;
    for (size_t i = 0; i < n;) {
      unsigned char b = p[i];
      if (b < 0x80) {
        d[k++] = b;
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
        d[k++] = static_cast<char16_t>(0xD800 + (cp >> 10));
        d[k++] = static_cast<char16_t>(0xDC00 + (cp & 0x3FF));
      } else {
        d[k++] = static_cast<char16_t>(cp);
      }
      i += len;
    }
    out->resize(k);
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
void load_subject(duk_context* ctx, RegexpState* st, duk_idx_t idx) {
  const void* h = duk_get_heapptr(ctx, idx);
  if (h == st->subject) return;
  duk_size_t n = 0;
  const char* p = duk_get_lstring(ctx, idx, &n);
  // Keep the string alive while cached: a freed string's address could come back.
  duk_dup(ctx, idx);
  oda_duk_array_put(ctx, st->holder, 0);
  st->subject = nullptr;
  if (!to_utf16(reinterpret_cast<const unsigned char*>(p), n, &st->subject16, &st->subject_ascii))
    duk_error(ctx, DUK_ERR_RANGE_ERROR, "out of memory converting a string for RegExp");
  st->subject32_ready = false;
  st->units32_ready = false;
  st->subject = h;
}

// Makes st->subject32 (and unit_of) from st->subject16; false when out of memory.
bool make_subject32(RegexpState* st) noexcept {
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

void push_sub(duk_context* ctx, RegexpState* st, duk_idx_t subject_idx, size_t from, size_t to) {
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
bool compile(RegexpState* st, Compiled* c, const char* flags) noexcept {
  try {
    bool unicode = has_flag(flags, 'u') || has_flag(flags, 'v');
    uint32_t opts = js::pcre2_compile_options(has_flag(flags, 'i'), has_flag(flags, 'y'));
    int errcode = 0;
    PCRE2_SIZE erroffset = 0;
    const auto& pat = st->translation.pattern;
    if (unicode) {
      std::u32string p32 = js::widen_pattern(pat);
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
      } else if (errcode == PCRE2_ERROR_PATTERN_TOO_LARGE) {
        // An alternation of 10,000 words (markdown-it's linkify): the same code units, in the
        // library whose compiled offsets are 32 bits, without UTF so each unit stays one.
        std::u32string p32 = js::widen_pattern(pat);
        c->code32 = pcre2_compile_32(reinterpret_cast<PCRE2_SPTR32>(p32.data()), p32.size(), opts, &errcode,
                                     &erroffset, st->ccontext32);
        if (c->code32) {
          c->units32 = true;
          pcre2_jit_compile_32(c->code32, PCRE2_JIT_COMPLETE);
          c->match32 = pcre2_match_data_create_from_pattern_32(c->code32, nullptr);
        }
      }
    }
    if (!c->code && !c->code32) {
      st->error = js::pcre2_error_message(errcode, unicode);
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
  RegexpState* st = state(ctx);
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
    ok = js::translate_regexp(*src16, flags, &st->translation, &st->error);
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
  const void* h = duk_get_heapptr(ctx, idx);
  if (h != nullptr && h == g_last_compiled.handle) return g_last_compiled.c;
  duk_get_prop_string(ctx, idx, kPtrKey);
  auto* c = static_cast<Compiled*>(duk_get_pointer(ctx, -1));
  duk_pop(ctx);
  if (!c) duk_error(ctx, DUK_ERR_TYPE_ERROR, "not a compiled RegExp");
  g_last_compiled = LastCompiled{h, c};
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
void take_offsets(RegexpState* st, const Compiled* c, const PCRE2_SIZE* ov, int rc) {
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
int run_match(duk_context* ctx, RegexpState* st, Compiled* c, size_t start) {
  unsigned n = 2 * (c->groups + 1);
  if (c->code32) {
    // A u pattern runs on code points (unit_of maps them back); a non-u one too large for
    // the 16-bit library on the code units widened, whose offsets need no mapping.
    const std::u32string* subject = &st->units32;
    const std::vector<uint32_t>* unit_of = nullptr;
    size_t from = start;
    if (c->units32) {
      bool ok = true;
      try {
        if (!st->units32_ready) st->units32.assign(st->subject16.begin(), st->subject16.end());
      } catch (...) {
        ok = false;  // raised outside the handler: Duktape unwinds with longjmp
      }
      if (!ok) duk_error(ctx, DUK_ERR_RANGE_ERROR, "out of memory converting a string for RegExp");
      st->units32_ready = true;
    } else {
      if (!make_subject32(st)) duk_error(ctx, DUK_ERR_RANGE_ERROR, "out of memory converting a string for RegExp");
      subject = &st->subject32;
      unit_of = &st->unit_of;
      // The code point at start; a start inside a pair means the pair (as node has it).
      if (!unit_of->empty())
        from = static_cast<size_t>(std::upper_bound(unit_of->begin(), unit_of->end(), start) - unit_of->begin()) - 1;
    }
    pcre2_set_callout_32(st->mcontext32, c->callout_sets.empty() ? nullptr : in_callout_set<pcre2_callout_block_32>,
                         c);
    int rc = pcre2_match_32(c->code32, reinterpret_cast<PCRE2_SPTR32>(subject->data()), subject->size(), from, 0,
                            c->match32, st->mcontext32);
    if (rc == PCRE2_ERROR_NOMATCH || rc == PCRE2_ERROR_PARTIAL) return 0;
    if (rc < 0) match_error(ctx, rc, true);
    take_offsets(st, c, pcre2_get_ovector_pointer_32(c->match32), rc);
    if (unit_of && !unit_of->empty())
      for (unsigned k = 0; k < n; k++)
        if (st->ov[k] != PCRE2_UNSET) st->ov[k] = (*unit_of)[st->ov[k]];
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
duk_ret_t match_all(duk_context* ctx, RegexpState* st, Compiled* c, size_t pos, bool unicode) {
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
duk_ret_t split_all(duk_context* ctx, RegexpState* st, Compiled* c, double limit, bool unicode) {
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
  RegexpState* st = c->state;
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
  if (mode == 0) {
    // [match, group1, ...] with index, input and groups defined, not set (a setter on
    // Array.prototype must not see them: CreateDataProperty), made at its final size.
    duk_require_stack(ctx, static_cast<duk_idx_t>(total) + 6);
    for (unsigned g = 0; g < total; g++) {
      PCRE2_SIZE s = ov[2 * g], e = ov[2 * g + 1];
      if (s != PCRE2_UNSET) push_sub(ctx, st, 1, s, e);  // (take_offsets unset what rc leaves out)
      else duk_push_undefined(ctx);
    }
    duk_push_literal(ctx, "index");
    duk_push_number(ctx, static_cast<double>(ov[0]));
    duk_push_literal(ctx, "input");
    duk_dup(ctx, 1);
    duk_push_literal(ctx, "groups");
    if (c->named) {
      // A null-prototype object of the named groups, in group order.
      duk_push_bare_object(ctx);
      for (unsigned g = 1; g < total; g++) {
        const std::string& name = c->names[g - 1];
        if (name.empty()) continue;
        duk_dup(ctx, -static_cast<duk_idx_t>(total + 6) + static_cast<duk_idx_t>(g));
        duk_put_prop_lstring(ctx, -2, name.data(), name.size());
      }
    } else {
      duk_push_undefined(ctx);
    }
    oda_duk_pack_with_props(ctx, total, 3);
    return 1;
  }
  duk_push_array(ctx);
  for (unsigned g = 0; g < total; g++) {
    PCRE2_SIZE s = ov[2 * g], e = ov[2 * g + 1];
    bool set = s != PCRE2_UNSET;
    duk_push_number(ctx, set ? static_cast<double>(s) : -1);
    duk_put_prop_index(ctx, -2, 2 * g);
    duk_push_number(ctx, set ? static_cast<double>(e) : -1);
    duk_put_prop_index(ctx, -2, 2 * g + 1);
  }
  return 1;
}

}  // namespace

// A fresh RegexpState (pcre2 contexts, JIT stack) for the heap: at registration, and again in a
// worker that mapped a heap image, whose stash still points at the builder's long-gone one.
void attach_regexp_state(duk_hthread* ctx) {
  RegexpState* st = new (std::nothrow) RegexpState;
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
  g_last_compiled = LastCompiled{};
  duk_push_heap_stash(ctx);
  if (!duk_get_prop_string(ctx, -1, kSubjectKey)) {
    duk_pop(ctx);
    duk_push_bare_array(ctx);
    duk_push_undefined(ctx);
    duk_put_prop_index(ctx, -2, 0);
    duk_dup_top(ctx);
    duk_put_prop_string(ctx, -3, kSubjectKey);
  }
  st->holder = duk_get_heapptr(ctx, -1);
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

}  // namespace oda::engine
