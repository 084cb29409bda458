#!/usr/bin/env bats
# Error messages in node's words (issue 16): the texts of lib/engine/patches/0017, of the
# runtime and of the lowering, each as node 20 prints it (or, where node names the expression
# and the engine has only the value, the value as node shows values).

load helpers

# Runs each line of snippets.txt in its own try block and prints "Name: message" for it.
errors_of() {
  { echo 'const out = [];'
    while IFS= read -r l; do
      printf 'try { %s\n} catch (e) { out.push(e.name + ": " + e.message); }\n' "$l"
    done < snippets.txt
    echo 'console.log(out.join("\n"));'; } > prog.js
  run run-code prog.js
  assert_success
}

@test "reading or setting a property of undefined or null: node's TypeError" {
  cat > snippets.txt <<'EOF'
let o; o.env
let o = null; o.x
let o = {}; o.a.b
let o; o[0]
null[1.5]
let o; o[Symbol('k')]
let o; o[{}]
let o = null; o.x = 1
let o; o['a' + 'b'] = 1
let o; o[Symbol('k')] = 1
EOF
  errors_of
  assert_output "TypeError: Cannot read properties of undefined (reading 'env')
TypeError: Cannot read properties of null (reading 'x')
TypeError: Cannot read properties of undefined (reading 'b')
TypeError: Cannot read properties of undefined (reading '0')
TypeError: Cannot read properties of null (reading '1.5')
TypeError: Cannot read properties of undefined (reading 'Symbol(k)')
TypeError: Cannot read properties of undefined (reading '#<Object>')
TypeError: Cannot set properties of null (setting 'x')
TypeError: Cannot set properties of undefined (setting 'ab')
TypeError: Cannot set properties of undefined (setting 'Symbol(k)')"
}

@test "calling a non-function: node's 'is not a function', naming the value (or the key of a method)" {
  cat > snippets.txt <<'EOF'
let f = 1; f()
let f; f()
let f = 'abc'; f()
let f = {}; f()
let s = Symbol('q'); s()
let o = {}; o.g()
let o = { a: {} }; o.a.g()
let o = {}; o[1]()
[1].forEach()
[1].map(null)
EOF
  errors_of
  assert_output "TypeError: 1 is not a function
TypeError: undefined is not a function
TypeError: abc is not a function
TypeError: #<Object> is not a function
TypeError: Symbol(q) is not a function
TypeError: (intermediate value).g is not a function
TypeError: (intermediate value).g is not a function
TypeError: (intermediate value)[1] is not a function
TypeError: undefined is not a function
TypeError: null is not a function"
}

@test "an undeclared name, Symbol and object conversions, lengths, reduce, repeat: node's words" {
  cat > snippets.txt <<'EOF'
undeclaredName
undeclaredName = undeclaredName + 1
(function () { 'use strict'; undeclaredName2 = 1; })()
'a' + Symbol()
Symbol() + 1
1 + Symbol()
Symbol() * 1
Number(Symbol())
Object.keys(undefined)
Object.assign(null)
Object.entries(null)
Object.values(undefined)
Object.hasOwn(null, 'a')
Object.getOwnPropertyDescriptors(null)
new Array(-1)
[].length = 1.5
[].reduce((a, b) => a)
[].reduceRight((a, b) => a)
'abc'.repeat(-1)
'abc'.repeat(Infinity)
const a = {}; a.a = a; JSON.stringify(a)
EOF
  errors_of
  assert_output "ReferenceError: undeclaredName is not defined
ReferenceError: undeclaredName is not defined
ReferenceError: undeclaredName2 is not defined
TypeError: Cannot convert a Symbol value to a string
TypeError: Cannot convert a Symbol value to a number
TypeError: Cannot convert a Symbol value to a number
TypeError: Cannot convert a Symbol value to a number
TypeError: Cannot convert a Symbol value to a number
TypeError: Cannot convert undefined or null to object
TypeError: Cannot convert undefined or null to object
TypeError: Cannot convert undefined or null to object
TypeError: Cannot convert undefined or null to object
TypeError: Cannot convert undefined or null to object
TypeError: Cannot convert undefined or null to object
RangeError: Invalid array length
RangeError: Invalid array length
TypeError: Reduce of empty array with no initial value
TypeError: Reduce of empty array with no initial value
RangeError: Invalid count value: -1
RangeError: Invalid count value: Infinity
TypeError: Converting circular structure to JSON"
}

