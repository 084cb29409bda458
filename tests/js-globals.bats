#!/usr/bin/env bats
# The globals universal library builds expect (SPEC 5): self, setImmediate, AbortController,
# EventTarget, crypto and performance through run-code, compared with node's answers for the
# same program (node run by the test itself) wherever node has the global.

load helpers

@test "self is the global object, as browser-style builds look for it" {
  cat > prog.js <<'EOF'
var root = typeof self === 'object' ? self : typeof window === 'object' ? window : this;
return [typeof self, self === globalThis, root === globalThis];
EOF
  run run-code prog.js
  assert_success
  assert_output '["object",true,true]'
}

@test "setImmediate runs after the microtasks and before a new timer, as in node" {
  cat > prog.js <<'EOF'
var out = [];
setTimeout(function () {
  setImmediate(function (x, y) {
    out.push('imm1:' + x + y);
    Promise.resolve().then(function () { out.push('imm1-micro'); });
    setImmediate(function () { out.push('imm-nested'); });
  }, 'a', 'b');
  setImmediate(function () { out.push('imm2'); });
  setTimeout(function () { out.push('timeout0'); }, 0);
  Promise.resolve().then(function () { out.push('micro'); });
  queueMicrotask(function () { out.push('qm'); });
  clearImmediate(setImmediate(function () { out.push('cleared'); }));
  out.push('sync');
}, 1);
Promise.resolve().then(function () { out.push('first-micro'); });
return new Promise(function (resolve) {
  setTimeout(function () {
    console.log(out.join(' '));
    setImmediate(resolve);
  }, 30);
});
EOF
  same_as_node
}

@test "a run waiting only on a cleared immediate ends as unresolved" {
  cat > prog.js <<'EOF'
return new Promise(function () { clearImmediate(setImmediate(function () {})); });
EOF
  run run-code prog.js
  assert_failure 1
  assert_output 'code run failed (exception): program finished without a result (unresolved promise)'
}
