// The program's calls (lib/calls/calls_bind.cc): every tool as a global async function (and a
// member of $tools), the guarded fetch, and args, dv and metadata. This part is the same in
// every run; lib/calls/run-config.js hands it the run's own tools and values.
(function (global) {
  'use strict';
  var host = global.__oda_host;

  function keep(name, value) {
    Object.defineProperty(global, name, { value: value, writable: false, configurable: false, enumerable: false });
  }

  function tool(name) {
    var f = function (args) {
      return host('call', { tool: name, arguments: args === undefined ? {} : args });
    };
    Object.defineProperty(f, 'name', { value: name });
    return f;
  }

  // The terminal tools every run has (calls_bind.cc lists them), bound once, in the image.
  var standing = global.__oda_terminal_tools || [];
  delete global.__oda_terminal_tools;
  function standingTools() {
    var tools = {};
    for (var i = 0; i < standing.length; i++) tools[standing[i]] = global[standing[i]];
    return tools;
  }
  for (var s = 0; s < standing.length; s++) keep(standing[s], tool(standing[s]));

  // What a run without tools or values of its own sees, already in the heap image
  // (configurable, so a run with its own replaces them; calls_bind.cc makes them permanent in
  // a run without).
  function placeholder(name, value) {
    Object.defineProperty(global, name, { value: value, writable: false, configurable: true, enumerable: false });
  }
  placeholder('$tools', Object.freeze(standingTools()));
  placeholder('args', {});
  placeholder('dv', {});
  placeholder('metadata', {});

  // cfg: {tools (the catalogs' ones), args, dv, metadata} from the supervisor.
  Object.defineProperty(global, '__oda_calls_install', { configurable: true, value: function (cfg) {
    var tools = standingTools();
    for (var i = 0; i < cfg.tools.length; i++) {
      var name = cfg.tools[i];
      // The supervisor refuses the names it knows the runtime keeps; this catches the rest.
      if (Object.prototype.hasOwnProperty.call(global, name)) {
        throw new Error("tool '" + name + "' is kept by the run's environment");
      }
      tools[name] = tool(name);
      keep(name, tools[name]);
    }
    // Other parts' members (lib/mcp's servers), bound by their own per-run prelude.
    var more = global.__oda_more_tools;
    delete global.__oda_more_tools;
    if (more) for (var m in more) if (Object.prototype.hasOwnProperty.call(more, m)) tools[m] = more[m];
    keep('$tools', Object.freeze(tools));
    keep('args', cfg.args);
    keep('dv', cfg.dv);
    keep('metadata', cfg.metadata);
  } });

  function headerList(h) {
    var out = [], k;
    if (h === undefined || h === null) return out;
    if (typeof h.forEach === 'function' && !Array.isArray(h)) {
      h.forEach(function (v, k2) { out.push([String(k2), String(v)]); });
      return out;
    }
    if (Array.isArray(h)) {
      for (k = 0; k < h.length; k++) out.push([String(h[k][0]), String(h[k][1])]);
      return out;
    }
    for (k in h) if (Object.prototype.hasOwnProperty.call(h, k)) out.push([k, String(h[k])]);
    return out;
  }

  function Headers(map) {
    this.get = function (name) {
      var k = String(name).toLowerCase();
      return Object.prototype.hasOwnProperty.call(map, k) ? map[k] : null;
    };
    this.has = function (name) {
      return Object.prototype.hasOwnProperty.call(map, String(name).toLowerCase());
    };
    this.forEach = function (fn, self) {
      for (var k in map) if (Object.prototype.hasOwnProperty.call(map, k)) fn.call(self, map[k], k, this);
    };
    this.keys = function () { return Object.keys(map); };
    this.toJSON = function () { return map; };
  }

  function Response(r) {
    var body = r.body;
    this.status = r.status;
    this.ok = r.ok;
    this.url = r.url;
    this.redirected = r.redirected;
    this.headers = new Headers(r.headers);
    this.text = function () { return Promise.resolve(body); };
    this.json = function () {
      return new Promise(function (resolve) { resolve(JSON.parse(body)); });
    };
  }

  keep('fetch', function fetch(url, init) {
    var req = { url: String(url) }, o = {};
    if (init !== undefined && init !== null) {
      if (init.method !== undefined) o.method = String(init.method);
      if (init.headers !== undefined) o.headers = headerList(init.headers);
      if (init.body !== undefined && init.body !== null) o.body = String(init.body);
      if (init.redirect !== undefined) o.redirect = String(init.redirect);
    }
    req.init = o;
    return host('fetch', req).then(function (r) { return new Response(r); });
  });
})(this);
