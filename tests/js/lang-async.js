const sleep = (ms, v) => new Promise(r => setTimeout(() => r(v), ms));
async function add(a, b) { await sleep(5); return a + b; }
const results = await Promise.all([add(1, 2), add(3, 4)]);
console.log(results);
class Svc { constructor() { this.n = 0; } async bump() { await null; return ++this.n; } }
const s = new Svc();
await s.bump(); console.log(await s.bump());
const arrow = async (x) => { const y = await add(x, 1); return y * 2; };
console.log(await arrow(4));
try { await (async () => { throw new Error('bad'); })(); } catch (e) { console.log('caught', e.message); }
async function* ticks(n) { for (let i = 0; i < n; i++) { await sleep(1); yield i; } }
for await (const t of ticks(3)) console.log('tick', t);
const out = [];
for await (const v of [sleep(2, 'a'), 'b']) out.push(v);
console.log(out);
async function retry(fn, n) { for (let i = 0; i < n; i++) { try { return await fn(i); } catch (e) { console.log('attempt', i, e.message); } } throw new Error('gave up'); }
console.log(await retry(async (i) => { if (i < 2) throw new Error('fail' + i); return 'ok' + i; }, 5));
return { done: true };
