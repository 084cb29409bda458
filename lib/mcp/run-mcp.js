// The run's own MCP servers (__oda_mcp_config, lib/mcp/client_bind.cc), bound by
// lib/mcp/mcp.js's installer before lib/calls/run-config.js binds $tools.
// @per-run
(function (global) {
  'use strict';
  var install = global.__oda_mcp_install, config = global.__oda_mcp_config;
  delete global.__oda_mcp_install;
  delete global.__oda_mcp_config;
  if (typeof config === 'function') install(JSON.parse(config()));
})(this);
