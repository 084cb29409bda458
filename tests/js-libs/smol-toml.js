const TOML = module.exports;
const doc = TOML.parse(`
title = "TOML Example"
[owner]
name = "Tom"
dob = 1979-05-27T07:32:00-08:00
[database]
ports = [ 8000, 8001, 8002 ]
enabled = true
temp_targets = { cpu = 79.5, case = 72.0 }
[[products]]
name = "Hammer"
sku = 738594937
[[products]]
name = "Nail"
`);
return [doc.title, doc.owner.dob.toISOString(), doc.database, doc.products, TOML.stringify({ a: 1.5, b: 'x', c: [1, 2], t: { k: true } }), (() => { try { TOML.parse('a = '); } catch (e) { return e.name; } })()];
