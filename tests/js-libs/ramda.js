const R = module.exports;
const people = [{ name: 'ada', age: 36 }, { name: 'bob', age: 17 }, { name: 'cy', age: 52 }];
const adults = R.pipe(R.filter(R.propSatisfies(R.gte(R.__, 18), 'age')), R.sortBy(R.prop('age')), R.map(R.prop('name')));
return [adults(people), R.groupBy((p) => (p.age >= 18 ? 'adult' : 'minor'), people), R.assocPath(['a', 'b'], 1, {}), R.zipObj(['x', 'y'], [1, 2]), R.curry((a, b, c) => a + b + c)(1)(2)(3), R.lensPath(['a', 0]) && R.over(R.lensPath(['a', 0]), R.inc, { a: [1] })];
