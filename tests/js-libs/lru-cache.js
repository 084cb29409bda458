const { LRUCache } = module.exports;
const evicted = [];
const cache = new LRUCache({ max: 3, dispose: (v, k) => evicted.push(k) });
cache.set('a', 1); cache.set('b', 2); cache.set('c', 3);
cache.get('a');
cache.set('d', 4);
const sized = new LRUCache({ maxSize: 10, sizeCalculation: (v) => v.length });
sized.set('x', 'aaaa'); sized.set('y', 'bbbbbb'); sized.set('z', 'cc');
return [[...cache.keys()], evicted, cache.has('b'), cache.size, [...sized.keys()], sized.calculatedSize, cache.peek('c'), [...cache.entries()]];
