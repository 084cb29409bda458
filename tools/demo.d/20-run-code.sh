# Sourced by tools/demo: run-code's part, a real program end to end (step() prints and runs).
echo
echo "== run-code: one program, its printed lines and its value"
step run-code --description 'summarise a small data set' --code '
  const rows = [{ city: "Oslo", temp: 3 }, { city: "Lima", temp: 19 }, { city: "Pune", temp: 31 }];
  console.log(`checking ${rows.length} cities`);
  await new Promise(r => setTimeout(r, 20));
  const warm = rows.filter(r => r.temp > 15).map(r => r.city);
  console.warn("warm:", warm.join(", "));
  return { warm, mean: rows.reduce((a, r) => a + r.temp, 0) / rows.length }'
step run-code --timeout-ms 500 --code 'console.log("spinning"); while (true) {}' || echo "(exit $?)"
step run-code --code 'return { when: new Date(0) }' || echo "(exit $?)"
step run-code --history 3
