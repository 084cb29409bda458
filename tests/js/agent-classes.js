// requires: runtime
// Classes: inheritance, private state, static members, accessors, iteration.
class Inventory {
  static #created = 0;
  #items = [];
  constructor(owner) {
    this.owner = owner;
    Inventory.#created++;
  }
  static get created() { return Inventory.#created; }
  add(name, qty = 1) {
    const existing = this.#items.find((i) => i.name === name);
    if (existing) existing.qty += qty;
    else this.#items.push({ name, qty });
    return this;
  }
  get total() { return this.#items.reduce((s, i) => s + i.qty, 0); }
  *[Symbol.iterator]() { yield* this.#items; }
  toJSON() { return { owner: this.owner, items: this.#items.length }; }
}

class TrackedInventory extends Inventory {
  log = [];
  add(name, qty) {
    this.log.push(`${name}+${qty ?? 1}`);
    return super.add(name, qty);
  }
}

const inv = new TrackedInventory('ann').add('apple', 3).add('pear').add('apple');
console.log(inv.total, Inventory.created, inv.log.join(' '));
for (const { name, qty } of inv) console.log(`${name}: ${qty}`);
console.log(JSON.stringify(inv), inv instanceof Inventory, Object.keys(inv).join());
const names = [...inv].map((i) => i.name);
console.log(names);
class Vec {
  constructor(x, y) { Object.assign(this, { x, y }); }
  static from([x, y]) { return new Vec(x, y); }
  plus({ x, y }) { return new Vec(this.x + x, this.y + y); }
  get len() { return Math.hypot(this.x, this.y); }
  toString() { return `Vec(${this.x}, ${this.y})`; }
}
const v = Vec.from([3, 4]).plus(new Vec(0, 0));
console.log(`${v}`, v.len);
