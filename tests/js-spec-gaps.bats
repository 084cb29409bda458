#!/usr/bin/env bats
# Where run-code parted from node on test262's harness, odd iterables and big patterns:
# thrown values that are no Errors but carry a message, the Promise combinators over
# iterables that never end or whose values C.resolve refuses (which spun until the heap
# limit), and patterns too large for PCRE2's 16-bit library.

load helpers

@test "a thrown object that is no Error but has a message renders as 'Name: message'" {
  cat > prog.js <<'EOF2'
function Test262Error(message) { this.message = message || ''; }
Test262Error.prototype.toString = function () { return 'Test262Error: ' + this.message; };
throw new Test262Error('Expected SameValue(«1», «2») to be true');
EOF2
  run run-code prog.js
  assert_failure 1
  assert_output 'code run failed (exception): Test262Error: Expected SameValue(«1», «2») to be true'
  run run-code --json prog.js
  assert_output --partial '"kind":"exception","message":"Test262Error: Expected SameValue(«1», «2») to be true"'
}

@test "its own name wins over its constructor's, after an await too; a bare name without a message" {
  cat > prog.js <<'EOF2'
class HttpError { constructor(status) { this.name = 'HttpError'; this.message = 'status ' + status; this.at = new Date(0); } }
await Promise.resolve();
throw new HttpError(404);
EOF2
  run run-code prog.js
  assert_failure 1
  assert_output 'code run failed (exception): HttpError: status 404'
  printf '%s\n' 'throw new (class Quiet { constructor() { this.message = ""; this.at = new Date(0); } })();' > prog.js
  run run-code prog.js
  assert_output 'code run failed (exception): Quiet'
}

@test "plain data thrown stays JSON, and a value with no message stays unrenderable" {
  printf '%s\n' "throw { name: 'Plain', message: 'stays JSON' };" > prog.js
  run run-code prog.js
  assert_output 'code run failed (exception): {"name":"Plain","message":"stays JSON"}'
  printf '%s\n' 'throw new (class Weird { constructor() { this.when = new Date(0); } })();' > prog.js
  run run-code prog.js
  assert_failure 1
  assert_output 'code run failed (exception): program threw an unrenderable value'
}

@test "Promise.all, allSettled, race and any over endless or broken iterables reject as in node" {
  cat > prog.js <<'EOF2'
const out = [];
const T = (p) => p.then((v) => 'ok ' + JSON.stringify(v), (e) => 'rejected ' + (e && e.message !== undefined ? e.constructor.name + ': ' + e.message : String(e)));
// An endless iterator whose values C.resolve refuses: closed through return, rejected.
let closed = 0;
const endless = { [Symbol.iterator]() { return { next() { return { done: false, value: 1 }; }, return() { closed++; return {}; } }; } };
class Bad extends Promise {}
Bad.resolve = () => { throw new Error('resolve refused'); };
out.push(await T(Promise.all.call(Bad, endless)), closed);
out.push(await T(Promise.allSettled.call(Bad, endless)), closed);
// The same with a null return: still rejected, nothing to close.
const nullReturn = { [Symbol.iterator]() { return { next() { return { done: false, value: 1 }; }, return: null }; } };
out.push(await T(Promise.all.call(Bad, nullReturn)), await T(Promise.allSettled.call(Bad, nullReturn)), await T(Promise.race.call(Bad, nullReturn)), await T(Promise.any.call(Bad, nullReturn)));
// next throwing: rejected, not closed.
const throwingNext = { [Symbol.iterator]() { return { next() { throw new Error('next broke'); }, return() { closed += 100; } }; } };
out.push(await T(Promise.all(throwingNext)), closed);
// Ordinary iterables still work: a Set, a generator, a string, an empty one.
function* gen() { yield 1; yield Promise.resolve(2); }
out.push(await T(Promise.all(new Set([3, Promise.resolve(4)]))), await T(Promise.all(gen())), await T(Promise.allSettled('ab')), await T(Promise.all([])), await T(Promise.any([])), await T(Promise.all(5)));
return out;
EOF2
  body_same_as_node
  assert_output --partial '"rejected Error: resolve refused",1,'
}

