// console.log/info/warn/error/debug: each call becomes one captured line, rendered as SPEC
// 4.2 says, and goes to the supervisor at once (so a timeout or a crash keeps it).
(function (global) {
  'use strict';
  var emit = __oda_emit;
  var LEVELS = ['log', 'info', 'warn', 'error', 'debug'];

  var codec = global.__oda_codec, plain = codec.plain, errorText = codec.errorText;
  var isArray = Array.isArray, keysOf = Object.keys, stringify = JSON.stringify, toStr = Object.prototype.toString;

  // String(v), or its [object Tag] when the program's toString throws or is missing.
  function text(v) {
    try { return String(v); } catch (e) { return toStr.call(v); }
  }

  // Data (what the codec calls data: plain objects and arrays of Array's prototype, 15-codec.js)
  // as compact JSON, as JSON.stringify writes it, except that a cycle reads "[Circular]", a
  // BigInt reads as node shows it (1n), and an object that is not data (an Error, a Map, a
  // Date, a class instance) reads as the JSON string of what it prints alone: "Name: message"
  // or String(value). toJSON is not called: a Date would pass for a string. Built by
  // concatenation over a bare list of the objects being rendered: a program's accessors on
  // Array.prototype[0] or a replaced push cannot disturb it.
  function data(v, stack) {
    if (v === null) return 'null';
    switch (typeof v) {
      case 'string': return stringify(v);
      case 'number': return isFinite(v) ? String(v) : 'null';
      case 'boolean': return String(v);
      case 'bigint': return String(v) + 'n';  // as node shows it: 1n, [1n]
      case 'object': break;
      default: return undefined;
    }
    var depth = stack.length, i, s, out, n = 0;
    for (i = 0; i < depth; i++) if (stack[i] === v) return '"[Circular]"';
    if (!plain(v)) return stringify(render(v));
    stack[depth] = v;
    if (isArray(v)) {
      out = '[';
      for (i = 0; i < v.length; i++) { s = data(v[i], stack); out += (i ? ',' : '') + (s === undefined ? 'null' : s); }
      stack.length = depth;
      return out + ']';
    }
    var keys = keysOf(v);
    out = '{';
    for (i = 0; i < keys.length; i++) {
      s = data(v[keys[i]], stack);
      if (s !== undefined) out += (n++ ? ',' : '') + stringify(keys[i]) + ':' + s;
    }
    stack.length = depth;
    return out + '}';
  }

  // One console argument as SPEC 4.2 has it: a string as it is, an Error as "Name: message",
  // data as compact JSON, anything else as String(value).
  function render(v) {
    if (typeof v === 'string') return v;
    if (typeof v === 'bigint') return String(v) + 'n';
    if (v instanceof Error) return errorText(v);
    if (v !== null && typeof v === 'object') {
      try { if (plain(v)) return data(v, Object.setPrototypeOf([], null)); } catch (e) { /* fall through */ }
    }
    return text(v);
  }

  var console = {};
  LEVELS.forEach(function (name, level) {
    console[name] = function () {
      var line = '';
      for (var i = 0; i < arguments.length; i++) line += (i ? ' ' : '') + render(arguments[i]);
      emit(level, line);
    };
  });
  Object.defineProperty(global, 'console', { value: console, writable: true, configurable: true, enumerable: false });
  Object.defineProperty(global, '__oda_render', { value: render, writable: true, configurable: true, enumerable: false });
})(this);