@test "JSON.parse errors: node 20's texts, with its context window" {
  cat > snippets.txt <<'EOF'
JSON.parse('{"a":}')
JSON.parse('abc')
JSON.parse('[1,]')
JSON.parse('{"a":1,"b":[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21],"c":x}')
JSON.parse('{"a":x,"b":[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21]}')
JSON.parse('{"b":[1,2,3,4,5,6,7,8,9,10,é,12,13,14,15,16,17,18,19,20,21]}')
JSON.parse('')
JSON.parse('tru')
JSON.parse('{"a":1}}')
JSON.parse('[1,2,3] x')
EOF
  errors_of
  assert_output "SyntaxError: Unexpected token '}', \"{\"a\":}\" is not valid JSON
SyntaxError: Unexpected token 'a', \"abc\" is not valid JSON
SyntaxError: Unexpected token ']', \"[1,]\" is not valid JSON
SyntaxError: Unexpected token 'x', ...\"0,21],\"c\":x}\" is not valid JSON
SyntaxError: Unexpected token 'x', \"{\"a\":x,\"b\":[1,2\"... is not valid JSON
SyntaxError: Unexpected token 'é', ...\",7,8,9,10,é,12,13,14\"... is not valid JSON
SyntaxError: Unexpected end of JSON input
SyntaxError: Unexpected end of JSON input
SyntaxError: Unexpected non-whitespace character after JSON at position 7
SyntaxError: Unexpected non-whitespace character after JSON at position 8"
}

@test "JSON.parse of undefined or an object, an invalid Date, a malformed URI, setPrototypeOf: node's words" {
  cat > snippets.txt <<'EOF'
JSON.parse(undefined)
JSON.parse({})
JSON.parse(NaN)
new Date(NaN).toISOString()
decodeURIComponent('%')
encodeURIComponent('\uD800')
Object.setPrototypeOf(null, {})
Object.setPrototypeOf({}, 5)
EOF
  errors_of
  assert_output "SyntaxError: \"undefined\" is not valid JSON
SyntaxError: \"[object Object]\" is not valid JSON
SyntaxError: \"NaN\" is not valid JSON
RangeError: Invalid time value
URIError: URI malformed
URIError: URI malformed
TypeError: Object.setPrototypeOf called on null or undefined
TypeError: Object prototype may only be an Object or null: 5"
}

@test "for-of over a non-iterable names the expression as node does" {
  cat > snippets.txt <<'EOF'
let o = {}; for (const x of o) {}
let o = null; for (const x of o) {}
let o = { a: {} }; for (const x of o.a) {}
function f() { return 3; } for (const x of f()) {}
for (const x of 5) {}
EOF
  errors_of
  assert_output "TypeError: o is not iterable
TypeError: o is not iterable
TypeError: o.a is not iterable
TypeError: f is not a function or its return value is not iterable
TypeError: 5 is not iterable"
}

@test "the messages match node's, where node is installed" {
  cat > snippets.txt <<'EOF'
let o; o.env
let o = null; o.x = 1
let f = [1]; [1].map(f[0])
undeclaredName
'a' + Symbol()
Symbol() + 1
[].reduce((a, b) => a)
new Array(-1)
Object.keys(null)
JSON.parse('{"a":}')
JSON.parse('')
JSON.parse('1 2')
let o = {}; for (const x of o) {}
EOF
  errors_of
  node_prints "$output"
}

