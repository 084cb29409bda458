#!/usr/bin/env bats
# run-code with the modern-JavaScript lowering: top-level await and async functions run as
# Duktape coroutines under run-code's event loop.
load helpers

@test "top-level await of a timer and a returned object" {
  run run-code --code 'const x = await new Promise(r => setTimeout(r, 10, 5)); console.log(`x=${x}`); return {x}'
  [ "$status" -eq 0 ]
  [ "$output" = $'x=5\n{"x":5}' ]
}

@test "async functions await each other and run concurrently" {
  run run-code --code '
    const order = [];
    const wait = (ms, v) => new Promise(r => setTimeout(() => { order.push(v); r(v) }, ms));
    async function twice(ms, v) { const a = await wait(ms, v); return a + a }
    const r = await Promise.all([twice(30, "slow"), twice(5, "fast")]);
    return {r, order}'
  [ "$status" -eq 0 ]
  [ "$output" = '{"r":["slowslow","fastfast"],"order":["fast","slow"]}' ]
}

@test "await in a loop keeps the order of the loop" {
  run run-code --code $'const rs = [];\nfor (const n of [3, 1, 2]) rs.push(await new Promise(r => setTimeout(() => r(n), n)));\nreturn rs;'
  [ "$output" = "[3,1,2]" ]
}

@test "a rejection caught around await" {
  run run-code --code 'try { await Promise.reject(new TypeError("t")) } catch (e) { return `caught ${e.name}: ${e.message}` }'
  [ "$status" -eq 0 ]
  [ "$output" = "caught TypeError: t" ]
}

@test "an error after an await points at the program's own line" {
  run run-code --code $'console.log("a");\nawait new Promise(r => setTimeout(r, 5));\nthrow new Error("after await");'
  [ "$status" -eq 1 ]
  [ "${lines[0]}" = "code run failed (exception): Error: after await (line 3)" ]
  [ "${lines[2]}" = "a" ]
}

@test "an error inside an awaited async function names its line" {
  run run-code --code $'async function f() {\n  await null;\n  undefined.x;\n}\nawait f();'
  [ "$status" -eq 1 ]
  [ "$output" = "code run failed (exception): TypeError: Cannot read properties of undefined (reading 'x') (line 3)" ]
}

@test "awaiting a promise nothing can settle fails at once" {
  run run-code --timeout-ms 60000 --code 'await new Promise(() => {})'
  [ "$status" -eq 1 ]
  [ "$output" = "code run failed (exception): program finished without a result (unresolved promise)" ]
}

@test "awaiting past the budget is a timeout" {
  run run-code --timeout-ms 500 --code 'console.log("waiting"); await new Promise(r => setTimeout(r, 100000))'
  [ "$status" -eq 124 ]
  [ "${lines[0]}" = "code run failed (timeout): execution deadline reached (500ms)" ]
  [ "${lines[2]}" = "waiting" ]
}

@test "await of a host request's reply" {
  export ODA_RUN_TEST_FAULTS=1
  run run-code --code 'const r = await __oda_host("test.echo", {list: [1, 2], s: "é"}); return r.list.length + r.s'
  [ "$status" -eq 0 ]
  [ "$output" = "2é" ]
}

@test "a returned promise from an async arrow settles the run" {
  run run-code --code 'return (async () => { await null; return "inner" })()'
  [ "$output" = "inner" ]
}

@test "binding resolution must be lossless JSON; other replies come back as data or text" {
  export ODA_RUN_TEST_FAULTS=1
  run run-code --code 'return await __oda_host("test.output", "{\"n\": 9007199254740993}")'
  [ "$status" -eq 1 ]
  [ "$output" = "code run failed (exception): TypeError: binding resolution must be lossless JSON" ]
  run run-code --code 'try { await __oda_host("test.output", "[9007199254740993]") } catch (e) { return e instanceof TypeError }'
  [ "$output" = "true" ]
  run run-code --code 'return [await __oda_host("test.output", "[1, 2.5]"), await __oda_host("test.output", "plain text")]'
  [ "$output" = '[[1,2.5],"plain text"]' ]
}

@test "a request nothing handles rejects with an Error" {
  run run-code --code 'try { await __oda_host("no.such", {}) } catch (e) { return e.name + ": " + e.message }'
  [ "$output" = "Error: unknown host request 'no.such'" ]
}

@test "await and then interleave tick by tick as in Node" {
  run run-code --code 'const log = [];
    (async () => { log.push(1); await null; log.push(3); await Promise.resolve(); log.push(5) })();
    Promise.resolve().then(() => log.push(2)).then(() => log.push(4)).then(() => log.push(6));
    await new Promise(r => setTimeout(r, 1)); return log'
  [ "$output" = "[1,3,2,5,4,6]" ]
}

@test "an async function whose parameters throw returns a rejected promise, as in node" {
  cat > prog.js <<'EOF'
const out = []
async function f(x = y, y) { return 1 }
async function g(_ = (() => { throw new Error('boom') })()) { return 2 }
const h = async ({ a }) => a
async function ok(a = 1, { b } = { b: 2 }, ...r) { return [a, b, r] }
for (const p of [() => f(), () => g(), () => h(null), () => ok(undefined, undefined, 3)]) {
  let pr
  try { pr = p() } catch (e) { out.push('sync ' + e.constructor.name); continue }
  out.push(pr instanceof Promise)
  try { out.push(await pr) } catch (e) { out.push('rejected ' + e.constructor.name) }
}
return out
EOF
  run run-code prog.js
  [ "$output" = '[true,"rejected ReferenceError",true,"rejected Error",true,"rejected TypeError",true,[1,2,[3]]]' ]
}

