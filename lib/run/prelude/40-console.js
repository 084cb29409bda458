// console.log/info/warn/error/debug: each call becomes one captured line, rendered as SPEC
// 4.2 says, and goes to the supervisor at once (so a timeout or a crash keeps it).
(function (global) {
  'use strict';
  var emit = __oda_emit;
  var LEVELS = ['log', 'info', 'warn', 'error', 'debug'];

  function errorText(e) {
    var name = String(e.name === undefined ? 'Error' : e.name), msg = String(e.message === undefined ? '' : e.message);
    return msg ? name + ': ' + msg : name;
  }

  // Compact JSON as JSON.stringify writes it, except that a cycle reads "[Circular]", an
  // Error reads "Name: message" and a BigInt reads as node shows it (1n). Built by
  // concatenation over a bare list of the objects being rendered: a program's accessors on
  // Array.prototype[0] or a replaced push cannot disturb it.
  var isArray = Array.isArray, keysOf = Object.keys, stringify = JSON.stringify;
  function data(v, stack) {
    if (v !== null && typeof v === 'object' && typeof v.toJSON === 'function') v = v.toJSON();
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
    if (v instanceof Error) return stringify(errorText(v));
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

  function render(v) {
    if (typeof v === 'string') return v;
    if (typeof v === 'bigint') return String(v) + 'n';
    if (v instanceof Error) return errorText(v);
    if (v !== null && typeof v === 'object') {
      try { var s = data(v, Object.setPrototypeOf([], null)); if (s !== undefined) return s; } catch (e) { /* fall through */ }
    }
    try { return String(v); } catch (e2) { return Object.prototype.toString.call(v); }
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