@test "a string past node's longest from padStart, padEnd or repeat: node's RangeError at once, not the heap limit" {
  cat > prog.js <<'EOF2'
const out = [];
let calls = 0;
const count = { valueOf() { calls++; return 3; } };
for (const f of [() => 'a'.padStart(Infinity), () => 'a'.padEnd(2 ** 29), () => 'a'.repeat(2 ** 29), () => 'ab'.repeat(2 ** 28),
  () => 'ab'.repeat(count) + calls, () => ''.repeat(2 ** 40), () => 'x'.repeat(-1.5), () => 'x'.repeat(Infinity), () => 'x'.repeat(2.9),
  () => 'abc'.padEnd(10, 'de'), () => 'abc'.padStart(2 ** 40, ''), () => 'x'.padStart(1e6, 'ab').slice(-5)])
  try { out.push(String(f())); } catch (e) { out.push(e.name + ': ' + e.message); }
console.log(out.join(' | '));
EOF2
  local want="RangeError: Invalid string length | RangeError: Invalid string length | RangeError: Invalid string length | RangeError: Invalid string length | ababab1 |  | RangeError: Invalid count value: -1.5 | RangeError: Invalid count value: Infinity | xx | abcdededed | abc | babax"
  run run-code prog.js
  assert_success
  assert_output "$want"
  node_prints "$want"
}

@test "an Array method called on null or undefined: the words node has for each" {
  # node names the method for these thirteen and says ToObject's words for the rest.
  cat > snippets.txt <<'EOF'
Array.prototype.map.call(null, x => x)
Array.prototype.filter.call(undefined, x => x)
Array.prototype.forEach.call(null, x => x)
Array.prototype.reduce.call(null, (a, b) => a)
Array.prototype.indexOf.call(null, 1)
Array.prototype.concat.call(null)
Array.prototype.findLast.call(null, x => x)
Array.prototype.join.call(null)
Array.prototype.slice.call(null)
Array.prototype.includes.call(undefined, 1)
Array.prototype.at.call(null, 0)
String.raw(null)
EOF
  errors_of
  assert_output "TypeError: Array.prototype.map called on null or undefined
TypeError: Array.prototype.filter called on null or undefined
TypeError: Array.prototype.forEach called on null or undefined
TypeError: Array.prototype.reduce called on null or undefined
TypeError: Array.prototype.indexOf called on null or undefined
TypeError: Array.prototype.concat called on null or undefined
TypeError: Array.prototype.findLast called on null or undefined
TypeError: Cannot convert undefined or null to object
TypeError: Cannot convert undefined or null to object
TypeError: Cannot convert undefined or null to object
TypeError: Cannot convert undefined or null to object
TypeError: Cannot convert undefined or null to object"
  node_prints "$output"
}

@test "a Symbol method on a non-symbol, Symbol.keyFor of a non-symbol, a radix out of range: node's words" {
  # The Symbol ones said "error (rc -6)", the radix ones "number outside range" (lib/engine/patches/0052).
  cat > snippets.txt <<'EOF'
Symbol.prototype.toString.call(1)
Symbol.prototype.valueOf.call({})
Symbol.prototype[Symbol.toPrimitive].call(1)
Symbol.keyFor(1)
Symbol.keyFor('x')
(1).toString(1)
(255).toString(37)
out.push((255).toString(16.9), Symbol.keyFor(Symbol.for('k')), String(Symbol.keyFor(Symbol('k'))), Object(Symbol('d')).toString())
EOF
  errors_of
  assert_output "TypeError: Symbol.prototype.toString requires that 'this' be a Symbol
TypeError: Symbol.prototype.valueOf requires that 'this' be a Symbol
TypeError: Symbol.prototype [ @@toPrimitive ] requires that 'this' be a Symbol
TypeError: 1 is not a symbol
TypeError: x is not a symbol
RangeError: toString() radix argument must be between 2 and 36
RangeError: toString() radix argument must be between 2 and 36
ff
k
undefined
Symbol(d)"
  node_prints "$output"
}

