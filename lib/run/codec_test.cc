// Unit tests of the lossless value codec and the console rendering, run on a real Duktape
// heap with the bytecode prelude loaded (natives stubbed).
#include <gtest/gtest.h>

#include <cstring>
#include <string>

#include "duktape.h"
#include "engine/natives.h"
#include "engine/prelude.h"

namespace oda::run {
namespace {

duk_ret_t stub(duk_context*) { return 0; }

duk_ret_t load_all(duk_context* ctx, void*) {
  for (const engine::PreludeChunk* c = engine::kPrelude; c->name; ++c) {
    void* buf = duk_push_fixed_buffer(ctx, c->size);
    std::memcpy(buf, c->bytes, c->size);
    duk_load_function(ctx);
    duk_push_global_object(ctx);
    duk_call_method(ctx, 0);
    duk_pop(ctx);
  }
  return 0;
}

class Codec : public ::testing::Test {
 protected:
  void SetUp() override {
    ctx_ = duk_create_heap_default();
    for (const char* n : {"__oda_emit", "__oda_now", "__oda_host_request", "__oda_finish"}) {
      duk_push_c_function(ctx_, stub, DUK_VARARGS);
      duk_put_global_string(ctx_, n);
    }
    oda::engine::register_natives(ctx_);
    ASSERT_EQ(duk_safe_call(ctx_, load_all, nullptr, 0, 1), DUK_EXEC_SUCCESS) << duk_safe_to_string(ctx_, -1);
    duk_pop(ctx_);
  }
  void TearDown() override { duk_destroy_heap(ctx_); }

  // Evaluates an expression and returns what the codec makes of it: the JSON, or "!lossy"
  // / "!sparse".
  std::string encode(const std::string& expr) {
    std::string code = "(function(){ var r = __oda_codec.encode(" + expr +
                       "); return r.json !== undefined ? r.json : '!' + r.line; })()";
    if (duk_peval_string(ctx_, code.c_str()) != 0) {
      std::string err = duk_safe_to_string(ctx_, -1);
      duk_pop(ctx_);
      return "error: " + err;
    }
    std::string out = duk_safe_to_string(ctx_, -1);
    duk_pop(ctx_);
    return out;
  }
  std::string eval(const std::string& expr) {
    if (duk_peval_string(ctx_, expr.c_str()) != 0) {
      std::string err = duk_safe_to_string(ctx_, -1);
      duk_pop(ctx_);
      return "error: " + err;
    }
    std::string out = duk_safe_to_string(ctx_, -1);
    duk_pop(ctx_);
    return out;
  }

  duk_context* ctx_ = nullptr;
};

TEST_F(Codec, PlainDataRoundTrips) {
  EXPECT_EQ(encode("{a: [1, 'x', true, null], b: {c: -1.5}}"), "{\"a\":[1,\"x\",true,null],\"b\":{\"c\":-1.5}}");
  EXPECT_EQ(encode("-0"), "0");
  EXPECT_EQ(encode("9007199254740991"), "9007199254740991");
  EXPECT_EQ(encode("1.5e-7"), "1.5e-7");
  EXPECT_EQ(encode("'q\"\\n'"), "\"q\\\"\\n\"");
  EXPECT_EQ(encode("Object.create(null)"), "{}");
  EXPECT_EQ(encode("[]"), "[]");
}

TEST_F(Codec, WhatDoesNotMakeTheTripIsNamed) {
  for (const char* bad : {"NaN", "Infinity", "-Infinity", "[undefined]", "{a: undefined}", "function () {}",
                          "[function () {}]", "9007199254740992", "-9007199254740993", "1e300", "new Date(0)",
                          "new Error('x')", "/re/", "(function () { var o = {}; o.o = o; return o })()",
                          "(function () { var a = []; a.push(a); return a })()",
                          "(function () { function C() { this.x = 1 } return new C() })()",
                          "(function () { return arguments })()",
                          "{get g() { throw new Error('getter') }}"}) {
    EXPECT_EQ(encode(bad), "!lossy") << bad;
  }
  EXPECT_EQ(encode("[1, , 3]"), "!sparse");
  EXPECT_EQ(encode("new Array(3)"), "!sparse");
  EXPECT_EQ(encode("{deep: [[1, , 2]]}"), "!sparse");
}

TEST_F(Codec, SharedButAcyclicReferencesAreData) {
  EXPECT_EQ(encode("(function () { var s = {k: 1}; return [s, s] })()"), "[{\"k\":1},{\"k\":1}]");
}

TEST_F(Codec, ThrownValuesRender) {
  EXPECT_EQ(eval("__oda_codec.thrownText(new TypeError('bad'))"), "TypeError: bad");
  EXPECT_EQ(eval("__oda_codec.thrownText('words')"), "words");
  EXPECT_EQ(eval("__oda_codec.thrownText({code: 2})"), "{\"code\":2}");
  EXPECT_EQ(eval("__oda_codec.thrownText(function () {})"), "null");
  EXPECT_EQ(eval("__oda_codec.thrownText(undefined)"), "null");
  EXPECT_EQ(eval("(function () { var e = new Error(''); e.name = 'Custom'; return __oda_codec.thrownText(e) })()"),
            "Custom");
}

TEST_F(Codec, ConsoleRendering) {
  EXPECT_EQ(eval("__oda_render('s')"), "s");
  EXPECT_EQ(eval("__oda_render(new RangeError('r'))"), "RangeError: r");
  EXPECT_EQ(eval("__oda_render({a: [1, undefined, NaN], f: function () {}})"), "{\"a\":[1,null,null]}");
  EXPECT_EQ(eval("(function () { var c = {n: 1}; c.me = c; return __oda_render(c) })()"),
            "{\"n\":1,\"me\":\"[Circular]\"}");
  EXPECT_EQ(eval("__oda_render(undefined)"), "undefined");
  EXPECT_EQ(eval("__oda_render(NaN)"), "NaN");
  EXPECT_EQ(eval("__oda_render({e: new Error('in data')})"), "{\"e\":\"Error: in data\"}");
}

// SPEC 4.2: data is what the codec's plain() takes; the rest is String(value), and inside data
// the JSON string of that.
TEST_F(Codec, ConsoleRendersWhatIsNotDataAsString) {
  EXPECT_EQ(eval("__oda_render(/a/g)"), "/a/g");
  EXPECT_EQ(eval("__oda_render([/a/g, new (function P() { this.x = 1; })()])"), "[\"/a/g\",\"[object Object]\"]");
  EXPECT_EQ(eval("__oda_render({d: new Date(NaN)})"), "{\"d\":\"Invalid Date\"}");
  EXPECT_EQ(eval("__oda_render(Object.create(null))"), "{}");
  EXPECT_EQ(eval("[__oda_codec.plain({}), __oda_codec.plain([]), __oda_codec.plain(new Date(0)),"
                 " __oda_codec.plain(Object.setPrototypeOf([], {}))].join()"), "true,true,false,false");
}

}  // namespace
}  // namespace oda::run
