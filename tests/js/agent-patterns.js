// requires: runtime
const m = new Map([['a', { x: 1, y: 2 }], ['b', { x: 3, y: 4 }]]);
for (const [k, { x, y }] of m) console.log(k, x + y);
const fns = [];
for (const [k, v] of m) { await null; fns.push(() => `${k}:${v.x}`); }
console.log(fns.map((f) => f()).join(','));
const obj = { _v: 1, get v() { return this._v * 10; }, set v(n) { this._v = n; }, ['k' + 1]: 'computed', *[Symbol.iterator]() { yield 1; yield 2; } };
obj.v = 5; console.log(obj.v, obj.k1, [...obj]);
class Base { static create() { return new this(); } get kind() { return 'base'; } async load() { await null; return 'base-load'; } }
class Child extends Base { get kind() { return 'child<' + super.kind + '>'; } async load() { const r = await super.load(); return r + '+child'; } }
const c = Child.create(); console.log(c.kind, await c.load(), c instanceof Child);
function outer() { return [...arguments].length + arguments[0]; }
console.log(outer(10, 20));
const defaults = (a, b = a * 2, { c = b + 1 } = {}) => [a, b, c];
console.log(defaults(1), defaults(1, 5), defaults(1, undefined, { c: 0 }));
const [first, , third = 'def', ...others] = 'abcdef';
console.log(first, third, others);
console.log([...new Set([3, 1, 3, 2])], [...'héllo😀'].length, Array.from(m.keys()));
outer2: for (const i of [1, 2, 3]) { for (const j of [1, 2, 3]) { if (j === 2) continue outer2; if (i === 3) break outer2; console.log('pair', i, j); } }
function findFirst(items) { for (const it of items) { const cb = () => it; if (it > 1) return cb(); } return null; }
console.log(findFirst([1, 5, 9]));
async function loopAwait() { const out = []; for (let i = 0; i < 3; i++) { const v = await Promise.resolve(i * 2); out.push(() => v); if (i === 1) return out.map((f) => f()); } }
console.log(await loopAwait());
const handler = { cb: null, fire() { return this.cb?.('x') ?? 'no-cb'; } };
console.log(handler.fire()); handler.cb = (s) => s + '!'; console.log(handler.fire());
switch (typeof obj) { case 'object': { const t = 'obj'; console.log(t); break; } default: console.log('other'); }
const counts = {}; for (const w of 'a b a c b a'.split(' ')) counts[w] = (counts[w] ?? 0) + 1;
console.log(Object.entries(counts).sort(([, a], [, b]) => b - a).map(([w, n]) => `${w}=${n}`).join(' '));
let x = 1; { let x = 2; { let x = 3; console.log(x); } console.log(x); } console.log(x);
try { undefinedFn(); } catch ({ name, message }) { console.log(name); }
const tagged = ((s, ...v) => s.raw.map((r, i) => r + (v[i] ?? '')).join(''))`a\t${1}b${2}`;
console.log(tagged);
const { a = 1, b: { c: deep = 'deep' } = {} } = { b: {} }; console.log(a, deep);
console.log([1, 2, 3].map((n) => n ** 2).reduce((s, n) => s + n), 2 ** -1, (-2) ** 2);
class Stack { #items = []; push(...xs) { this.#items.push(...xs); return this; } get size() { return this.#items.length; } static of(...xs) { return new Stack().push(...xs); } }
console.log(Stack.of(1, 2, 3).size);
const gen = function* () { let i = 0; while (true) { const cmd = yield i++; if (cmd === 'stop') return 'stopped'; } };
const g = gen(); console.log(g.next().value, g.next().value, JSON.stringify(g.next('stop')));
label: { if (x) break label; console.log('unreached'); }
console.log(typeof globalThis);