@test "a write to a frozen, sealed or non-extensible object, or to a getter-only property: node's words, naming the object as node does" {
  # Duktape said "not writable", "not extensible", "setter undefined" (lib/engine/patches/0053);
  # strict code throws, sloppy code goes on, as in node.
  cat > snippets.txt <<'EOF2'
(() => { 'use strict'; const o = Object.freeze({ x: 1 }); o.x = 2; })()
(() => { 'use strict'; const o = Object.freeze({ x: 1 }); o.a = 2; })()
(() => { 'use strict'; const o = Object.seal({ x: 1 }); o.y = 1; })()
(() => { 'use strict'; const a = Object.freeze([1, 2, 3]); a[0] = 9; })()
(() => { 'use strict'; const a = Object.freeze([1, 2, 3]); a.length = 0; })()
Object.freeze([1, 2, 3]).push(4)
Object.freeze([1, 2, 3]).sort()
(() => { 'use strict'; const a = [1, 2]; Object.defineProperty(a, 'length', { writable: false }); a[2] = 3; })()
(() => { 'use strict'; class K { constructor() { this.x = 1; } } const k = Object.freeze(new K()); k.x = 2; })()
(() => { 'use strict'; const s = new String('abc'); s[0] = 'x'; })()
(() => { 'use strict'; const e = Object.freeze(new RangeError('bad')); e.message = 'z'; })()
(() => { 'use strict'; const o = Object.freeze(Object.create(null, { x: { value: 1 } })); o.x = 2; })()
(() => { 'use strict'; const s = Symbol('s'); const o = Object.freeze({ [s]: 1 }); o[s] = 2; })()
(() => { 'use strict'; const o = { get x() { return 1; } }; o.x = 2; })()
(() => { 'use strict'; class K { get x() { return 1; } } new K().x = 2; })()
(() => { 'use strict'; const s = 'abc'; s.x = 1; })()
(() => { 'use strict'; const s = 'abc'; s[0] = 'x'; })()
(() => { 'use strict'; (5).x = 1; })()
(() => { 'use strict'; undefined = 1; })()
(() => { 'use strict'; Math.PI = 3; })()
(() => { 'use strict'; Object.defineProperty(Object, 'y', { value: 1 }); Object.y = 2; })()
let n = 0; const o = Object.defineProperty({ get constructor() { n++; return Object; } }, 'y', { value: 1 }); try { (() => { 'use strict'; o.y = 2; })(); } finally { out.push('getter calls: ' + n); }
const o = Object.freeze({ x: 1 }); o.x = 2; o.a = 1; out.push('sloppy: ' + o.x + ' ' + o.a)
EOF2
  errors_of
  assert_output "TypeError: Cannot assign to read only property 'x' of object '#<Object>'
TypeError: Cannot add property a, object is not extensible
TypeError: Cannot add property y, object is not extensible
TypeError: Cannot assign to read only property '0' of object '[object Array]'
TypeError: Cannot assign to read only property 'length' of object '[object Array]'
TypeError: Cannot add property 3, object is not extensible
TypeError: Cannot assign to read only property '0' of object '[object Array]'
TypeError: Cannot assign to read only property 'length' of object '[object Array]'
TypeError: Cannot assign to read only property 'x' of object '#<K>'
TypeError: Cannot assign to read only property '0' of object '[object String]'
TypeError: Cannot assign to read only property 'message' of object 'RangeError: bad'
TypeError: Cannot assign to read only property 'x' of object '[object Object]'
TypeError: Cannot assign to read only property 'Symbol(s)' of object '#<Object>'
TypeError: Cannot set property x of #<Object> which has only a getter
TypeError: Cannot set property x of #<K> which has only a getter
TypeError: Cannot create property 'x' on string 'abc'
TypeError: Cannot assign to read only property '0' of string 'abc'
TypeError: Cannot create property 'x' on number '5'
TypeError: Cannot assign to read only property 'undefined' of object '#<Object>'
TypeError: Cannot assign to read only property 'PI' of object '#<Object>'
TypeError: Cannot assign to read only property 'y' of function 'function Object() { [native code] }'
getter calls: 0
TypeError: Cannot assign to read only property 'y' of object '[object Object]'
sloppy: 1 undefined"
  node_prints "$output"
}

