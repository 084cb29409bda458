const k = "get";
const a = { v: 7, get() { return this?.v; }, c: { d() { return this === a.c; } } };
const none = null;
console.log((a?.get)(), a?.get(), a?.[k](), (a?.[k])(), (a?.c.d)(), (a.c?.d)(), a.get?.(), (a?.get)(...[1]));
console.log(none?.get(), (none?.get)?.call, a.nope?.());
try { (none?.get)(); } catch (e) { console.log(e instanceof TypeError); }
