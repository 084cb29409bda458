const s = Symbol("tag"), key = "dyn";
const o = {
  "kebab-case": () => 1, 42: function () {}, [key]: () => 0, [s]: function () {},
  "quoted method"() {}, static() {}, plain: async () => 1,
};
const { dflt = () => 0 } = {};
let later; later = function () {};
const self = function () { return self; };
const arrow = () => arrow.name;
console.log([o["kebab-case"].name, o[42].name, o.dyn.name, o[s].name, o["quoted method"].name,
  o.static.name, o.plain.name, dflt.name, later.name, self.name, arrow()].join("|"));
const d = Object.getOwnPropertyDescriptor(o["kebab-case"], "name");
console.log(d.writable, d.enumerable, d.configurable);
const named = s, anon = Symbol();
class A {
  id() {}
  [anon]() {}
  [named]() {}
  static *gen() {}
  get acc() { return 1; }
  set acc(v) {}
  #priv() {}
  static privName(a) { return a.#priv.name; }
}
const da = Object.getOwnPropertyDescriptor(A.prototype, "acc");
console.log([A.prototype.id.name, A.prototype[anon].name, A.prototype[named].name, A.gen.name, da.get.name, da.set.name, A.privName(new A())].join("|"));
const ob = { get [named]() { return 1; } };
console.log(Object.getOwnPropertyDescriptor(ob, named).get.name);
const nsym = Symbol("test262"), asym = Symbol();
const oc = { xId: class x {}, id: class {}, [asym]: class {}, [nsym]: class {} };
console.log([oc.xId.name, oc.id.name, oc[asym].name, oc[nsym].name].join("|"));
const asy = Symbol("acc");
const lit = { get id() { return 1; }, set id(v) {}, get "two words"() { return 2; }, [asy]: 1, get [asy]() { return 3; } };
const dl = Object.getOwnPropertyDescriptor(lit, "id");
console.log(dl.get.name, dl.set.name, Object.getOwnPropertyDescriptor(lit, "two words").get.name, lit.id, lit["two words"]);
console.log(Object.getOwnPropertyDescriptor(lit, asy).get.name);
