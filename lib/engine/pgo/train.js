// Training workload for the profile-guided build of Duktape: a mix of what agents' programs
// do (numeric loops, arrays, records, strings, JSON, closures, exceptions, regexps), run once
// at build time (without address randomisation, so Duktape's string hash seed, taken from the
// heap's address, is the same each time). Deterministic, about a quarter of a second.
(function () {
  var out = [];
  // Numbers and arrays: a matrix product, a running sum, dense fills.
  function matmul(n) {
    var a = [], b = [], c = [], i, j, k, s;
    for (i = 0; i < n; i++) { a.push([]); b.push([]); c.push([]); for (j = 0; j < n; j++) { a[i][j] = i + j; b[i][j] = i - j; } }
    for (i = 0; i < n; i++) for (j = 0; j < n; j++) { s = 0; for (k = 0; k < n; k++) s += a[i][k] * b[k][j]; c[i][j] = s; }
    return c[n - 1][n - 1];
  }
  out.push(matmul(60));
  var squares = new Array(200000), total = 0, x;
  for (x = 0; x < squares.length; x++) squares[x] = (x * x) % 1013;
  for (x = 0; x < squares.length; x++) if (squares[x] & 1) total += squares[x]; else total -= 1;
  out.push(total, 0.5 * total / 3, Math.floor(Math.sqrt(total)));
  // Records: object literals, property reads, method calls through prototypes.
  function Point(x, y) { this.x = x; this.y = y; }
  Point.prototype.len2 = function () { return this.x * this.x + this.y * this.y; };
  var pts = [], rows = [], sum = 0;
  for (x = 0; x < 60000; x++) pts.push(new Point(x % 100, x % 37));
  for (x = 0; x < pts.length; x++) sum += pts[x].len2();
  for (x = 0; x < 60000; x++) rows.push({ key: 'k' + (x % 5000), n: x, tag: x % 3 === 0 ? 'a' : 'b', ok: x % 7 !== 0 });
  var groups = {}, g;
  for (x = 0; x < rows.length; x++) { g = groups[rows[x].key] || (groups[rows[x].key] = { count: 0, sum: 0 }); g.count++; g.sum += rows[x].n; }
  out.push(sum, Object.keys(groups).length);
  // Higher-order array methods and closures.
  var picked = rows.filter(function (r) { return r.ok && r.tag === 'a'; }).map(function (r) { return r.n * 2; });
  out.push(picked.length, picked.reduce(function (a, b) { return a + b; }, 0));
  // A merge sort in JavaScript, as run-code's stable Array.prototype.sort is (Duktape's own
  // sort picks random pivots, which would make the training's counts differ run to run).
  function mergeSort(a, cmp) {
    if (a.length < 2) return a;
    var mid = a.length >> 1, l = mergeSort(a.slice(0, mid), cmp), r = mergeSort(a.slice(mid), cmp), o = [], i = 0, j = 0;
    while (i < l.length && j < r.length) o.push(cmp(r[j], l[i]) < 0 ? r[j++] : l[i++]);
    while (i < l.length) o.push(l[i++]);
    while (j < r.length) o.push(r[j++]);
    return o;
  }
  picked = mergeSort(picked, function (a, b) { return b - a; });
  rows.forEach(function (r, i) { if (i % 1000 === 0) out.push(r.key); });
  out.push(picked.slice(0, 5).join(','), picked.indexOf(42), [3, 1, 2].concat([5, 4]).reverse().join(''));
  function counter() { var c = 0; return function () { return ++c; }; }
  var next = counter();
  for (x = 0; x < 100000; x++) next();
  function fib(n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }
  out.push(next(), fib(22));
  // Strings: building, slicing, searching, splitting, regexps.
  var parts = [], line, words = 0;
  for (x = 0; x < 20000; x++) parts.push('line ' + x + ': status=' + (x % 4 === 0 ? 'error' : 'ok') + ' took ' + (x % 97) + 'ms');
  var text = parts.join('\n'), lines = text.split('\n'), errors = 0, ms = 0, m;
  var re = /status=(\w+) took (\d+)ms/;
  for (x = 0; x < lines.length; x++) {
    line = lines[x];
    if (line.indexOf('error') >= 0) errors++;
    m = re.exec(line);
    if (m) ms += parseInt(m[2], 10);
    words += line.split(' ').length;
  }
  out.push(errors, ms, words, text.length, text.slice(100, 120).toUpperCase(), text.charCodeAt(500),
           text.substring(0, 30).replace(/\d+/g, '#'), 'a-b-c'.split('-').join('+'));
  // JSON both ways.
  var doc = { items: rows.slice(0, 3000), meta: { n: rows.length, at: 'now', nested: [1, 2, [3, 4, { k: null }]] } };
  var s = JSON.stringify(doc), back = JSON.parse(s);
  out.push(s.length, back.items.length, JSON.stringify(back.meta));
  // Exceptions and type checks.
  var caught = 0;
  for (x = 0; x < 3000; x++) {
    try { if (x % 3 === 0) throw new Error('bad ' + x); null.f(); } catch (e) { caught += e instanceof TypeError ? 2 : 1; }
  }
  out.push(caught, typeof out, Array.isArray(out), String(12.5), Number('17') + 1, (255).toString(16));
  return out.join('|').length;
})();
