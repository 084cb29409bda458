// Unit tests of the runtime's built-ins (collections, iteration, Array, Object, String,
// Number, Math, atob/btoa, structuredClone, TextEncoder) on a bare Duktape heap: each expression's shown value is what node shows.
#include <gtest/gtest.h>

#include "js/regexp_test_heap.h"

namespace {

struct Case {
  const char* expr;
  const char* expected;
};

// Generated from node v20.20.2: expressions and what node shows for them.
const Case kBuiltinCases[] = {
    {R"JS(Object.entries({a:1,b:[2]}))JS",
     R"JS([["a",1],["b",[2]]])JS"},
    {R"JS(Object.fromEntries([['a',1],['b',2]]))JS",
     R"JS({"a":1,"b":2})JS"},
    {R"JS(Object.fromEntries(new Map([['x',1]])))JS",
     R"JS({"x":1})JS"},
    {R"JS(Object.values({a:1,b:2}))JS",
     R"JS([1,2])JS"},
    {R"JS(Object.hasOwn({a:1},'a'))JS",
     R"JS(true)JS"},
    {R"JS(Object.groupBy([1,2,3,4], function(x){return x%2?'odd':'even'}))JS",
     R"JS({"odd":[1,3],"even":[2,4]})JS"},
    {R"JS(Array.from('a😀b'))JS",
     R"JS(["a","\ud83d\ude00","b"])JS"},
    {R"JS(Array.from({length:3}, function(_, i){return i*2}))JS",
     R"JS([0,2,4])JS"},
    {R"JS(Array.from(new Set([1,2,2,3])))JS",
     R"JS([1,2,3])JS"},
    {R"JS(Array.from(new Map([[1,'a']])))JS",
     R"JS([[1,"a"]])JS"},
    {R"JS(Array.of(7,8))JS",
     R"JS([7,8])JS"},
    {R"JS([1,2,3].includes(2))JS",
     R"JS(true)JS"},
    {R"JS([NaN].includes(NaN))JS",
     R"JS(true)JS"},
    {R"JS([1,2,3].find(function(x){return x>1}))JS",
     R"JS(2)JS"},
    {R"JS([1,2,3].findIndex(function(x){return x>5}))JS",
     R"JS(-1)JS"},
    {R"JS([1,2,3].findLast(function(x){return x<3}))JS",
     R"JS(2)JS"},
    {R"JS([1,2,3].findLastIndex(function(x){return x<3}))JS",
     R"JS(1)JS"},
    {R"JS([1,[2,[3,[4]]]].flat())JS",
     R"JS([1,2,[3,[4]]])JS"},
    {R"JS([1,[2,[3,[4]]]].flat(Infinity))JS",
     R"JS([1,2,3,4])JS"},
    {R"JS([1,2].flatMap(function(x){return [x,[x*2]]}))JS",
     R"JS([1,[2],2,[4]])JS"},
    {R"JS(new Array(3).fill(0))JS",
     R"JS([0,0,0])JS"},
    {R"JS([1,2,3,4,5].copyWithin(0,3))JS",
     R"JS([4,5,3,4,5])JS"},
    {R"JS([1,2,3].at(-1))JS",
     R"JS(3)JS"},
    {R"JS([3,1,2].toSorted())JS",
     R"JS([1,2,3])JS"},
    {R"JS([1,2,3].toReversed())JS",
     R"JS([3,2,1])JS"},
    {R"JS([1,2,3,4].toSpliced(1,2,'x'))JS",
     R"JS([1,"x",4])JS"},
    {R"JS([1,2,3].with(1,9))JS",
     R"JS([1,9,3])JS"},
    {R"JS(Array.from([1,2].entries()))JS",
     R"JS([[0,1],[1,2]])JS"},
    {R"JS(Array.from([1,2].keys()))JS",
     R"JS([0,1])JS"},
    {R"JS([{k:1,v:'a'},{k:0,v:'b'},{k:1,v:'c'},{k:0,v:'d'},{k:1,v:'e'},{k:0,v:'f'},{k:1,v:'g'},{k:0,v:'h'},{k:1,v:'i'},{k:0,v:'j'},{k:1,v:'k'},{k:0,v:'l'}].sort(function(a,b){return a.k-b.k}).map(function(x){return x.v}).join(''))JS",
     R"JS("bdfhjlacegik")JS"},
    {R"JS([10,9,1,undefined,2,,3].sort())JS",
     R"JS([1,10,2,3,9,null,null])JS"},
    {R"JS([10,9,1,2,100].sort())JS",
     R"JS([1,10,100,2,9])JS"},
    {R"JS('5'.padStart(3,'0'))JS",
     R"JS("005")JS"},
    {R"JS('abc'.padEnd(6,'12'))JS",
     R"JS("abc121")JS"},
    {R"JS('a-b-c'.replaceAll('-','+'))JS",
     R"JS("a+b+c")JS"},
    {R"JS('aaa'.replaceAll('a','$&$&'))JS",
     R"JS("aaaaaa")JS"},
    {R"JS('abc'.at(-1))JS",
     R"JS("c")JS"},
    {R"JS('  x '.trimStart()+'|')JS",
     R"JS("x |")JS"},
    {R"JS('  x '.trimEnd()+'|')JS",
     R"JS("  x|")JS"},
    {R"JS(String.raw({raw:['a','b','c']}, 1, 2))JS",
     R"JS("a1b2c")JS"},
    {R"JS('x'.repeat(3))JS",
     R"JS("xxx")JS"},
    {R"JS((function(){ var m = new Map(); m.set('a',1).set(1,'n').set(NaN,'nan'); var o={}; m.set(o,'o'); return [m.size, m.get('a'), m.get(1), m.get(NaN), m.get(o), m.has('1'), Array.from(m.keys()).length]; })())JS",
     R"JS([4,1,"n","nan","o",false,4])JS"},
    {R"JS((function(){ var m = new Map([[1,'a'],[2,'b'],[3,'c']]); var out=[]; m.forEach(function(v,k){ out.push(k); if(k===1) { m['delete'](2); m.set(4,'d'); } }); return out; })())JS",
     R"JS([1,3,4])JS"},
    {R"JS((function(){ var s = new Set([1,2,3]); var it = s.values(); var a = it.next().value; s.clear(); s.add(9); return [a, it.next().value, s.size]; })())JS",
     R"JS([1,9,1])JS"},
    {R"JS((function(){ var m = new Map([[-0, 'z']]); return [m.has(0), Object.is(Array.from(m.keys())[0], 0)]; })())JS",
     R"JS([true,true])JS"},
    {R"JS(Object.prototype.toString.call(new Map()))JS",
     R"JS("[object Map]")JS"},
    {R"JS(String(new Set([1])))JS",
     R"JS("[object Set]")JS"},
    {R"JS((function(){ var w = new WeakMap(); var k = {}; var f = Object.freeze({}); w.set(k, 1).set(f, 2); return [w.get(k), w.get(f), w.has({}), w['delete'](k), w.has(k), Object.getOwnPropertyNames(k).length, Object.getOwnPropertySymbols(k).length]; })())JS",
     R"JS([1,2,false,true,false,0,0])JS"},
    {R"JS((function(){ var w = new WeakSet(); var k = {}; w.add(k); return [w.has(k), w.has({})]; })())JS",
     R"JS([true,false])JS"},
    {R"JS((function(){ try { Map(); } catch (e) { return e instanceof TypeError; } })())JS",
     R"JS(true)JS"},
    {R"JS((function(){ try { new WeakMap().set(1, 2); } catch (e) { return e instanceof TypeError; } })())JS",
     R"JS(true)JS"},
    {R"JS([Map.length, Set.length, Map.prototype.set.length, Array.from.length, Array.prototype.includes.length, String.prototype.padStart.length, Object.fromEntries.length, Array.prototype.flat.length])JS",
     R"JS([0,0,2,1,1,1,1,0])JS"},
    {R"JS([Map.prototype.set.name, Array.prototype.findLast.name])JS",
     R"JS(["set","findLast"])JS"},
    {R"JS(Object.keys(Array.prototype))JS",
     R"JS([])JS"},
    {R"JS(Math.trunc(-4.7))JS",
     R"JS(-4)JS"},
    {R"JS(Math.sign(-3))JS",
     R"JS(-1)JS"},
    {R"JS(Math.cbrt(27))JS",
     R"JS(3)JS"},
    {R"JS(Math.log2(8))JS",
     R"JS(3)JS"},
    {R"JS(Math.hypot(3,4))JS",
     R"JS(5)JS"},
    {R"JS(Math.fround(5.5))JS",
     R"JS(5.5)JS"},
    {R"JS(Math.clz32(1))JS",
     R"JS(31)JS"},
    {R"JS(Math.imul(3,4))JS",
     R"JS(12)JS"},
    {R"JS(Math.expm1(0))JS",
     R"JS(0)JS"},
    {R"JS(Math.log1p(0))JS",
     R"JS(0)JS"},
    {R"JS(Math.sinh(1))JS",
     R"JS(1.1752011936438014)JS"},
    {R"JS(Math.tanh(1))JS",
     R"JS(0.7615941559557649)JS"},
    {R"JS(Number.isInteger(5.0))JS",
     R"JS(true)JS"},
    {R"JS(Number.isSafeInteger(Math.pow(2,53)))JS",
     R"JS(false)JS"},
    {R"JS(Number.EPSILON > 0)JS",
     R"JS(true)JS"},
    {R"JS(Number.parseFloat === parseFloat)JS",
     R"JS(true)JS"},
    {R"JS((function(){ var a = []; var it = 'a😀'[Symbol.iterator](); for (var s = it.next(); !s.done; s = it.next()) a.push(s.value); return a; })())JS",
     R"JS(["a","\ud83d\ude00"])JS"},
    {R"JS(Object.prototype.toString.call([][Symbol.iterator]()))JS",
     R"JS("[object Array Iterator]")JS"},
    {R"JS(new Uint8Array([3,1,2]).sort().join())JS",
     R"JS("1,2,3")JS"},
    {R"JS(Array.from(new Uint8Array([1,2]).entries()))JS",
     R"JS([[0,1],[1,2]])JS"},
    {R"JS(Uint8Array.from([1,2,3]).map(function(x){return x*2}).join())JS",
     R"JS("2,4,6")JS"},
    {R"JS(new Set([1,2,3]).union(new Set([4])).size)JS",
     R"JS(4)JS"},
    {R"JS((function(){ var m = Map.groupBy([1,2,3], function(x){return x%2}); return [m.get(1), m.get(0)]; })())JS",
     R"JS([[1,3],[2]])JS"},
    {R"JS(typeof globalThis)JS",
     R"JS("object")JS"},
    {R"JS(Symbol.asyncIterator.toString())JS",
     R"JS("Symbol(Symbol.asyncIterator)")JS"},
    {R"JS(Object.getOwnPropertyDescriptors({a:1}))JS",
     R"JS({"a":{"value":1,"writable":true,"enumerable":true,"configurable":true}})JS"},
    {R"JS(Object.entries('ab'))JS",
     R"JS([["0","a"],["1","b"]])JS"},
    {R"JS('abc'.isWellFormed())JS",
     R"JS(true)JS"},
    {R"JS(btoa('hello world'))JS",
     R"JS("aGVsbG8gd29ybGQ=")JS"},
    {R"JS(btoa(''))JS",
     R"JS("")JS"},
    {R"JS(btoa('ab'))JS",
     R"JS("YWI=")JS"},
    {R"JS(atob('aGVsbG8gd29ybGQ='))JS",
     R"JS("hello world")JS"},
    {R"JS(atob(' aGk= '))JS",
     R"JS("hi")JS"},
    {R"JS(atob('YQ'))JS",
     R"JS("a")JS"},
    {R"JS((function(){ try { btoa('€'); } catch (e) { return [e.name, e instanceof Error]; } })())JS",
     R"JS(["InvalidCharacterError",true])JS"},
    {R"JS((function(){ try { atob('a'); } catch (e) { return e.name; } })())JS",
     R"JS("InvalidCharacterError")JS"},
    {R"JS(atob(btoa('\u00ff\u0000x')))JS",
     R"JS("\u00ff\u0000x")JS"},
    {R"JS((function(){ var o = {a: [1, {b: 2}], d: new Date(0), m: new Map([[1, {x: 1}]]), s: new Set(['q'])}; o.self = o; var c = structuredClone(o); return [c !== o, c.self === c, c.a[1].b, c.d.getTime(), c.m.get(1).x, c.s.has('q'), c.d instanceof Date, c.a[1] !== o.a[1]]; })())JS",
     R"JS([true,true,2,0,1,true,true,true])JS"},
    {R"JS((function(){ try { structuredClone({f: function(){}}); } catch (e) { return e.name; } })())JS",
     R"JS("DataCloneError")JS"},
    {R"JS((function(){ var u = new Uint8Array([1,2,3]); var c = structuredClone(u); c[0] = 9; return [u[0], c[0], c.length]; })())JS",
     R"JS([1,9,3])JS"},
    {R"JS((function(){ var e = structuredClone(new RangeError('boom')); return [e instanceof RangeError, e.message]; })())JS",
     R"JS([true,"boom"])JS"},
    {R"JS(structuredClone(new RegExp('a+', 'gi')).flags)JS",
     R"JS("gi")JS"},
    {R"JS(structuredClone([1, , 3]).length)JS",
     R"JS(3)JS"},
    {R"JS(Array.from(new TextEncoder().encode('h€')))JS",
     R"JS([104,226,130,172])JS"},
    {R"JS(new TextDecoder().decode(new TextEncoder().encode('h€\ud83d\ude00')))JS",
     R"JS("h\u20ac\ud83d\ude00")JS"},
    {R"JS((function(){ var d = new Uint8Array(4); var r = new TextEncoder().encodeInto('a€b', d); return [r.read, r.written, Array.from(d)]; })())JS",
     R"JS([2,4,[97,226,130,172]])JS"},
};

TEST(JsBuiltins, PreludeLoads) {
  oda::js::testing::Heap heap;
  EXPECT_EQ(heap.load_error(), "");
}

TEST(JsBuiltins, MatchNode) {
  oda::js::testing::Heap heap;
  for (const Case& c : kBuiltinCases) EXPECT_EQ(heap.show(c.expr), c.expected) << c.expr;
}

TEST(JsBuiltins, HiddenSlotsStayHidden) {
  oda::js::testing::Heap heap;
  // A Map key and a WeakMap key gain no visible property, symbol or JSON member.
  EXPECT_EQ(heap.show("(function(){ var k = {a:1}; new Map().set(k, 1); new WeakMap().set(k, 2);"
                      " return [Object.getOwnPropertyNames(k), Object.getOwnPropertySymbols(k).length,"
                      " JSON.stringify(k), Reflect.ownKeys(k).length]; })()"),
            R"([["a"],0,"{\"a\":1}",1])");
}

TEST(JsBuiltins, MapIsLinearInSize) {
  oda::js::testing::Heap heap;
  // 200000 inserts, lookups and deletes finish quickly only with hashed lookups.
  EXPECT_EQ(heap.show("(function(){ var m = new Map(), s = new Set(), o = [];"
                      " for (var i = 0; i < 200000; i++) { var k = {i:i}; o.push(k); m.set(k, i); s.add('k' + i); }"
                      " var sum = 0; for (i = 0; i < o.length; i++) sum += m.get(o[i]);"
                      " for (i = 0; i < o.length; i += 2) { m['delete'](o[i]); s['delete']('k' + i); }"
                      " return [sum, m.size, s.size, s.has('k1'), s.has('k2')]; })()"),
            "[19999900000,100000,100000,true,false]");
}

TEST(JsBuiltins, StableSortOnManyRecords) {
  oda::js::testing::Heap heap;
  EXPECT_EQ(heap.show("(function(){ var a = []; for (var i = 0; i < 5000; i++) a.push({k: i % 7, i: i});"
                      " a.sort(function(x, y){ return x.k - y.k; });"
                      " for (i = 1; i < a.length; i++) if (a[i-1].k === a[i].k && a[i-1].i > a[i].i) return false;"
                      " return a[0].k === 0 && a[a.length-1].k === 6; })()"),
            "true");
}

TEST(JsBuiltins, MethodsAreNotEnumerable) {
  oda::js::testing::Heap heap;
  EXPECT_EQ(heap.show("(function(){ var n = 0; for (var k in []) n++; for (k in '') n++; for (k in new Map()) n++;"
                      " for (k in Object) n++; return n; })()"),
            "0");
}

}  // namespace
