// The web platform globals agents use: atob, btoa, structuredClone, DOMException, and
// TextEncoder.prototype.encodeInto (Duktape has TextEncoder and TextDecoder themselves).
// @lazy: DOMException btoa atob structuredClone TextEncoder.prototype.encodeInto/2
(function (global) {
  'use strict';
  var rt = global.__oda_rt;
  var toStr = rt.toStr;

  var CODES = { IndexSizeError: 1, HierarchyRequestError: 3, WrongDocumentError: 4, InvalidCharacterError: 5,
    NoModificationAllowedError: 7, NotFoundError: 8, NotSupportedError: 9, InvalidStateError: 11,
    SyntaxError: 12, InvalidModificationError: 13, NamespaceError: 14, InvalidAccessError: 15,
    TypeMismatchError: 17, SecurityError: 18, NetworkError: 19, AbortError: 20, URLMismatchError: 21,
    QuotaExceededError: 22, TimeoutError: 23, InvalidNodeTypeError: 24, DataCloneError: 25 };
  if (typeof global.DOMException !== 'function') {
    var DOMException = function DOMException(message, name) {
      if (!(this instanceof DOMException)) throw new TypeError('Constructor DOMException requires \'new\'');
      var n = name === undefined ? 'Error' : toStr(name);
      Object.defineProperty(this, 'message', { value: message === undefined ? '' : toStr(message), writable: true, configurable: true });
      Object.defineProperty(this, 'name', { value: n, writable: true, configurable: true });
      Object.defineProperty(this, 'code', { value: CODES[n] || 0, writable: true, configurable: true });
      var e = new Error(this.message);
      if (e.stack !== undefined) Object.defineProperty(this, 'stack', { value: e.stack, writable: true, configurable: true });
    };
    DOMException.prototype = Object.create(Error.prototype);
    rt.def(DOMException.prototype, 'constructor', DOMException);
    Object.defineProperty(DOMException.prototype, Symbol.toStringTag, { value: 'DOMException', configurable: true });
    rt.def(global, 'DOMException', DOMException);
  }
  function domError(message, name) { return new global.DOMException(message, name); }

  var B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  var B64REV = Object.create(null);
  for (var i = 0; i < 64; i++) B64REV[B64.charAt(i)] = i;

  rt.def(global, 'btoa', rt.method({}, 'btoa', function (data) {
    if (arguments.length === 0) throw new TypeError('The "data" argument must be specified');
    // Pieces joined once: repeated += on Duktape's immutable strings would be quadratic.
    var s = toStr(data), out = [], n = s.length;
    for (var j = 0; j < n; j++) {
      if (s.charCodeAt(j) > 0xFF) throw domError('Invalid character', 'InvalidCharacterError');
    }
    for (j = 0; j + 2 < n; j += 3) {
      var v = (s.charCodeAt(j) << 16) | (s.charCodeAt(j + 1) << 8) | s.charCodeAt(j + 2);
      out.push(B64.charAt(v >> 18) + B64.charAt((v >> 12) & 63) + B64.charAt((v >> 6) & 63) + B64.charAt(v & 63));
    }
    if (n - j === 1) {
      var a = s.charCodeAt(j) << 16;
      out.push(B64.charAt(a >> 18) + B64.charAt((a >> 12) & 63) + '==');
    } else if (n - j === 2) {
      var b = (s.charCodeAt(j) << 16) | (s.charCodeAt(j + 1) << 8);
      out.push(B64.charAt(b >> 18) + B64.charAt((b >> 12) & 63) + B64.charAt((b >> 6) & 63) + '=');
    }
    return out.join('');
  }, 1));

  rt.def(global, 'atob', rt.method({}, 'atob', function (data) {
    if (arguments.length === 0) throw new TypeError('The "data" argument must be specified');
    var s = toStr(data), pieces = [], from = 0;
    for (var j = 0; j < s.length; j++) {
      var c = s.charAt(j);
      if (c === ' ' || c === '\t' || c === '\n' || c === '\f' || c === '\r') {
        pieces.push(s.slice(from, j));
        from = j + 1;
      }
    }
    pieces.push(s.slice(from));
    var clean = pieces.join('');
    if (clean.length % 4 === 0) {
      if (clean.charAt(clean.length - 1) === '=') clean = clean.slice(0, clean.charAt(clean.length - 2) === '=' ? -2 : -1);
    }
    if (clean.length % 4 === 1) throw domError('The string to be decoded is not correctly encoded.', 'InvalidCharacterError');
    var out = [], chunks = [], bits = 0, acc = 0;
    for (j = 0; j < clean.length; j++) {
      var v = B64REV[clean.charAt(j)];
      if (v === undefined) throw domError('The string to be decoded is not correctly encoded.', 'InvalidCharacterError');
      acc = (acc << 6) | v;
      bits += 6;
      if (bits >= 8) {
        bits -= 8;
        out.push((acc >> bits) & 0xFF);
        acc &= (1 << bits) - 1;
      }
      if (out.length >= 4096) { chunks.push(String.fromCharCode.apply(null, out)); out = []; }
    }
    chunks.push(String.fromCharCode.apply(null, out));
    return chunks.join('');
  }, 1));

  if (typeof global.TextEncoder === 'function' && typeof TextEncoder.prototype.encodeInto !== 'function') {
    rt.method(TextEncoder.prototype, 'encodeInto', function (source, destination) {
      var s = toStr(source), read = 0, written = 0, cap = destination.length;
      var enc = new TextEncoder();
      for (var k = 0; k < s.length;) {
        var c = s.charCodeAt(k), units = 1;
        if (c >= 0xD800 && c <= 0xDBFF && k + 1 < s.length) {
          var d = s.charCodeAt(k + 1);
          if (d >= 0xDC00 && d <= 0xDFFF) units = 2;
        }
        var bytes = enc.encode(s.slice(k, k + units));
        if (written + bytes.length > cap) break;
        for (var b = 0; b < bytes.length; b++) destination[written++] = bytes[b];
        read += units;
        k += units;
      }
      return { read: read, written: written };
    }, 2);
  }

  // structuredClone: the structured clone algorithm over what a Duktape program can hold.
  var toString = Object.prototype.toString;
  var TYPED = ['Int8Array', 'Uint8Array', 'Uint8ClampedArray', 'Int16Array', 'Uint16Array', 'Int32Array',
    'Uint32Array', 'Float32Array', 'Float64Array'];
  var ERRORS = { Error: Error, EvalError: EvalError, RangeError: RangeError, ReferenceError: ReferenceError,
    SyntaxError: SyntaxError, TypeError: TypeError, URIError: URIError };
  function cloneError(what) {
    return domError(what + ' could not be cloned.', 'DataCloneError');
  }
  function clone(v, memory) {
    if (typeof v === 'symbol') throw cloneError(String(v));
    if (typeof v === 'function') throw cloneError(String(v).split('{')[0] + '{ [native code] }');
    if (!rt.isObject(v)) return v;
    var seen = memory.get(v);
    if (seen !== undefined) return seen;
    var tag = toString.call(v), out, k, j;
    if (Array.isArray(v)) {
      out = new Array(v.length);
      memory.set(v, out);
      for (k in v) if (rt.hasOwn.call(v, k)) out[k] = clone(v[k], memory);
      return out;
    }
    switch (tag) {
      case '[object Date]': out = new Date(v.getTime()); memory.set(v, out); return out;
      case '[object RegExp]': out = new RegExp(v.source, v.flags); memory.set(v, out); return out;
      case '[object Boolean]': out = Object(Boolean.prototype.valueOf.call(v)); memory.set(v, out); return out;
      case '[object Number]': out = Object(Number.prototype.valueOf.call(v)); memory.set(v, out); return out;
      case '[object String]': out = Object(String.prototype.valueOf.call(v)); memory.set(v, out); return out;
      case '[object ArrayBuffer]': out = v.slice(0); memory.set(v, out); return out;
      case '[object DataView]':
        out = new DataView(clone(v.buffer, memory), v.byteOffset, v.byteLength); memory.set(v, out); return out;
      case '[object Map]':
        out = new Map(); memory.set(v, out);
        v.forEach(function (val, key) { out.set(clone(key, memory), clone(val, memory)); });
        return out;
      case '[object Set]':
        out = new Set(); memory.set(v, out);
        v.forEach(function (val) { out.add(clone(val, memory)); });
        return out;
      case '[object Error]': {
        var name = v.name, C = rt.hasOwn.call(ERRORS, name) ? ERRORS[name] : Error;
        out = new C(v.message);
        memory.set(v, out);
        if (v.stack !== undefined) { try { Object.defineProperty(out, 'stack', { value: String(v.stack), writable: true, configurable: true }); } catch (e) { } }
        if (rt.hasOwn.call(v, 'cause')) rt.def(out, 'cause', clone(v.cause, memory));
        return out;
      }
      default:
    }
    if (rt.isBigArray(v)) {  // a BigInt64Array or BigUint64Array (52-bigint-arrays.js): tag names it
      out = new global[tag.slice(8, -1)](clone(v.buffer, memory), v.byteOffset, v.length);
      memory.set(v, out);
      return out;
    }
    for (j = 0; j < TYPED.length; j++) {
      var T = global[TYPED[j]];
      if (T && v instanceof T) {
        out = new T(clone(v.buffer, memory), v.byteOffset, v.length);
        memory.set(v, out);
        return out;
      }
    }
    if (tag === '[object WeakMap]' || tag === '[object WeakSet]' || tag === '[object Promise]' ||
        tag === '[object Symbol]' || tag === '[object WeakRef]') {
      throw cloneError(tag === '[object Promise]' ? '#<Promise>' : tag.slice(8, -1) === 'Symbol' ? 'Symbol' : '#<' + tag.slice(8, -1) + '>');
    }
    out = {};
    memory.set(v, out);
    var keys = Object.keys(v);
    for (j = 0; j < keys.length; j++) out[keys[j]] = clone(v[keys[j]], memory);
    return out;
  }
  rt.def(global, 'structuredClone', rt.method({}, 'structuredClone', function (value, options) {
    if (arguments.length === 0) throw new TypeError('The "value" argument must be specified');
    if (options !== undefined && options !== null && options.transfer !== undefined && options.transfer.length) {
      throw domError('Transferring is not supported.', 'DataCloneError');
    }
    return clone(value, new Map());
  }, 1));
})(this);
