const { produce, enablePatches, produceWithPatches, applyPatches, freeze, isDraft, current, original } = module.exports;
enablePatches();
const base = { todos: [{ id: 1, text: 'write', done: false }, { id: 2, text: 'test', done: false }], meta: { count: 2 } };
const seen = [];
const next = produce(base, (draft) => {
  draft.todos[0].done = true;
  draft.todos.push({ id: 3, text: 'ship', done: false });
  draft.meta.count = draft.todos.length;
  seen.push(isDraft(draft), Object.keys(draft.todos[0]).join(), 'done' in draft.todos[1], JSON.stringify(current(draft.meta)), original(draft.meta).count);
  delete draft.todos[1].text;
});
const [, patches, inverse] = produceWithPatches(next, (d) => { d.meta.count++; d.todos.splice(0, 1); });
return [seen, next.todos[1] !== base.todos[1], next.meta !== base.meta, base.todos.length, Object.isFrozen(next), JSON.stringify(next), patches, JSON.stringify(applyPatches(next, patches)) === JSON.stringify(produce(next, (d) => { d.meta.count++; d.todos.splice(0, 1); })), inverse.length];
