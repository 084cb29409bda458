// requires: runtime
// Generators: lazy pipelines, infinite sequences, return values, early exit cleanup.
function* naturals(from = 0) {
  let n = from;
  try {
    while (true) yield n++;
  } finally {
    console.log('naturals closed at', n);
  }
}
function* take(it, n) {
  if (n <= 0) return;
  for (const x of it) {
    yield x;
    if (--n <= 0) return;
  }
}
function* map(it, f) { for (const x of it) yield f(x); }
function* filter(it, p) { for (const x of it) if (p(x)) yield x; }
const evensSquared = [...take(map(filter(naturals(1), (x) => x % 2 === 0), (x) => x * x), 4)];
console.log(evensSquared);
function* chunk(arr, size) {
  for (let i = 0; i < arr.length; i += size) yield arr.slice(i, i + size);
}
console.log(JSON.stringify([...chunk([1, 2, 3, 4, 5], 2)]));
function* fib() { let [a, b] = [0, 1]; for (;;) { yield a; [a, b] = [b, a + b]; } }
const fibs = [];
for (const f of fib()) { if (f > 50) break; fibs.push(f); }
console.log(fibs.join(' '));
const gen = (function* () { const got = []; let v; while ((v = yield got.length) !== 'stop') got.push(v); return got; })();
gen.next();
gen.next('a');
gen.next('b');
console.log(JSON.stringify(gen.next('stop')));
const entries = Object.entries({ a: 1, b: 2 });
function* pairs() { for (const [k, v] of entries) yield `${k}=${v}`; }
console.log([...pairs()].join('&'));
