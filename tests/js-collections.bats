#!/usr/bin/env bats
# Map and Set (lib/engine/collections.cc, lib/engine/runtime/30-collections.js) through
# run-code: each program's output is what node v20 prints for it (checked when the test was
# written).

load helpers

@test "Map and Set keep insertion order after delete and re-add, and key by SameValueZero as node does" {
  cat > prog.js <<'EOF'
const m = new Map([['a', 1], ['b', 2], ['c', 3]]);
m.delete('a'); m.set('a', 4); m.set('b', 5);
console.log(JSON.stringify([...m]), m.size);
const z = new Map([[NaN, 'nan'], [-0, 'zero']]);
console.log(z.get(NaN), z.get(0), z.get(-0), z.has(+0), Object.is([...z.keys()][1], 0), z.size);
const s = new Set([NaN, NaN, 0, -0, '0', 0n, 1n, 1n]);
console.log(s.size, s.has(-0), s.has(NaN), s.has(0n), s.has('0'));
const o1 = {}, o2 = {}, f = function () {};
const om = new Map([[o1, 'one'], [o2, 'two'], [f, 'f']]);
console.log(om.get(o1), om.get(o2), om.get(f), om.get({}), om.size);
const sym = Symbol('k'); om.set(sym, 's').set(null, 'n').set(undefined, 'u').set(true, 't');
console.log(om.get(sym), om.get(Symbol('k')), om.get(null), om.get(undefined), om.get(true), om.get('true'), om.size);
EOF
  run run-code prog.js
  assert_success
  assert_output - <<'EOF'
[["b",5],["c",3],["a",4]] 3
nan zero zero true true 2
5 true true true true
one two f undefined 3
s undefined n u t undefined 7
EOF
}

@test "iteration sees entries added meanwhile, skips deleted ones, and goes on after clear() and compaction, as in node" {
  cat > prog.js <<'EOF'
const m = new Map([[1, 'a'], [2, 'b'], [3, 'c']]);
const seen = [];
for (const [k] of m) {
  seen.push(k);
  if (k === 1) { m.delete(2); m.set(4, 'd'); }
  if (k === 3) { m.delete(1); m.set(1, 'again'); }
}
console.log(seen.join(','));
const s = new Set([1, 2, 3]);
const fe = [];
s.forEach(v => { fe.push(v); if (v < 6) s.add(v + 3); if (v === 2) s.delete(3); });
console.log(fe.join(','));
const c = new Set(['x', 'y', 'z']);
const it = c.values();
console.log(it.next().value);
c.clear();
c.add('after');
console.log(c.size, JSON.stringify(it.next()), JSON.stringify(it.next()));
c.add('later');
console.log(JSON.stringify(it.next()));
const g = new Map();
for (let i = 0; i < 1000; i++) g.set(i, i);
const gi = g.keys();
gi.next(); gi.next();
for (let i = 0; i < 990; i++) g.delete(i);
for (let i = 0; i < 2000; i++) g.set('k' + i, i);
let n = 0, first;
for (let r = gi.next(); !r.done; r = gi.next()) { if (first === undefined) first = r.value; n++; }
console.log(first, n, g.size);
const fm = new Map([['p', 1]]);
const out = [];
fm.forEach(function (v, k, map) { out.push(this.tag + k + v, map === fm); if (k === 'p') { fm.clear(); fm.set('q', 2); } }, { tag: '#' });
console.log(JSON.stringify(out));
const fm2 = new Map();
for (let i = 0; i < 8; i++) fm2.set(i, i);
const seen2 = [];
fm2.forEach((v, k) => {
  seen2.push(k);
  if (k === 1) { for (let i = 0; i < 8; i++) fm2.delete(i); for (let i = 100; i < 120; i++) fm2.set(i, i); }
});
console.log(seen2.length, seen2.slice(0, 4).join(','), seen2[seen2.length - 1], fm2.size);
EOF
  run run-code prog.js
  assert_success
  assert_output - <<'EOF'
1,3,4,1
1,2,4,5,7,8
x
1 {"value":"after","done":false} {"done":true}
{"done":true}
990 2010 2010
["#p1",true,"#q2",true]
22 0,1,100,101 119 20
EOF
}

