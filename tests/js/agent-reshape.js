// requires: runtime
// JSON reshaping: grouping, sorting, entries, optional fields.
const raw = JSON.parse(`[
  {"id": 1, "team": "red", "name": "Ada", "score": 91, "tags": ["x", "y"]},
  {"id": 2, "team": "blue", "name": "Bo", "score": 78},
  {"id": 3, "team": "red", "name": "Cy", "score": 85, "meta": {"captain": true}},
  {"id": 4, "team": "green", "name": "Di", "score": 66, "tags": []}
]`);

const byTeam = raw.reduce((acc, p) => {
  (acc[p.team] ??= []).push(p);
  return acc;
}, {});
const summary = Object.entries(byTeam)
  .map(([team, players]) => ({
    team,
    count: players.length,
    avg: Math.round(players.reduce((s, p) => s + p.score, 0) / players.length),
    captain: players.find((p) => p.meta?.captain)?.name ?? null,
    tags: [...new Set(players.flatMap((p) => p.tags ?? []))],
  }))
  .sort((a, b) => b.avg - a.avg);
console.log(JSON.stringify(summary));
const { red: [{ name: topRed }, ...otherRed] = [] } = byTeam;
console.log(topRed, otherRed.length);
const renamed = raw.map(({ id, name: fullName, ...rest }) => ({ key: `p${id}`, fullName, fields: Object.keys(rest).sort() }));
console.log(JSON.stringify(renamed.at(-1)));
const scores = raw.map((p) => p.score);
console.log(Math.max(...scores), Math.min(...scores), scores.includes(78), scores.findLast((s) => s > 80));
return summary.map(({ team, avg }) => `${team}:${avg}`);
