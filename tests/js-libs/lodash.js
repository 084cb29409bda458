const _ = module.exports;
const users = [{ user: 'barney', age: 36, active: true }, { user: 'fred', age: 40, active: false }, { user: 'pebbles', age: 1, active: true }];
const t = _.template('<% _.forEach(users, function(u) { %><li><%- u.user %> (<%= u.age %>)</li><% }); %>');
return [t({ users }), _.groupBy(users, 'active'), _.sortBy(users, ['age']).map((u) => u.user), _.chunk([1, 2, 3, 4, 5], 2), _.merge({ a: [{ b: 2 }] }, { a: [{ c: 3 }] }), _.camelCase('Foo Bar-baz'), _.debounce instanceof Function, _.get({ a: { b: [1, { c: 'deep' }] } }, 'a.b[1].c'), _.cloneDeep({ d: new Date(0) }).d.getTime()];