@test "subclasses of Map and Set, their constructors' errors and the methods' receiver checks read as node's" {
  cat > prog.js <<'EOF'
class Counter extends Map {
  add(k) { this.set(k, (this.get(k) || 0) + 1); return this; }
}
const c = new Counter([['x', 5]]);
c.add('x').add('y');
console.log(c instanceof Map, c instanceof Counter, c.get('x'), c.get('y'), c.size, JSON.stringify([...c]));
class Tags extends Set { has(v) { return super.has(String(v).toLowerCase()); } }
const t = new Tags(['a', 'b']);
console.log(t.has('A'), t.size, Object.prototype.toString.call(t));
const errs = [
  () => new Map([1]),
  () => new Map(5),
  () => new Set({}),
  () => new WeakSet(true),
  () => new Set(Symbol('s')),
  () => new Map([['a', 1], 'b']),
  () => Map(),
  () => Set(),
  () => Map.prototype.get.call({}, 1),
  () => Map.prototype.set.call(new Set(), 1, 2),
  () => Set.prototype.add.call(new Map(), 1),
  () => Set.prototype.has.call([], 1),
  () => Object.create(new Map()).get(1),
  () => new Map().forEach(3),
  () => new Set().forEach('f'),
  () => new Map().forEach({}),
  () => new Map().keys().next.call({}),
  () => Object.getOwnPropertyDescriptor(Map.prototype, 'size').get.call(new Set()),
];
for (const f of errs) { try { f(); console.log('no error'); } catch (e) { console.log(e.constructor.name + ': ' + e.message); } }
console.log(Map.prototype.get.length, Map.prototype.set.length, Map.prototype.forEach.length, Set.prototype.add.length, Map.prototype.set.name, Set.prototype.keys === Set.prototype.values, Map.prototype[Symbol.iterator] === Map.prototype.entries);
for (const [C, name] of [[Map, 'set'], [Set, 'add']]) {
  const saved = C.prototype[name];
  C.prototype[name] = 5;
  try { new C([[1, 2]]); } catch (e) { console.log(e.constructor.name + ': ' + e.message); }
  console.log(new C().size, new C(null).size);
  C.prototype[name] = saved;
}
EOF
  run run-code prog.js
  assert_success
  assert_output - <<'EOF'
true true 6 1 2 [["x",6],["y",1]]
true 2 [object Set]
TypeError: Iterator value 1 is not an entry object
TypeError: number 5 is not iterable (cannot read property Symbol(Symbol.iterator))
TypeError: object is not iterable (cannot read property Symbol(Symbol.iterator))
TypeError: boolean true is not iterable (cannot read property Symbol(Symbol.iterator))
TypeError: symbol is not iterable (cannot read property Symbol(Symbol.iterator))
TypeError: Iterator value b is not an entry object
TypeError: Constructor Map requires 'new'
TypeError: Constructor Set requires 'new'
TypeError: Method Map.prototype.get called on incompatible receiver #<Object>
TypeError: Method Map.prototype.set called on incompatible receiver #<Set>
TypeError: Method Set.prototype.add called on incompatible receiver #<Map>
TypeError: Method Set.prototype.has called on incompatible receiver [object Array]
TypeError: Method Map.prototype.get called on incompatible receiver #<Map>
TypeError: number 3 is not a function
TypeError: string "f" is not a function
TypeError: object is not a function
TypeError: Method Map Iterator.prototype.next called on incompatible receiver #<Object>
TypeError: Method get Map.prototype.size called on incompatible receiver #<Set>
1 2 1 1 set true true
TypeError: '5' returned for property 'set' of object '#<Map>' is not a function
0 0
TypeError: '5' returned for property 'add' of object '#<Set>' is not a function
0 0
EOF
}

# One entry costs its key and value in a Duktape array plus 24 bytes of index: the program
# below needs about 80 MiB of heap (main's one-object-per-entry tables needed 400).
@test "a Map of a million integer keys and a Set of strings fit a 128 MiB heap and answer as node does" {
  cat > prog.js <<'EOF'
const m = new Map();
const N = 1000000;
for (let i = 0; i < N; i++) m.set(i * 7, i);
let t = 0;
for (let i = 0; i < N; i++) t += m.get(i * 7);
for (let i = 0; i < N; i += 2) m.delete(i * 7);
let u = 0, c = 0;
for (const [k, v] of m) { u = (u + k + v) % 1000003; c++; }
const s = new Set();
for (let i = 0; i < N; i++) s.add(i % 1000 + ':' + (i & 7));
console.log(m.size, t, c, u, s.size, m.has(7), m.has(14), m.get(N * 7 - 7));
EOF
  run run-code --max-heap-mb 128 prog.js
  assert_success
  assert_output '500000 499999500000 500000 18 1000 true false 999999'
}
