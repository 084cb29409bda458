const k = "get";
const a = { v: 7, get() { return this?.v; }, c: { d() { return this === a.c; } } };
const none = null;
console.log((a?.get)(), a?.get(), a?.[k](), (a?.[k])(), (a?.c.d)(), (a.c?.d)(), a.get?.(), (a?.get)(...[1]));
console.log(none?.get(), (none?.get)?.call, a.nope?.());
try { (none?.get)(); } catch (e) { console.log(e instanceof TypeError); }
class Base { m() { return this.tag; } n() { return { x: this.tag }; } }
class Foo extends Base {
  tag = "foo";
  a() { return super.m?.(); }
  b() { return super.n()?.x; }
  c() { return (() => super.m?.())(); }
  d() { return super.nope?.(); }
}
const f = new Foo();
console.log(f.a(), f.b(), f.c(), f.d());
const pa = { b() { return this._b; }, _b: { c: 42 } };
console.log(pa?.b().c, (pa?.b)().c, pa.b?.().c, (pa.b)?.().c, pa?.b?.().c, (pa?.b)?.().c, (pa.nope)?.(), (pa?.nope)?.());
