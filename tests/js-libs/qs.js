const qs = module.exports;
return [qs.parse('a[b][c]=d&list[]=1&list[]=2&x=%20y&flag'), qs.stringify({ a: { b: [1, 2], c: 'x y' }, d: null }), qs.stringify({ a: [1, 2] }, { arrayFormat: 'brackets', encode: false }), qs.parse('?utm=1&a.b=2', { ignoreQueryPrefix: true, allowDots: true })];
