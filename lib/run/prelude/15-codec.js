// The lossless value codec: what crosses from a program to the supervisor is plain JSON data
// that reads back as the same value, or the run says which standard line it broke.
(function (global) {
  'use strict';
  var MAX_SAFE = 9007199254740991;
  var LOSSY = { line: 'lossy' }, SPARSE = { line: 'sparse' };
  var toStr = Object.prototype.toString;

  // Strings are built by concatenation and the cycle check walks a bare list: a program's
  // accessors on Array.prototype[0] or a replaced Array.prototype.push must not disturb this.
  var setProto = Object.setPrototypeOf, isArray = Array.isArray, keysOf = Object.keys, getProto = Object.getPrototypeOf;
  var stringify = JSON.stringify;
  // Whether the object v has the shape of data (its members aside): an array of Array's own
  // prototype, or a plain object. A Date, a Map, a RegExp, a typed array, an Error, a class
  // instance or an Array subclass is not data. Console rendering (40-console.js) asks the same.
  function plain(v) {
    var proto = getProto(v);
    if (isArray(v)) return proto === Array.prototype;
    return (proto === Object.prototype || proto === null) && toStr.call(v) === '[object Object]';
  }

  function encode(value) {
    var stack = setProto([], null);
    function enc(v) {
      if (v === null) return 'null';
      switch (typeof v) {
        case 'string': return stringify(v);
        case 'boolean': return v ? 'true' : 'false';
        case 'number':
          // NaN, the infinities and integers past 2^53 would not read back as written.
          if (!isFinite(v) || Math.abs(v) > MAX_SAFE) throw LOSSY;
          return v === 0 ? '0' : String(v);
        case 'object': break;
        default: throw LOSSY;  // undefined inside data, functions, symbols
      }
      var depth = stack.length, i;
      for (i = 0; i < depth; i++) if (stack[i] === v) throw LOSSY;  // a cycle
      if (!plain(v)) throw LOSSY;
      var out;
      stack[depth] = v;
      if (isArray(v)) {
        out = '[';
        for (i = 0; i < v.length; i++) {
          if (!(i in v)) throw SPARSE;
          out += (i ? ',' : '') + enc(v[i]);
        }
        stack.length = depth;
        return out + ']';
      }
      var keys = keysOf(v);
      out = '{';
      for (i = 0; i < keys.length; i++) out += (i ? ',' : '') + stringify(keys[i]) + ':' + enc(v[keys[i]]);
      stack.length = depth;
      return out + '}';
    }
    return enc(value);
  }

  // { json } on success, else { line: 'lossy' | 'sparse' }.
  function tryEncode(value) {
    try { return { json: encode(value) }; } catch (e) {
      if (e === SPARSE) return { line: 'sparse' };
      return { line: 'lossy' };
    }
  }

  function errorText(e) {
    var name, msg;
    try { name = String(e.name === undefined ? 'Error' : e.name); } catch (x) { name = 'Error'; }
    try { msg = String(e.message === undefined ? '' : e.message); } catch (x) { msg = ''; }
    return msg ? name + ': ' + msg : name;
  }

  // The line of the program (compiled as "program") an error comes from, or 0. String
  // operations only: the program may have broken RegExp or arrays.
  function programLine(e) {
    var stack;
    try { stack = String(e.stack); } catch (x) { stack = ''; }
    var at = stack.indexOf('(program:');
    if (at >= 0) {
      var i = at + 9, n = 0;
      while (i < stack.length && stack.charCodeAt(i) >= 48 && stack.charCodeAt(i) <= 57) n = n * 10 + stack.charCodeAt(i++) - 48;
      if (i > at + 9 && stack.charAt(i) === ')') return n;
    }
    try { if (e.fileName === 'program' && e.lineNumber > 0) return e.lineNumber; } catch (x) { /* none */ }
    return 0;
  }

  // Whether text already says "(line N".
  function hasLine(text) {
    for (var at = text.indexOf('(line '); at >= 0; at = text.indexOf('(line ', at + 1)) {
      var c = text.charCodeAt(at + 6);
      if (c >= 48 && c <= 57) return true;
    }
    return false;
  }

  // A thrown value as the failure message, or null when it cannot be shown.
  function thrownText(e) {
    if (e instanceof Error) {
      var text = errorText(e), line = programLine(e);
      if (line > 0 && !hasLine(text)) text += ' (line ' + line + ')';
      return text;
    }
    if (typeof e === 'string') return e;
    var r = tryEncode(e);
    if (r.json !== undefined && e !== undefined) return r.json;
    return errorLike(e);
  }
  // An object that is no Error but has a string message (test262's Test262Error, many
  // libraries' own errors): `Name: message`, the name its own or its constructor's.
  function errorLike(e) {
    if (e === null || (typeof e !== 'object' && typeof e !== 'function')) return null;
    var name = e.name, msg = e.message;
    if (typeof msg !== 'string') return null;
    if (typeof name !== 'string' || name === '') {
      var c = e.constructor;
      name = c !== null && c !== undefined && typeof c.name === 'string' && c.name !== '' ? c.name : 'Error';
    }
    return msg ? name + ': ' + msg : name;
  }

  Object.defineProperty(global, '__oda_codec', {
    value: { encode: tryEncode, plain: plain, errorText: errorText, thrownText: thrownText },
    writable: false, configurable: true, enumerable: false });
})(this);