@test "a delete or redefinition of a non-configurable property, a prototype change refused: node's words" {
  # Duktape said "not configurable", "not extensible" and "invalid args" (lib/engine/patches/0053);
  # the Reflect forms answer false and throw nothing.
  cat > snippets.txt <<'EOF2'
(() => { 'use strict'; const o = Object.seal({ x: 1 }); delete o.x; })()
(() => { 'use strict'; delete Object.freeze([1, 2, 3])[0]; })()
Object.freeze([1, 2, 3]).pop()
(() => { 'use strict'; delete 'abc'.length; })()
(() => { 'use strict'; delete Object.prototype; })()
(() => { 'use strict'; const s = Symbol('s'); const o = Object.freeze({ [s]: 1 }); delete o[s]; })()
(() => { 'use strict'; const a = [1, 2, 3]; Object.defineProperty(a, 1, { value: 2, configurable: false }); a.length = 0; })()
Object.defineProperty(Object.preventExtensions({}), 'a', { value: 1 })
const o = Object.defineProperty({}, 'a', { value: 1 }); Object.defineProperty(o, 'a', { value: 2 })
Object.defineProperty(Object.freeze({ a: 1 }), 'a', { get() {} })
const s = Symbol('s'); Object.defineProperty(Object.freeze({ [s]: 1 }), s, { value: 2 })
Object.defineProperties(Object.freeze({ a: 1 }), { a: { value: 2 } })
const a = [1, 2]; Object.defineProperty(a, 'length', { writable: false }); Object.defineProperty(a, 2, { value: 3 })
Object.setPrototypeOf(Object.preventExtensions({}), {})
Object.setPrototypeOf(Object.preventExtensions([]), {})
const o = Object.preventExtensions({}); o.__proto__ = {}
const o = {}; Object.setPrototypeOf(o, Object.create(o))
const f = Object.freeze({ a: 1 }); out.push([Reflect.defineProperty(f, 'a', { value: 2 }), Reflect.set(f, 'a', 2), Reflect.deleteProperty(f, 'a'), Reflect.setPrototypeOf(f, {})].join())
EOF2
  errors_of
  assert_output "TypeError: Cannot delete property 'x' of #<Object>
TypeError: Cannot delete property '0' of [object Array]
TypeError: Cannot delete property '2' of [object Array]
TypeError: Cannot delete property 'length' of [object String]
TypeError: Cannot delete property 'prototype' of function Object() { [native code] }
TypeError: Cannot delete property 'Symbol(s)' of #<Object>
TypeError: Cannot delete property '1' of [object Array]
TypeError: Cannot define property a, object is not extensible
TypeError: Cannot redefine property: a
TypeError: Cannot redefine property: a
TypeError: Cannot redefine property: Symbol(s)
TypeError: Cannot redefine property: a
TypeError: Cannot define property 2, object is not extensible
TypeError: #<Object> is not extensible
TypeError: [object Array] is not extensible
TypeError: #<Object> is not extensible
TypeError: Cyclic __proto__ value
false,false,false,false"
  node_prints "$output"
}

