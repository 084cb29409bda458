function* count(n) { for (let i = 0; i < n; i++) yield i; return 'done'; }
console.log([...count(3)].join(','));
const it = count(2);
console.log(JSON.stringify(it.next()), JSON.stringify(it.next()), JSON.stringify(it.next()), JSON.stringify(it.next()));
function* inner() { const x = yield 1; console.log('got', x); yield x * 2; }
const g = inner(); g.next(); console.log(g.next(21).value);
function* withFinally() { try { yield 1; yield 2; } finally { console.log('cleanup'); } }
for (const v of withFinally()) { console.log('v', v); break; }
function* delegating() { yield 0; yield* [1, 2]; yield* count(2); }
console.log([...delegating()].join(' '));
const [a, b, ...rest] = count(5);
console.log(a, b, rest);
class Tree { constructor(v, kids = []) { this.v = v; this.kids = kids; }
  *[Symbol.iterator]() { yield this.v; for (const k of this.kids) yield* k; } }
const t = new Tree(1, [new Tree(2), new Tree(3, [new Tree(4)])]);
console.log([...t]);
const obj = { *gen() { yield 'x'; } };
console.log([...obj.gen()]);
const r = withFinally(); r.next(); console.log(JSON.stringify(r.return(7)));
function* thrower() { try { yield 1; } catch (e) { console.log('caught', e); yield 2; } }
const th = thrower(); th.next(); console.log(th.throw('boom').value);
for (const ch of 'a😀b') console.log(ch, ch.length);
