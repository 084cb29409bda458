// The raw natives stay reachable only through the prelude's closures.
(function (global) {
  'use strict';
  ['__oda_emit', '__oda_now', '__oda_host_request', '__oda_finish', '__oda_microtasks'].forEach(function (n) {
    delete global[n];
  });
})(this);
