// The ES2015 Math functions Duktape lacks (Number already has the ES2015 set).
(function (global) {
  'use strict';
  var rt = global.__oda_rt;
  var M = Math;
  function fill(name, fn, len) { if (typeof M[name] !== 'function') rt.method(M, name, fn, len); }
  fill('expm1', function (x) {
    x = +x;
    if (x === 0 || x !== x) return x;
    if (Math.abs(x) < 1e-5) return x + x * x / 2 + x * x * x / 6;
    return Math.exp(x) - 1;
  }, 1);
  fill('log1p', function (x) {
    x = +x;
    if (x === 0 || x !== x) return x;
    if (Math.abs(x) < 1e-4) return x - x * x / 2 + x * x * x / 3;
    return Math.log(1 + x);
  }, 1);
  fill('sinh', function (x) { x = +x; if (x === 0) return x; return (Math.expm1(x) - Math.expm1(-x)) / 2; }, 1);
  fill('cosh', function (x) { x = +x; var e = Math.exp(Math.abs(x)); return (e + 1 / e) / 2; }, 1);
  fill('tanh', function (x) {
    x = +x;
    if (x === 0 || x !== x) return x;
    if (x > 20) return 1;
    if (x < -20) return -1;
    var a = Math.expm1(2 * x);
    return a / (a + 2);
  }, 1);
  fill('asinh', function (x) {
    x = +x;
    if (x === 0 || !isFinite(x)) return x;
    var a = Math.abs(x), r = Math.log(a + Math.sqrt(a * a + 1));
    if (a < 1e-4) r = a - a * a * a / 6;
    return x < 0 ? -r : r;
  }, 1);
  fill('acosh', function (x) { x = +x; return Math.log(x + Math.sqrt(x * x - 1)); }, 1);
  fill('atanh', function (x) { x = +x; if (x === 0) return x; return Math.log1p(2 * x / (1 - x)) / 2; }, 1);
  // Duktape's cbrt is off by an ulp on exact cubes (cbrt(27) is 3.0000000000000004): one
  // Newton step on the pow() estimate lands on them.
  var pow = Math.pow;
  rt.method(M, 'cbrt', function (x) {
    x = +x;
    if (x === 0 || x !== x || x === Infinity || x === -Infinity) return x;
    var a = Math.abs(x), r = pow(a, 1 / 3);
    r = r - (r * r * r - a) / (3 * r * r);
    return x < 0 ? -r : r;
  }, 1);
  var f32 = new Float32Array(1);
  fill('fround', function (x) { f32[0] = x; return f32[0]; }, 1);
  // Number.parseFloat and Number.parseInt are the global functions themselves.
  if (Number.parseFloat !== global.parseFloat) rt.def(Number, 'parseFloat', global.parseFloat);
  if (Number.parseInt !== global.parseInt) rt.def(Number, 'parseInt', global.parseInt);
})(this);