@test "wrong arguments to Object, Reflect, typed array, DataView, Boolean, Number and Date built-ins: node's words" {
  # They said "object required, found 1 (stack index 0)", "invalid args", "invalid length",
  # "number expected", "expected Date" (lib/engine/patches/0054) or "number is not iterable".
  cat > snippets.txt <<'EOF2'
Object.defineProperty(1, 'a', {})
Object.defineProperties('s', {})
Reflect.defineProperty(1, 'a', {})
Object.defineProperty({}, 'a', 1)
Object.defineProperties({}, { a: 'x' })
Object.create({}, { a: true })
Object.create(1)
Object.create(undefined)
Reflect.ownKeys(1)
Reflect.getPrototypeOf(1)
Reflect.setPrototypeOf(1, {})
Reflect.setPrototypeOf({}, 1)
Reflect.deleteProperty(1, 'a')
Reflect.getOwnPropertyDescriptor(1, 'a')
Reflect.isExtensible(1)
Reflect.preventExtensions(1)
Function.prototype.apply.call(function () {}, null, 1)
new Uint8Array(-1)
new Uint8Array(new ArrayBuffer(4), 5)
new Uint16Array(new ArrayBuffer(4), 1)
new Uint16Array(new ArrayBuffer(3))
new Uint8Array(new ArrayBuffer(4), 1, 10)
new ArrayBuffer(-1)
new DataView(new ArrayBuffer(4), 10)
new DataView(new ArrayBuffer(4), 2, 10)
new DataView(1)
String.fromCodePoint(-1)
String.fromCodePoint(1.5)
Boolean.prototype.valueOf.call(1)
Boolean.prototype.toString.call('x')
Number.prototype.toString.call('x')
Number.prototype.toFixed.call({})
Date.prototype.getTime.call({})
Object.fromEntries(1)
Object.fromEntries({})
EOF2
  errors_of
  assert_output "TypeError: Object.defineProperty called on non-object
TypeError: Object.defineProperties called on non-object
TypeError: Reflect.defineProperty called on non-object
TypeError: Property description must be an object: 1
TypeError: Property description must be an object: x
TypeError: Property description must be an object: true
TypeError: Object prototype may only be an Object or null: 1
TypeError: Object prototype may only be an Object or null: undefined
TypeError: Reflect.ownKeys called on non-object
TypeError: Reflect.getPrototypeOf called on non-object
TypeError: Reflect.setPrototypeOf called on non-object
TypeError: Object prototype may only be an Object or null: 1
TypeError: Reflect.deleteProperty called on non-object
TypeError: Reflect.getOwnPropertyDescriptor called on non-object
TypeError: Reflect.isExtensible called on non-object
TypeError: Reflect.preventExtensions called on non-object
TypeError: CreateListFromArrayLike called on non-object
RangeError: Invalid typed array length: -1
RangeError: Start offset 5 is outside the bounds of the buffer
RangeError: start offset of Uint16Array should be a multiple of 2
RangeError: byte length of Uint16Array should be a multiple of 2
RangeError: Invalid typed array length: 10
RangeError: Invalid array buffer length
RangeError: Start offset 10 is outside the bounds of the buffer
RangeError: Invalid DataView length 10
TypeError: First argument to DataView constructor must be an ArrayBuffer
RangeError: Invalid code point -1
RangeError: Invalid code point 1.5
TypeError: Boolean.prototype.valueOf requires that 'this' be a Boolean
TypeError: Boolean.prototype.toString requires that 'this' be a Boolean
TypeError: Number.prototype.toString requires that 'this' be a Number
TypeError: Number.prototype.toFixed requires that 'this' be a Number
TypeError: this is not a Date object.
TypeError: number 1 is not iterable (cannot read property Symbol(Symbol.iterator))
TypeError: object is not iterable (cannot read property Symbol(Symbol.iterator))"
  node_prints "$output"
}

@test "String, Function receivers, a descriptor's getter, setter or mixed kinds, a typed array set() out of bounds, Reflect.construct, bind: node's words" {
  # They said "invalid args" and "invalid descriptor" (lib/engine/patches/0054).
  cat > snippets.txt <<'EOF2'
String.prototype.toString.call(1)
String.prototype.valueOf.call({})
Function.prototype.toString.call({})
Object.defineProperty({}, 'a', { get: 1 })
Object.defineProperty({}, 'a', { set: {} })
Object.defineProperty({}, 'a', { get() {}, value: 1 })
new Uint8Array(2).set([1, 2, 3])
new Uint8Array(2).set([1], -1)
new Uint8Array(2).set(new Uint8Array(3))
Reflect.construct(1)
Reflect.construct({})
Reflect.construct(function () {}, 1)
Function.prototype.bind.call(1)
Function.prototype.bind.call({})
EOF2
  errors_of
  assert_output "TypeError: String.prototype.toString requires that 'this' be a String
TypeError: String.prototype.valueOf requires that 'this' be a String
TypeError: Function.prototype.toString requires that 'this' be a Function
TypeError: Getter must be a function: 1
TypeError: Setter must be a function: #<Object>
TypeError: Invalid property descriptor. Cannot both specify accessors and a value or writable attribute, #<Object>
RangeError: offset is out of bounds
RangeError: offset is out of bounds
RangeError: offset is out of bounds
TypeError: 1 is not a constructor
TypeError: #<Object> is not a constructor
TypeError: CreateListFromArrayLike called on non-object
TypeError: Bind must be called on a function
TypeError: Bind must be called on a function"
  node_prints "$output"
}