@test "a RegExp of 10,000 alternatives compiles and matches as in node, built or literal (markdown-it linkify)" {
  cat > prog.js <<'EOF2'
const words = Array.from({ length: 10000 }, (_, i) => 'w' + i);
const whole = new RegExp('^(?:' + words.join('|') + ')$');
const any = new RegExp('(' + words.join('|') + ')', 'gi');
const text = 'é W12 😀 w9999, w10000 and W7!';
const sticky = new RegExp(words.join('|'), 'y');
sticky.lastIndex = 2;
const out = [whole.test('w9999'), whole.test('w10000'), whole.test('W5'), text.replace(any, '<$1>'), [...text.matchAll(any)].map((m) => m.index + ':' + m[1]),
  text.split(new RegExp(words.join('|'), 'i')), sticky.exec('é w42')?.[0], sticky.lastIndex, any.source.length];
const literal = eval('/^(?:' + words.slice(0, 8000).join('|') + ')$/');
out.push(literal.test('w7999'), literal.test('w8000'));
return out;
EOF2
  body_same_as_node
  assert_output --partial '[true,false,false,'
}

@test "new on an arrow, a method, an accessor, an async function or a generator throws node's TypeError naming the callee" {
  cat > prog.js <<'EOF'
const tries = [
  () => { const f = () => 1; new f(); },
  () => { const o = { m() {} }; new o.m(); },
  () => { async function af() {} new af(); },
  () => { function* g() {} new g(); },
  () => { async function* ag() {} new ag(); },
  () => { const o = { async m() {} }; new o.m(); },
  () => { class C { m() {} } new C.prototype.m(); },
  () => { class C { static s() {} } new C.s(); },
  () => { const a = async () => 1; new a(); },
  () => { new (() => 1)(); },
  () => { const o = { f: () => 1, p: { q: () => 1 }, k: () => 1 }; const k = 'k'; new o.f(); },
  () => { const o = { p: { q: () => 1 } }; new o.p.q(...[1, 2]); },
  () => { const a = [() => 1]; new a[0](); },
  () => { const o = { k: () => 1 }; const k = 'k'; new o[k](); },
  () => { const o = { k: () => 1 }; new o['k'](); },
  () => { const o = { m() { return () => 1; } }; new (o.m())(); },
  () => { let u; new u(); },
  () => { new undefined(); },
  () => { const x = 5; new x; },
  () => { new Math.max(); },
  () => { let F = function () {}; F = () => 1; new F(); },
  () => { const o = { get g() { return 1; } }; new (Object.getOwnPropertyDescriptor(o, 'g').get)(); },
];
for (const t of tries) { try { t(); console.log('constructed'); } catch (e) { console.log(e.name + ': ' + e.message); } }
// What stays a constructor, and what has a prototype, as in node.
class A {}
function F() { this.v = 1; }
const P = new Proxy(A, {});
const B = F.bind(null);
console.log(new P() instanceof A, new B().v, new F().v, typeof new (class extends A {})(), new Map().size);
console.log((() => 1).hasOwnProperty('prototype'), ({ m() {} }).m.hasOwnProperty('prototype'),
  (async () => 1).hasOwnProperty('prototype'), (function () {}).hasOwnProperty('prototype'),
  typeof (function* () {}).prototype, (class { m() {} }).prototype.m.hasOwnProperty('prototype'));
EOF
  same_as_node
}

@test "a program that deletes or replaces Promise.resolve and then still ends with its result" {
  cat > prog.js <<'EOF2'
delete Promise.prototype.then;
delete Promise.resolve;
return 'done';
EOF2
  run run-code prog.js
  assert_success
  assert_output 'done'
  cat > prog.js <<'EOF2'
Promise.resolve = () => { throw new Error('replaced'); };
Promise.prototype.then = function () { throw new Error('replaced'); };
await null;
throw new RangeError("the program's own");
EOF2
  run run-code prog.js
  assert_failure 1
  assert_output "code run failed (exception): RangeError: the program's own (line 4)"
}
