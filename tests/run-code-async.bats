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
