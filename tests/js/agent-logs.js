// requires: runtime
// Log parsing with regexes (named groups), Map and Set bookkeeping.
const log = `2024-05-01T10:00:01Z INFO  api  GET /users 200 12ms
2024-05-01T10:00:02Z WARN  api  GET /users/7 404 3ms
2024-05-01T10:00:03Z ERROR db   query timeout after 5000ms
2024-05-01T10:00:04Z INFO  api  POST /orders 201 48ms
2024-05-01T10:00:05Z INFO  api  GET /users 200 9ms
2024-05-01T10:00:06Z ERROR api  POST /orders 500 120ms`;

const re = /^(?<ts>\S+) (?<level>[A-Z]+)\s+(?<svc>\w+)\s+(?<msg>.*)$/;
const req = /(?<method>GET|POST) (?<path>\S+) (?<status>\d{3}) (?<ms>\d+)ms/;
const byLevel = new Map();
const paths = new Set();
const slow = [];
for (const line of log.split('\n')) {
  const m = line.match(re);
  if (!m) continue;
  const { level, svc, msg } = m.groups;
  byLevel.set(level, (byLevel.get(level) ?? 0) + 1);
  const r = req.exec(msg);
  if (r) {
    const { method, path, status, ms } = r.groups;
    paths.add(`${method} ${path.replace(/\/\d+$/, '/:id')}`);
    if (+ms > 40) slow.push({ svc, path, ms: Number(ms), status: +status });
  }
}
console.log([...byLevel].map(([k, v]) => `${k}=${v}`).join(' '));
console.log([...paths].sort());
console.log(JSON.stringify(slow));
const counts = Object.fromEntries(byLevel);
const errors = log.matchAll(/ERROR (\w+)/g);
console.log(counts, [...errors].map((m) => m[1]));
return { levels: [...byLevel.keys()], distinct: paths.size };
