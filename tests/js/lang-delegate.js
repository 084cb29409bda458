function* inner() { try { const a = yield 1; console.log('inner got', a); yield 2; } finally { console.log('inner cleanup'); } return 'inner-ret'; }
function* outer() { const r = yield* inner(); console.log('r', r); yield 3; }
const g = outer(); console.log(JSON.stringify(g.next()), JSON.stringify(g.next('A')), JSON.stringify(g.next()), JSON.stringify(g.next()));
const h = outer(); h.next(); console.log(JSON.stringify(h.return(9)));
const k = outer(); k.next(); try { k.throw(new Error('boom')); } catch (e) { console.log('caught', e.message); }
const raw = { [Symbol.iterator]() { return { next() { return { value: 5 }; } }; } };
function* d() { yield* raw; } console.log(JSON.stringify(d().next()));
async function* ainner() { try { const a = yield 1; console.log('ainner got', a); yield 2; } finally { console.log('ainner cleanup'); } return 'ainner-ret'; }
async function* aouter() { const r = yield* ainner(); console.log('ar', r); yield 3; }
const ag = aouter(); console.log(JSON.stringify(await ag.next()), JSON.stringify(await ag.next('A')), JSON.stringify(await ag.next()), JSON.stringify(await ag.next()));
const ah = aouter(); await ah.next(); console.log(JSON.stringify(await ah.return(9)));
const ak = aouter(); await ak.next(); try { await ak.throw(new Error('boom')); } catch (e) { console.log('caught', e.message); }
for await (const v of aouter()) console.log('v', v);
