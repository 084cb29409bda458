// Hand-written ES5 of algo-modern.js (the same algorithm, no modern syntax).
function Sieve(n) { this.n = n; }
Sieve.prototype.primes = function () {
  var n = this.n;
  var marks = new Array(n + 1);
  for (var k = 0; k <= n; k++) marks[k] = true;
  marks[0] = marks[1] = false;
  for (var i = 2; i * i <= n; i++) {
    if (!marks[i]) continue;
    for (var j = i * i; j <= n; j += i) marks[j] = false;
  }
  var out = [];
  for (i = 2; i <= n; i++) if (marks[i]) out.push(i);
  return out;
};
var primes = new Sieve(2000000).primes();
var records = [];
for (var i = 0; i < 300000; i++) {
  records.push({ id: i, name: 'r' + i, score: (i * 7919) % 1000 });
}
var total = 0;
for (i = 0; i < records.length; i++) total += records[i].score;
var top = records.filter(function (r) { return r.score > 990; }).map(function (r) { return { id: r.id, name: r.name, score: r.score }; });
var pairs = [];
var first = primes.slice(0, 50000);
for (i = 0; i < first.length; i++) pairs.push([i, first[i]]);
var acc = 0;
for (i = 0; i < pairs.length; i++) acc += pairs[i][0] ^ pairs[i][1];
return primes.length + ' ' + total + ' ' + top.length + ' ' + acc + ' ' + Math.max.apply(Math, primes.slice(-10));
