// Error handling: finally ordering, rethrow, async rejections, optional catch binding.
const events = [];
function risky(n) {
  try {
    if (n === 0) throw new RangeError('zero');
    if (n < 0) throw { code: 'NEG', n };
    return 1 / n;
  } catch (e) {
    events.push(`caught ${e instanceof Error ? e.name : e.code}`);
    if (e instanceof RangeError) throw e;
    return null;
  } finally {
    events.push(`finally ${n}`);
  }
}
console.log(risky(4), risky(-1));
try { risky(0); } catch ({ name, message }) { console.log(name, message); }
console.log(events.join('; '));
const results = await Promise.allSettled ? 'skip' : 'skip';
async function load(ok) {
  await null;
  if (!ok) throw new Error('load failed');
  return 'loaded';
}
const outcomes = [];
for (const ok of [true, false]) {
  try {
    outcomes.push(await load(ok));
  } catch (e) {
    outcomes.push(`error: ${e.message}`);
  } finally {
    outcomes.push('done');
  }
}
console.log(outcomes);
let parsed;
try { parsed = JSON.parse('{bad'); } catch { parsed = 'fallback'; }
console.log(parsed, results);
function validate(user) {
  const problems = [];
  if (!user?.name) problems.push('name missing');
  if (!(user?.age >= 0)) problems.push('age invalid');
  if (problems.length) throw new TypeError(problems.join(', '));
  return true;
}
for (const u of [{ name: 'a', age: 3 }, { age: -1 }, null]) {
  try { console.log(validate(u)); } catch (e) { console.log(`${e.name}: ${e.message}`); }
}
return events.length;
