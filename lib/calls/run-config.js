// The run's own part of the prelude: the tools, args, dv and metadata the supervisor sent
// (__oda_calls_config, lib/calls/calls_bind.cc), bound by lib/calls/calls.js's installer.
// @per-run
(function (global) {
  'use strict';
  var install = global.__oda_calls_install, config = global.__oda_calls_config;
  delete global.__oda_calls_install;
  delete global.__oda_calls_config;
  var text = typeof config === 'function' ? config() : '';
  install(text ? JSON.parse(text) : { tools: [], args: {}, dv: {}, metadata: {} });
})(this);
