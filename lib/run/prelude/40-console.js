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

  // Compact JSON as JSON.stringify writes it, except that a cycle reads "[Circular]" and an
  // Error reads "Name: message".
  function data(v, stack) {
    if (v !== null && typeof v === 'object' && typeof v.toJSON === 'function') v = v.toJSON();
    if (v === null) return 'null';
    switch (typeof v) {
      case 'string': return JSON.stringify(v);
      case 'number': return isFinite(v) ? String(v) : 'null';
      case 'boolean': return String(v);
      case 'object': break;
      default: return undefined;
    }
    if (stack.indexOf(v) >= 0) return '"[Circular]"';
    if (v instanceof Error) return JSON.stringify(errorText(v));
    stack.push(v);
    var parts = [], i, s;
    if (Array.isArray(v)) {
      for (i = 0; i < v.length; i++) { s = data(v[i], stack); parts.push(s === undefined ? 'null' : s); }
      stack.pop();
      return '[' + parts.join(',') + ']';
    }
    var keys = Object.keys(v);
    for (i = 0; i < keys.length; i++) {
      s = data(v[keys[i]], stack);
      if (s !== undefined) parts.push(JSON.stringify(keys[i]) + ':' + s);
    }
    stack.pop();
    return '{' + parts.join(',') + '}';
  }

  function render(v) {
    if (typeof v === 'string') return v;
    if (v instanceof Error) return errorText(v);
    if (v !== null && typeof v === 'object') {
      try { var s = data(v, []); if (s !== undefined) return s; } catch (e) { /* fall through */ }
    }
    try { return String(v); } catch (e2) { return Object.prototype.toString.call(v); }
  }

  var console = {};
  LEVELS.forEach(function (name, level) {
    console[name] = function () {
      var parts = [];
      for (var i = 0; i < arguments.length; i++) parts.push(render(arguments[i]));
      emit(level, parts.join(' '));
    };
  });
  Object.defineProperty(global, 'console', { value: console, writable: true, configurable: true, enumerable: false });
  Object.defineProperty(global, '__oda_render', { value: render, writable: true, configurable: true, enumerable: false });
})(this);
