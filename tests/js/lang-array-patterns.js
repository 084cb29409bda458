// Array destructuring over every kind of value: the lowering indexes arrays (and array-likes
// with the stock iterator) directly and runs the iteration protocol for everything else.
const out = [];
const [a, , b = 'dflt', c] = [1, 2, undefined];
out.push([a, b, c]);
const [x, y] = 'h\u{1F600}i';
out.push([x.length, y.length]);
const [[k1, v1], [k2, v2]] = new Map([['one', 1], ['two', 2]]);
out.push([k1, v1, k2, v2]);
const [s1, s2] = new Set([3, 4, 5]);
out.push([s1, s2]);
function args() { const [p, q, ...rest] = arguments; return [p, q, rest]; }
out.push(args(7, 8, 9, 10));
const borrowed = { length: 2, 0: 'b0', 1: 'b1', [Symbol.iterator]: Array.prototype[Symbol.iterator] };
const [bb0, bb1, bb2] = borrowed;
out.push([bb0, bb1, bb2 === undefined]);
const own = [1, 2, 3];
own[Symbol.iterator] = function* () { yield 'own'; yield 'iterator'; };
const [o1, o2] = own;
out.push([o1, o2]);
class Rev extends Array { *[Symbol.iterator]() { for (let i = this.length - 1; i >= 0; i--) yield this[i]; } }
const [r1, r2] = Rev.from([1, 2, 3]);
out.push([r1, r2]);
let closed = 0;
const counting = { [Symbol.iterator]() { let n = 0; return { next: () => ({ value: n++, done: false }), return() { closed++; return {}; } }; } };
const [n0, n1] = counting;
out.push([n0, n1, closed]);
const holes = [, 'second'];
const [h0 = 'hole', h1] = holes;
out.push([h0, h1]);
const pairs = [[1, 'a'], [2, 'b'], [3, 'c']];
let joined = '';
for (const [i, ch] of pairs) joined += i + ch;
out.push(joined);
out.push(pairs.map(([i, ch]) => ch.repeat(i)));
const [head, ...tail] = pairs;
out.push([head, tail.length, Array.isArray(tail)]);
for (const bad of [null, undefined, 5, {}]) {
  try { const [z] = bad; out.push(z); } catch (e) { out.push(e instanceof TypeError); }
}
console.log(out);
