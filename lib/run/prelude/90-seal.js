// The raw natives stay reachable only through the prelude's closures, and Duktape's
// Node-like Buffer goes: programs get no Node.js APIs (no require, process or Buffer).
(function (global) {
  'use strict';
  ['__oda_emit', '__oda_now', '__oda_host_request', '__oda_finish', '__oda_load_chunk', '__oda_microtasks', 'Buffer'].forEach(function (n) {
    delete global[n];
  });
})(this);
