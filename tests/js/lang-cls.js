class Animal {
  static count = 0;
  #secret = 'hidden';
  name;
  constructor(name) { this.name = name; Animal.count++; }
  speak() { return `${this.name} makes a sound`; }
  get secret() { return this.#secret; }
  set secret(v) { this.#secret = v; }
  static create(n) { return new this(n); }
  #priv() { return 'p:' + this.name; }
  callPriv() { return this.#priv(); }
  has(o) { return #secret in o; }
  static { this.initialized = true; }
}
class Dog extends Animal {
  tricks = [];
  constructor(name) { super(name); this.tricks.push('sit'); }
  speak() { return super.speak() + ' (woof)'; }
  toString() { return `Dog(${this.name})`; }
}
const d = Dog.create('Rex');
console.log(d.speak(), d.secret, Animal.count, d.tricks, String(d), d.callPriv(), d.has(d), d.has({}), Animal.initialized);
d.secret = 'new'; console.log(d.secret, Object.keys(d));
class HttpError extends Error {
  constructor(status, msg) { super(msg); this.name = 'HttpError'; this.status = status; }
}
try { throw new HttpError(404, 'not found'); } catch (e) {
  console.log(e instanceof HttpError, e instanceof Error, e.name, e.message, e.status, String(e));
}
class Plain extends Error {}
const p = new Plain('x'); console.log(p instanceof Plain, p.message);
try { Animal('x'); } catch (e) { console.log(e instanceof TypeError); }
const Anon = class { hi() { return 'hi'; } };
console.log(new Anon().hi());
class Counter { count = 0; inc = () => { this.count++; return this; }; }
const c = new Counter(); const inc = c.inc; inc(); inc(); console.log(c.count);
class Shape { area() { return 0; } describe() { return `${this.constructor.name} area=${this.area()}`; } }
class Sq extends Shape { constructor(s) { super(); this.s = s; } area() { return this.s ** 2; } }
console.log(new Sq(3).describe());
class Temp { static #instances = 0; static make() { Temp.#instances++; return Temp.#instances; } }
Temp.make(); console.log(Temp.make());
class Base { constructor() { this.kind = new.target.name; } }
class Derived extends Base {}
console.log(new Derived().kind, new Base().kind);
// Reflection sees what node shows: no engine or lowering properties, '' for a class named by nothing.
const Kc = class {}, oc = { k: class {} };
console.log(Object.getOwnPropertyNames(class A { m() {} }), Object.getOwnPropertyNames(function g() {}).includes('fileName'));
console.log([(class {}).name, (class Z {}).name, Kc.name, oc.k.name, Reflect.ownKeys(Kc), 'fileName' in Kc, Kc.fileName]);
try { (class {})(); } catch (e) { console.log(e.message); }