@test "a RegExp method or getter on what is no RegExp: node's words, naming the receiver as node does" {
  # The runtime said "RegExp.prototype.exec called on incompatible receiver [object Object]".
  cat > prog.js <<'EOF2'
const out = [];
const R = RegExp.prototype, globalGetter = Object.getOwnPropertyDescriptor(R, 'global').get;
for (const f of [() => R.exec.call({}, 'a'), () => R.exec.call(1, 'a'), () => R.exec.call(new (class K {})(), 'a'),
  () => R.test.call(1, 'a'), () => R.toString.call(1), () => R[Symbol.match].call(1, 'a'), () => R[Symbol.replace].call(1, 'a'),
  () => R[Symbol.split].call(1, 'a'), () => R[Symbol.search].call(1, 'a'), () => R[Symbol.matchAll].call(1, 'a'),
  () => globalGetter.call({})])
  try { f(); } catch (e) { out.push(e.name + ': ' + e.message); }
console.log(out.join('\n'));
EOF2
  local want="TypeError: Method RegExp.prototype.exec called on incompatible receiver #<Object>
TypeError: Method RegExp.prototype.exec called on incompatible receiver 1
TypeError: Method RegExp.prototype.exec called on incompatible receiver #<K>
TypeError: Method RegExp.prototype.test called on incompatible receiver undefined
TypeError: Method RegExp.prototype.toString called on incompatible receiver 1
TypeError: Method RegExp.prototype.@@match called on incompatible receiver 1
TypeError: Method RegExp.prototype.@@replace called on incompatible receiver undefined
TypeError: Method RegExp.prototype.@@split called on incompatible receiver 1
TypeError: Method RegExp.prototype.@@search called on incompatible receiver 1
TypeError: Method RegExp.prototype.@@matchAll called on incompatible receiver 1
TypeError: RegExp.prototype.global getter called on non-RegExp object"
  run run-code prog.js
  assert_success
  assert_output "$want"
  node_prints "$want"
}

@test "an incompatible receiver is named without running the program's getters, as V8 names it" {
  # The runtime read x.constructor through its getter (three times here) and named the objects
  # #<Map>, #<Object>, #<Set>.
  cat > prog.js <<'EOF2'
let ran = 0;
const own = { get constructor() { ran++; return Map; } };
const inherited = Object.create({ get constructor() { ran++; return Set; } });
for (const x of [own, inherited, [], new Error('m'), Symbol('s'), Object.create(null)]) {
  try { RegExp.prototype.exec.call(x, ''); } catch (e) { console.log(e.message); }
  try { Intl.Segmenter.prototype.resolvedOptions.call(x); } catch (e) { console.log(e.message); }
}
console.log('getters run:', ran);
EOF2
  local want="Method RegExp.prototype.exec called on incompatible receiver [object Object]
Method Intl.Segmenter.prototype.resolvedOptions called on incompatible receiver [object Object]
Method RegExp.prototype.exec called on incompatible receiver [object Object]
Method Intl.Segmenter.prototype.resolvedOptions called on incompatible receiver [object Object]
Method RegExp.prototype.exec called on incompatible receiver [object Array]
Method Intl.Segmenter.prototype.resolvedOptions called on incompatible receiver [object Array]
Method RegExp.prototype.exec called on incompatible receiver Error: m
Method Intl.Segmenter.prototype.resolvedOptions called on incompatible receiver Error: m
Method RegExp.prototype.exec called on incompatible receiver Symbol(s)
Method Intl.Segmenter.prototype.resolvedOptions called on incompatible receiver Symbol(s)
Method RegExp.prototype.exec called on incompatible receiver [object Object]
Method Intl.Segmenter.prototype.resolvedOptions called on incompatible receiver [object Object]
getters run: 0"
  run run-code prog.js
  assert_success
  assert_output "$want"
  node_prints "$want"
}
