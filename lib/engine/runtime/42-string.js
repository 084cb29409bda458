// The ES2015-ES2024 String methods Duktape lacks (padStart, at, raw, ...). normalize is in
// 48-normalize.js; the RegExp-aware ones (match, matchAll, replace, replaceAll, search,
// split) live in 60-regexp.js.
(function (global) {
  'use strict';
  var rt = global.__oda_rt;
  var SP = String.prototype;
  function thisStr(self, name) {
    return rt.toStr(rt.requireCoercible(self, 'String.prototype.' + name));
  }
  // node's longest string (V8's String::kMaxLength, 2^29 - 24 code units): past it padStart,
  // padEnd and repeat throw node's RangeError at once, where building the string first ran
  // into the heap limit.
  var MAX_LENGTH = 536870888;
  function tooLong() { throw new RangeError('Invalid string length'); }
  var nativeRepeat = SP.repeat;
  function pad(s, maxLength, fill, atStart) {
    var len = rt.toLength(maxLength);
    if (len <= s.length) return s;
    var f = fill === undefined ? ' ' : rt.toStr(fill);
    if (f === '') return s;
    if (len > MAX_LENGTH) tooLong();
    var need = len - s.length;
    var filler = nativeRepeat.call(f, Math.ceil(need / f.length)).slice(0, need);
    return atStart ? filler + s : s + filler;
  }
  var WS = '\t\n\v\f\r \u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff';
  function isWS(c) { return WS.indexOf(c) >= 0; }
  rt.isWhiteSpace = isWS;
  var trimStart = function () {
    var s = thisStr(this, 'trimStart'), i = 0;
    while (i < s.length && isWS(s.charAt(i))) i++;
    return s.slice(i);
  };
  var trimEnd = function () {
    var s = thisStr(this, 'trimEnd'), i = s.length;
    while (i > 0 && isWS(s.charAt(i - 1))) i--;
    return s.slice(0, i);
  };
  // String.fromCharCode takes each code unit modulo 2^16 (ToUint16); Duktape's keeps 32 bits
  // and makes a code point past the BMP out of -1. The natives' version keeps it fast.
  if (typeof global.__oda_from_char_code === 'function') rt.method(String, 'fromCharCode', global.__oda_from_char_code, 1);

  rt.methods(SP, {
    padStart: [function (maxLength, fill) { return pad(thisStr(this, 'padStart'), maxLength, fill, true); }, 1],
    padEnd: [function (maxLength, fill) { return pad(thisStr(this, 'padEnd'), maxLength, fill, false); }, 1],
    repeat: [function (count) {
      // count converted once here (a valueOf runs once); Duktape's repeat checks the rest.
      var s = thisStr(this, 'repeat'), n = +count;
      if (s.length > 0 && n > 0 && n !== Infinity && s.length * Math.floor(n) > MAX_LENGTH) tooLong();
      return nativeRepeat.call(s, n);
    }, 1],
    at: [function (index) {
      var s = thisStr(this, 'at'), k = rt.toIntegerOrInfinity(index);
      if (k < 0) k += s.length;
      return k < 0 || k >= s.length ? undefined : s.charAt(k);
    }, 1],
    trimStart: [trimStart, 0],
    trimEnd: [trimEnd, 0],
    isWellFormed: [function () {
      var s = thisStr(this, 'isWellFormed');
      for (var i = 0; i < s.length; i++) {
        var c = s.charCodeAt(i);
        if (c >= 0xD800 && c <= 0xDBFF) {
          var d = s.charCodeAt(i + 1);
          if (d >= 0xDC00 && d <= 0xDFFF) { i++; continue; }
          return false;
        }
        if (c >= 0xDC00 && c <= 0xDFFF) return false;
      }
      return true;
    }, 0],
    toWellFormed: [function () {
      var s = thisStr(this, 'toWellFormed'), out = '', last = 0;
      for (var i = 0; i < s.length; i++) {
        var c = s.charCodeAt(i);
        if (c >= 0xD800 && c <= 0xDBFF) {
          var d = s.charCodeAt(i + 1);
          if (d >= 0xDC00 && d <= 0xDFFF) { i++; continue; }
        } else if (!(c >= 0xDC00 && c <= 0xDFFF)) continue;
        out += s.slice(last, i) + '\ufffd';
        last = i + 1;
      }
      return last === 0 ? s : out + s.slice(last);
    }, 0]
  });
  rt.def(SP, 'trimLeft', SP.trimStart);
  rt.def(SP, 'trimRight', SP.trimEnd);

  rt.method(String, 'raw', function (template) {
    var cooked = rt.toObject(template);
    var raw = rt.toObject(cooked.raw), len = rt.toLength(raw.length), out = '';
    for (var i = 0; i < len; i++) {
      out += rt.toStr(raw[i]);
      if (i + 1 < len && i + 1 < arguments.length) out += rt.toStr(arguments[i + 1]);
    }
    return out;
  }, 1);
})(this);
