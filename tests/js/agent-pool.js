// requires: runtime
// Orchestration: a bounded pool of async tasks with Promise.all and allSettled.
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function fetchItem(id) {
  await sleep((id * 7) % 5);
  if (id % 4 === 3) throw new Error(`item ${id} unavailable`);
  return { id, name: `item-${id}`, size: id * 10 };
}

async function pool(items, limit, worker) {
  const results = new Array(items.length);
  let next = 0;
  const runners = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      try {
        results[i] = { ok: true, value: await worker(items[i]) };
      } catch (err) {
        results[i] = { ok: false, error: err.message };
      }
    }
  });
  await Promise.all(runners);
  return results;
}

const ids = [...Array(8).keys()].map((i) => i + 1);
const results = await pool(ids, 3, fetchItem);
const ok = results.filter((r) => r.ok).map((r) => r.value);
const failed = results.filter((r) => !r.ok);
console.log(`fetched ${ok.length}, failed ${failed.length}`);
for (const { error } of failed) console.warn(error);
const settled = await Promise.allSettled([fetchItem(1), fetchItem(3)]);
console.log(settled.map((s) => s.status).join(','));
const first = await Promise.race([sleep(20).then(() => 'slow'), sleep(1).then(() => 'fast')]);
const any = await Promise.any([fetchItem(3), fetchItem(2)]);
console.log(first, any.name);
return { total: ok.reduce((s, x) => s + x.size, 0), names: ok.map(({ name }) => name) };
