const { Map, List, Set, fromJS, Record, Seq } = module.exports;
const m1 = Map({ a: 1, b: 2 }), m2 = m1.set('b', 50);
const deep = fromJS({ user: { name: 'ada', langs: ['en', 'fr'] } }).updateIn(['user', 'langs'], (l) => l.push('de'));
const P = Record({ x: 0, y: 0 });
return [m1.get('b'), m2.get('b'), m1.equals(Map({ b: 2, a: 1 })), deep.toJS(), List([1, 2, 3]).map((x) => x * 2).reverse().toArray(), Set([1, 2, 2, 3]).size, new P({ x: 3 }).toJSON(), Seq([1, 2, 3, 4, 5, 6]).filter((x) => x % 2).map((x) => x * x).toArray()];
