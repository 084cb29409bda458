// The lossless value codec: what crosses from a program to the supervisor is plain JSON data
// that reads back as the same value, or the run says which standard line it broke.
(function (global) {
  'use strict';
  var MAX_SAFE = 9007199254740991;
  var LOSSY = { line: 'lossy' }, SPARSE = { line: 'sparse' };
  var toStr = Object.prototype.toString;

  function encode(value) {
    var stack = [];
    function enc(v) {
      if (v === null) return 'null';
      switch (typeof v) {
        case 'string': return JSON.stringify(v);
        case 'boolean': return v ? 'true' : 'false';
        case 'number':
          // NaN, the infinities and integers past 2^53 would not read back as written.
          if (!isFinite(v) || Math.abs(v) > MAX_SAFE) throw LOSSY;
          return v === 0 ? '0' : String(v);
        case 'object': break;
        default: throw LOSSY;  // undefined inside data, functions, symbols
      }
      if (stack.indexOf(v) >= 0) throw LOSSY;  // a cycle
      var proto = Object.getPrototypeOf(v), parts = [], i;
      stack.push(v);
      if (Array.isArray(v)) {
        if (proto !== Array.prototype) throw LOSSY;
        for (i = 0; i < v.length; i++) {
          if (!(i in v)) throw SPARSE;
          parts.push(enc(v[i]));
        }
        stack.pop();
        return '[' + parts.join(',') + ']';
      }
      // Only plain objects: a Date, a Map, an Error or a class instance is not data.
      if ((proto !== Object.prototype && proto !== null) || toStr.call(v) !== '[object Object]') throw LOSSY;
      var keys = Object.keys(v);
      for (i = 0; i < keys.length; i++) parts.push(JSON.stringify(keys[i]) + ':' + enc(v[keys[i]]));
      stack.pop();
      return '{' + parts.join(',') + '}';
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

  // The line of the program (compiled as "program") an error comes from, or 0.
  function programLine(e) {
    var m, stack;
    try { stack = String(e.stack); } catch (x) { stack = ''; }
    m = /\(program:(\d+)\)/.exec(stack);
    if (m) return Number(m[1]);
    try { if (e.fileName === 'program' && e.lineNumber > 0) return e.lineNumber; } catch (x) { /* none */ }
    return 0;
  }

  // A thrown value as the failure message, or null when it cannot be shown.
  function thrownText(e) {
    if (e instanceof Error) {
      var text = errorText(e), line = programLine(e);
      if (line > 0 && !/\(line \d+/.test(text)) text += ' (line ' + line + ')';
      return text;
    }
    if (typeof e === 'string') return e;
    var r = tryEncode(e);
    return r.json === undefined || e === undefined ? null : r.json;
  }

  Object.defineProperty(global, '__oda_codec', {
    value: { encode: tryEncode, errorText: errorText, thrownText: thrownText },
    writable: false, configurable: true, enumerable: false });
})(this);
