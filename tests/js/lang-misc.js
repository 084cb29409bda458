const data = { user: { profile: { name: 'Ann' } }, list: [1, 2, 3] };
console.log(data.user?.profile?.name, data.nope?.profile.name, data.list?.[1], data.fn?.(1));
const { user: { profile: { name: nm = 'x' } }, list: [first, ...others] } = data;
console.log(nm, first, others);
let x = 0; x ||= 5; x &&= x + 1; let y; y ??= 'dflt';
console.log(x, y, 2 ** 10, 1_000_000, 0b1010, 0o17, 0xff);
const key = 'dyn';
const o = { [key + 1]: 1, [`t${key}`]: 2, x, y, get z() { return 3; } };
console.log(JSON.stringify(o), o.z);
const merged = { ...o, extra: true, ...null };
console.log(Object.keys(merged).join());
function f(a, { b = 2, c } = {}, [d] = [4], ...rest) { return [a, b, c, d, rest]; }
console.log(JSON.stringify(f(1)), JSON.stringify(f(1, { c: 3 }, [5], 6, 7)));
const sum = (...n) => n.reduce((s, v) => s + v, 0);
console.log(sum(...[1, 2, 3], 4, ...[5]));
console.log(Math.max(...[3, 9, 2]));
let [p, q] = [1, 2]; [p, q] = [q, p]; console.log(p, q);
try { JSON.parse('{'); } catch { console.log('bad json'); }
outer: for (let i = 0; i < 3; i++) { for (let j = 0; j < 3; j++) { if (j === 1) continue outer; if (i === 2) break outer; console.log(i, j); } }
const fns = [];
for (const v of ['a', 'b']) fns.push(() => v);
for (let i = 0; i < 2; i++) { const w = i * 10; fns.push(() => w + i); }
console.log(fns.map(f => f()));
const tag = (s, ...v) => s.raw.join('|') + v.join(',');
console.log(tag`a${1}b${2}c\n`);
const multi = `line1
line2 ${x}`;
console.log(multi);
label: { console.log('in block'); break label; }
const self = { v: 42, get() { return [1].map(() => this.v); } };
console.log(self.get());
function outerArgs() { return (() => arguments[0])(); }
console.log(outerArgs('argv'));
const s = 'a-b'; console.log(`${s}`.split('-'));
console.log(typeof (() => {}), (() => ({ a: 1 }))().a);
var counter = 0; for (const i of [1, 2, 3]) { if (i === 2) continue; counter += i; } console.log(counter);
function findIt(xs) { for (const x of xs) { if (x > 1) return x; } return -1; }
console.log(findIt([1, 5, 7]));
function loopClosure() { const out = []; for (let i = 0; i < 3; i++) { out.push(() => i); if (i === 1) return out.map(f => f()); } }
console.log(loopClosure());
const cst = 1; try { cst = 2; } catch (e) { console.log(e.constructor.name); }
switch (3) { case 3: { let z = 'three'; console.log(z); break; } default: console.log('no'); }
