// crypto.getRandomValues and crypto.randomUUID from the kernel's random source, and
// performance.now on the run's own clock (Duktape's counts from an arbitrary epoch).
// @lazy: crypto performance.now/0
(function (global) {
  'use strict';
  var rt = global.__oda_rt;
  var randomFill = global.__oda_random_fill, perfNow = global.__oda_perf_now;

  rt.method(global.performance, 'now', function () { return perfNow(); }, 0);

  var INTEGER_ARRAYS = ['Int8Array', 'Uint8Array', 'Uint8ClampedArray', 'Int16Array', 'Uint16Array',
    'Int32Array', 'Uint32Array', 'BigInt64Array', 'BigUint64Array'];
  function isIntegerArray(v) {
    for (var i = 0; i < INTEGER_ARRAYS.length; i++) {
      var T = global[INTEGER_ARRAYS[i]];
      if (typeof T === 'function' && v instanceof T) return true;
    }
    return false;
  }
  // Web Crypto's limit for one call, in node's words.
  var MAX_BYTES = 65536;

  function Crypto() { throw rt.nodeError(TypeError, 'ERR_ILLEGAL_CONSTRUCTOR', 'Illegal constructor'); }
  var crypto = Object.create(Crypto.prototype);
  rt.def(Crypto.prototype, 'constructor', Crypto);
  Object.defineProperty(Crypto.prototype, Symbol.toStringTag, { value: 'Crypto', configurable: true });
  function requireCrypto(self) {
    if (self !== crypto) throw rt.nodeError(TypeError, 'ERR_INVALID_THIS', 'Value of "this" must be of type Crypto');
  }
  var hex = [];
  for (var i = 0; i < 256; i++) hex.push((i < 16 ? '0' : '') + i.toString(16));

  rt.methods(Crypto.prototype, {
    getRandomValues: [function (array) {
      requireCrypto(this);
      if (arguments.length === 0) {
        throw rt.nodeError(TypeError, 'ERR_MISSING_ARGS',
          'Failed to execute \'getRandomValues\' on \'Crypto\': 1 argument required, but only 0 present.');
      }
      if (!isIntegerArray(array)) {
        throw new global.DOMException('The data argument must be an integer-type TypedArray', 'TypeMismatchError');
      }
      if (array.byteLength > MAX_BYTES) {
        throw new global.DOMException('The requested length exceeds 65,536 bytes', 'QuotaExceededError');
      }
      // A BigInt64Array is a proxy (52-bigint-arrays.js): its bytes through a plain view.
      if (rt.isBigArray(array)) randomFill(new Uint8Array(array.buffer, array.byteOffset, array.byteLength));
      else randomFill(array);
      return array;
    }, 1],
    // Version 4 (random), variant 10xx of RFC 4122.
    randomUUID: [function () {
      requireCrypto(this);
      var b = randomFill(new Uint8Array(16));
      b[6] = (b[6] & 0x0f) | 0x40;
      b[8] = (b[8] & 0x3f) | 0x80;
      return hex[b[0]] + hex[b[1]] + hex[b[2]] + hex[b[3]] + '-' + hex[b[4]] + hex[b[5]] + '-' +
        hex[b[6]] + hex[b[7]] + '-' + hex[b[8]] + hex[b[9]] + '-' +
        hex[b[10]] + hex[b[11]] + hex[b[12]] + hex[b[13]] + hex[b[14]] + hex[b[15]];
    }, 0]
  });

  rt.def(global, 'Crypto', Crypto);
  rt.def(global, 'crypto', crypto);
})(this);