@test "then callbacks, awaits of thenables, subclassed and frozen promises keep node's microtask order" {
  cat > prog.js <<'EOF'
const log = [];
const L = (s) => log.push(s);
class MyP extends Promise {
  constructor(ex) { super(ex); this.tag = 'my'; }
}
class Sp extends Promise { static get [Symbol.species]() { return Promise; } }
const thenable = { then(r) { L('thenable.then'); r('T'); } };
async function a1() { L('a1 start'); await null; L('a1 after null'); await thenable; L('a1 after thenable'); return 'a1'; }
async function a2() { L('a2 start'); const v = await MyP.resolve(5); L('a2 got ' + v); return v; }
async function a3() { try { await Promise.reject(new Error('boom')); } catch (e) { L('a3 caught ' + e.message); } return 3; }
async function sync1() { return 7; }
async function thrower() { throw new Error('t'); }
const p0 = Promise.resolve(1);
p0.then(v => L('then1 ' + v)).then(() => L('then1b'));
const fz = Promise.resolve('fz'); Object.freeze(fz);
fz.then(v => L('frozen ' + v));
let fr; const fp = new Promise(r => { fr = r; }); Object.freeze(fp);
fp.then(v => L('frozen pending ' + v));
fr('ok');
const my = new MyP(r => r('m'));
L('my tag ' + my.tag + ' ' + (my instanceof MyP) + ' ' + (my.then(x => x) instanceof MyP));
const sp = new Sp(r => r('s'));
L('sp then is Promise ' + (sp.then(x => x).constructor === Promise));
a1().then(v => L('a1 done ' + v));
a2().then(v => L('a2 done ' + v));
a3().then(v => L('a3 done ' + v));
sync1().then(v => L('sync1 ' + v));
thrower().catch(e => L('thrower ' + e.message));
queueMicrotask(() => L('qm'));
const pc = Promise.resolve(2); pc.constructor = function () {};
(async () => { L('pc await ' + await pc); })();
const own = Promise.resolve('own');
Object.defineProperty(own, 'constructor', { get() { L('ctor getter'); return Promise; } });
(async () => { L('own ' + await own); })();
(async () => { const r = await Promise.all([sync1(), a2(), 9, thenable]); L('all ' + r.join()); })();
(async () => { for (let i = 0; i < 3; i++) L('loop ' + await sync1() + i); })();
Promise.resolve().then(() => L('t1')).then(() => L('t2')).then(() => L('t3')).then(() => L('t4'));
new Promise((_, rej) => rej(new Error('r'))).then(null, e => L('rej ' + e.message)).finally(() => L('fin'));
const many = Promise.resolve('x');
for (let i = 0; i < 4; i++) many.then(v => L('many ' + i));
let late; const lp = new Promise(r => { late = r; });
for (let i = 0; i < 3; i++) lp.then(v => L('lp ' + i + v));
await new Promise(r => setTimeout(r, 0));
late('!');
await new Promise(r => setTimeout(r, 0));
console.log(log.join('\n'));
EOF
  run run-code prog.js
  [ "$status" -eq 0 ]
  [ "$output" = "$(cat <<'EOF'
my tag my true true
sp then is Promise true
a1 start
a2 start
ctor getter
a2 start
then1 1
frozen fz
frozen pending ok
a1 after null
a3 caught boom
sync1 7
thrower t
qm
own own
thenable.then
loop 70
t1
rej r
many 0
many 1
many 2
many 3
then1b
thenable.then
a3 done 3
loop 71
t2
fin
a1 after thenable
a2 got 5
pc await 2
a2 got 5
loop 72
t3
a1 done a1
a2 done 5
t4
all 7,5,9,T
lp 0!
lp 1!
lp 2!
EOF
)" ]
}

# A waiting async call is a coroutine whose value stack is cut to the values it holds at its
# first await (engine patches 0055, 0080), which borrows the heap thread's built-ins rather
# than copying them (0081), and an await of a value that is no object makes no promise:
# 10,000 of them pending at once fit in 19 MiB of heap, where each kept 2 KiB of stack and
# they needed over 40 MiB, then 736 bytes and 27 MiB, then 21 MiB.
@test "10,000 async calls pending at once fit a 19 MiB heap" {
  run run-code --max-heap-mb 19 --code '
    async function work(i) { await null; return i * 2; }
    const ps = [];
    for (let i = 0; i < 10000; i++) ps.push(work(i));
    const r = await Promise.all(ps);
    console.log(r.length, r.reduce((a, b) => a + b, 0));'
  [ "$status" -eq 0 ]
  [ "$output" = "10000 99990000" ]
}

# The cut stack still grows on demand: recursion 5,000 deep and 100,000 values spread onto
# the stack inside a coroutine, before its first await and after it, and in a generator
# (node prints the same line).
@test "a coroutine recurses 5,000 deep and holds 100,000 values on its stack around its awaits" {
  run run-code --code '
    function depth(n) { return n === 0 ? 0 : 1 + depth(n - 1); }
    async function deep(n) { await null; const d = depth(n); await null; return d + depth(n); }
    async function deepFirst(n) { const d = depth(n); await null; return d; }
    async function wide(n) { await null; const a = Array.from({ length: n }, (_, i) => i); const m = Math.max(...a); await null; return m + Math.min(...a); }
    function* gen() { yield 1; yield depth(5000); }
    const r = await Promise.all([deep(5000), deepFirst(5000), wide(100000), deep(5000)]);
    console.log(r.join(" "), [...gen()].join(" "));'
  [ "$status" -eq 0 ]
  [ "$output" = "10000 5000 99999 10000 1 5000" ]
}
