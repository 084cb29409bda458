// The program's MCP servers (lib/mcp/client_bind.cc): each server a global object by its
// binding, each of its tools an async method by its MCP name, each method carrying the
// tool's description and schemas. This part is the same in every run (in the heap image);
// lib/mcp/run-mcp.js hands it the run's own servers.
(function (global) {
  'use strict';
  var host = global.__oda_host;

  function method(binding, tool) {
    var f = function (args) {
      return host('call', { tool: binding + '.' + tool.name, arguments: args === undefined ? {} : args });
    };
    Object.defineProperty(f, 'name', { value: tool.name });
    Object.defineProperty(f, 'description', { value: tool.description, enumerable: true });
    Object.defineProperty(f, 'inputSchema', { value: tool.inputSchema, enumerable: true });
    if (tool.outputSchema !== undefined) Object.defineProperty(f, 'outputSchema', { value: tool.outputSchema, enumerable: true });
    return f;
  }

  // A name the server has no tool by (or any name, when the server could not start) is still
  // a method: its call reaches the supervisor, which rejects it naming the server and the
  // cause, and records it. 'then' stays absent, so awaiting the object gives the object.
  function server(cfg) {
    var target = {};
    var listing = { server: cfg.name, tools: [] };
    for (var i = 0; i < cfg.tools.length; i++) {
      var t = cfg.tools[i];
      Object.defineProperty(target, t.name, { value: method(cfg.binding, t), enumerable: true });
      var entry = { name: t.name, description: t.description, inputSchema: t.inputSchema };
      if (t.outputSchema !== undefined) entry.outputSchema = t.outputSchema;
      listing.tools.push(entry);
    }
    if (cfg.error !== undefined) listing.error = cfg.error;
    // What printing the server shows: its tools with their descriptions and schemas.
    if (!Object.prototype.hasOwnProperty.call(target, 'toJSON')) {
      Object.defineProperty(target, 'toJSON', { value: function () { return listing; } });
    }
    Object.freeze(target);
    var unknown = {};
    return new Proxy(target, {
      get: function (o, key) {
        if (typeof key !== 'string' || key in o || key === 'then') return o[key];
        if (!Object.prototype.hasOwnProperty.call(unknown, key)) unknown[key] = method(cfg.binding, { name: key });
        return unknown[key];
      }
    });
  }

  // cfg: {servers: [{name, binding, tools: [{name, description, inputSchema, outputSchema}], error}]}
  Object.defineProperty(global, '__oda_mcp_install', { configurable: true, value: function (cfg) {
    var more = {};
    for (var i = 0; i < cfg.servers.length; i++) {
      var s = cfg.servers[i];
      if (Object.prototype.hasOwnProperty.call(global, s.binding)) {
        throw new Error("mcp server '" + s.name + "' is bound as '" + s.binding + "', which the run's environment keeps");
      }
      more[s.binding] = server(s);
      Object.defineProperty(global, s.binding, { value: more[s.binding], writable: false, configurable: false, enumerable: false });
    }
    // lib/calls/calls.js's installer takes these into $tools.
    Object.defineProperty(global, '__oda_more_tools', { value: more, configurable: true });
  } });
})(this);
