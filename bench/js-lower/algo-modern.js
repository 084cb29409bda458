// The same work as algo-es5.js, written as agents write it: classes, for...of,
// destructuring, arrows, spread, templates, let/const in loops.
class Sieve {
  #n;
  constructor(n) { this.#n = n; }
  primes() {
    const n = this.#n;
    const marks = new Array(n + 1);
    for (let k = 0; k <= n; k++) marks[k] = true;
    marks[0] = marks[1] = false;
    for (let i = 2; i * i <= n; i++) {
      if (!marks[i]) continue;
      for (let j = i * i; j <= n; j += i) marks[j] = false;
    }
    const out = [];
    for (let i = 2; i <= n; i++) if (marks[i]) out.push(i);
    return out;
  }
}
const primes = new Sieve(2000000).primes();
const records = [];
for (let i = 0; i < 300000; i++) {
  records.push({ id: i, name: `r${i}`, score: (i * 7919) % 1000 });
}
let total = 0;
for (const { score } of records) total += score;
const top = records.filter(({ score }) => score > 990).map(({ id, ...rest }) => ({ id, ...rest }));
const pairs = [];
const first = primes.slice(0, 50000);
first.forEach((p, i) => pairs.push([i, p]));
let acc = 0;
for (const [i, p] of pairs) acc += i ^ p;
return `${primes.length} ${total} ${top.length} ${acc} ${Math.max(...primes.slice(-10))}`;
