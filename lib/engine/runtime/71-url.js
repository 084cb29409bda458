// URL and URLSearchParams after the WHATWG URL standard, for what agents do with them: build
// and read http(s) URLs, resolve relative references, edit query strings. Hosts are kept as
// written (lowercased, no IDNA or IPv4 number rewriting).
// @lazy: URL URLSearchParams
(function (global) {
  'use strict';
  var rt = global.__oda_rt;
  var toStr = rt.toStr;
  var SPECIAL = { 'http:': '80', 'https:': '443', 'ws:': '80', 'wss:': '443', 'ftp:': '21', 'file:': '' };
  var U = rt.hiddenKey('url'), P = rt.hiddenKey('params');
  var HEX = '0123456789ABCDEF';

  function utf8Bytes(s) {
    var bytes = [];
    for (var i = 0; i < s.length; i++) {
      var c = s.charCodeAt(i);
      if (c >= 0xD800 && c <= 0xDBFF && i + 1 < s.length) {
        var d = s.charCodeAt(i + 1);
        if (d >= 0xDC00 && d <= 0xDFFF) { c = 0x10000 + ((c - 0xD800) << 10) + (d - 0xDC00); i++; }
        else c = 0xFFFD;
      } else if (c >= 0xD800 && c <= 0xDFFF) c = 0xFFFD;
      if (c < 0x80) bytes.push(c);
      else if (c < 0x800) bytes.push(0xC0 | (c >> 6), 0x80 | (c & 63));
      else if (c < 0x10000) bytes.push(0xE0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
      else bytes.push(0xF0 | (c >> 18), 0x80 | ((c >> 12) & 63), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
    }
    return bytes;
  }
  // Percent-encodes the characters of s that are in the set (a string of ASCII characters),
  // C0 controls and everything past ASCII.
  function encodeSet(s, set) {
    var out = [];
    for (var i = 0; i < s.length; i++) {
      var c = s.charCodeAt(i), ch = s.charAt(i);
      if (c > 0x1F && c < 0x7F && set.indexOf(ch) < 0) { out.push(ch); continue; }
      var units = (c >= 0xD800 && c <= 0xDBFF && i + 1 < s.length) ? s.slice(i, i + 2) : ch;
      if (units.length === 2) i++;
      var b = utf8Bytes(units);
      for (var j = 0; j < b.length; j++) out.push('%' + HEX.charAt(b[j] >> 4) + HEX.charAt(b[j] & 15));
    }
    return out.join('');
  }
  var FRAGMENT_SET = ' "<>`', QUERY_SET = ' "#<>', SPECIAL_QUERY_SET = ' "#<>\'',
    PATH_SET = ' "#<>?`{}', USERINFO_SET = ' "#<>?`{}/:;=@[\\]^|';

  // Percent-decoding to a string (UTF-8, malformed bytes becoming U+FFFD).
  function percentDecode(s) {
    if (s.indexOf('%') < 0) return s;
    var bytes = [];
    for (var i = 0; i < s.length; i++) {
      var c = s.charAt(i);
      if (c === '%' && i + 2 < s.length + 0 && /* two hex digits */ isHex(s.charAt(i + 1)) && isHex(s.charAt(i + 2))) {
        bytes.push(parseInt(s.slice(i + 1, i + 3), 16));
        i += 2;
      } else {
        var b = utf8Bytes(c);
        for (var k = 0; k < b.length; k++) bytes.push(b[k]);
      }
    }
    return new TextDecoder().decode(new Uint8Array(bytes));
  }
  function isHex(c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }

  // application/x-www-form-urlencoded
  function formEncode(s) {
    var out = [], b = utf8Bytes(s);
    for (var i = 0; i < b.length; i++) {
      var c = b[i];
      if ((c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || c === 0x2A || c === 0x2D || c === 0x2E || c === 0x5F) {
        out.push(String.fromCharCode(c));
      } else if (c === 0x20) out.push('+');
      else out.push('%' + HEX.charAt(c >> 4) + HEX.charAt(c & 15));
    }
    return out.join('');
  }
  function parseQuery(q) {
    var list = [];
    if (q === '') return list;
    var parts = q.split('&');
    for (var i = 0; i < parts.length; i++) {
      var p = parts[i];
      if (p === '') continue;
      var eq = p.indexOf('='), name = eq < 0 ? p : p.slice(0, eq), value = eq < 0 ? '' : p.slice(eq + 1);
      list.push([percentDecode(name.split('+').join(' ')), percentDecode(value.split('+').join(' '))]);
    }
    return list;
  }

  function invalid(input) {
    var e = new TypeError('Invalid URL');
    e.code = 'ERR_INVALID_URL';
    e.input = input;
    return e;
  }

  // Removes "." and ".." segments from a list of path segments.
  function normalizeSegments(segs, special) {
    var out = [];
    for (var i = 0; i < segs.length; i++) {
      var s = segs[i], low = s.toLowerCase(), last = i === segs.length - 1;
      if (s === '..' || low === '.%2e' || low === '%2e.' || low === '%2e%2e') {
        if (out.length) out.pop();
        if (last) out.push('');
      } else if (s === '.' || low === '%2e') {
        if (last) out.push('');
      } else out.push(s);
    }
    return out;
  }
  function parsePath(path, special) {
    if (special) path = path.split('\\').join('/');
    var segs = path.split('/');
    if (segs[0] === '') segs.shift();
    segs = normalizeSegments(segs, special);
    for (var i = 0; i < segs.length; i++) segs[i] = encodeSet(segs[i], PATH_SET);
    return '/' + segs.join('/');
  }
  function parseHost(h, special, input) {
    if (h.charAt(0) === '[') {
      if (h.charAt(h.length - 1) !== ']') throw invalid(input);
      return h.toLowerCase();
    }
    if (!special) return encodeSet(h, ' #<>?@[\\]^|');
    var host = percentDecode(h).toLowerCase();
    for (var i = 0; i < host.length; i++) {
      if (' #%/:<>?@[\\]^|\t\n\r'.indexOf(host.charAt(i)) >= 0 || host.charCodeAt(i) < 0x20) throw invalid(input);
    }
    return host;
  }

  // Splits "rest" (what follows "scheme:" and the slashes) into authority, path, query, hash.
  function parseAuthorityAndRest(rec, rest, special, input) {
    var end = rest.length;
    for (var i = 0; i < rest.length; i++) {
      var c = rest.charAt(i);
      if (c === '/' || c === '?' || c === '#' || (special && c === '\\')) { end = i; break; }
    }
    var auth = rest.slice(0, end), at = auth.lastIndexOf('@');
    rec.username = ''; rec.password = '';
    if (at >= 0) {
      var info = auth.slice(0, at), colon = info.indexOf(':');
      rec.username = encodeSet(colon < 0 ? info : info.slice(0, colon), USERINFO_SET);
      rec.password = colon < 0 ? '' : encodeSet(info.slice(colon + 1), USERINFO_SET);
      auth = auth.slice(at + 1);
    }
    var portAt = auth.lastIndexOf(':');
    if (portAt >= 0 && auth.indexOf(']', portAt) < 0) {
      var port = auth.slice(portAt + 1);
      auth = auth.slice(0, portAt);
      for (var k = 0; k < port.length; k++) if (port.charAt(k) < '0' || port.charAt(k) > '9') throw invalid(input);
      if (port !== '') {
        var n = +port;
        if (n > 65535) throw invalid(input);
        rec.port = SPECIAL[rec.protocol] === String(n) ? '' : String(n);
      } else rec.port = '';
    } else rec.port = '';
    if (special && auth === '' && rec.protocol !== 'file:') throw invalid(input);
    rec.hostname = parseHost(auth, special, input);
    parsePathQueryHash(rec, rest.slice(end), special);
  }
  function parsePathQueryHash(rec, s, special) {
    var hashAt = s.indexOf('#');
    rec.hash = hashAt < 0 ? null : encodeSet(s.slice(hashAt + 1), FRAGMENT_SET);
    if (hashAt >= 0) s = s.slice(0, hashAt);
    var qAt = s.indexOf('?');
    rec.query = qAt < 0 ? null : encodeSet(s.slice(qAt + 1), special ? SPECIAL_QUERY_SET : QUERY_SET);
    if (qAt >= 0) s = s.slice(0, qAt);
    if (rec.opaque) rec.pathname = encodeSet(s, '');
    else if (special || s !== '') rec.pathname = parsePath(s, special);
    else rec.pathname = '';
  }

  function parse(input, base) {
    var s = stripControls(input);
    var colon = schemeEnd(s);
    var rec = { protocol: '', username: '', password: '', hostname: null, port: '', pathname: '', query: null, hash: null, opaque: false };
    if (colon > 0) {
      rec.protocol = s.slice(0, colon + 1).toLowerCase();
      var special = rt.hasOwn.call(SPECIAL, rec.protocol), rest = s.slice(colon + 1);
      if (special) {
        if (base && base.protocol === rec.protocol && rest.charAt(0) !== '/' && rest.charAt(0) !== '\\') {
          return relative(rest, base, input);
        }
        var j = 0;
        while (rest.charAt(j) === '/' || rest.charAt(j) === '\\') j++;
        if (rec.protocol === 'file:') {
          if (j >= 2) parseAuthorityAndRest(rec, rest.slice(2), true, input);
          else { rec.hostname = ''; parsePathQueryHash(rec, rest, true); }
          return rec;
        }
        parseAuthorityAndRest(rec, rest.slice(j), true, input);
        return rec;
      }
      if (rest.slice(0, 2) === '//') { parseAuthorityAndRest(rec, rest.slice(2), false, input); return rec; }
      if (rest.charAt(0) !== '/') rec.opaque = true;
      parsePathQueryHash(rec, rest, false);
      return rec;
    }
    if (!base) throw invalid(input);
    return relative(s, base, input);
  }
  function stripControls(s) {
    var a = 0, b = s.length;
    while (a < b && s.charCodeAt(a) <= 0x20) a++;
    while (b > a && s.charCodeAt(b - 1) <= 0x20) b--;
    s = s.slice(a, b);
    if (s.indexOf('\t') >= 0 || s.indexOf('\n') >= 0 || s.indexOf('\r') >= 0) s = s.split('\t').join('').split('\n').join('').split('\r').join('');
    return s;
  }
  function schemeEnd(s) {
    var c = s.charAt(0);
    if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'))) return -1;
    for (var i = 1; i < s.length; i++) {
      c = s.charAt(i);
      if (c === ':') return i;
      if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c === '+' || c === '-' || c === '.')) return -1;
    }
    return -1;
  }
  function copy(r) {
    return { protocol: r.protocol, username: r.username, password: r.password, hostname: r.hostname, port: r.port,
      pathname: r.pathname, query: r.query, hash: r.hash, opaque: r.opaque };
  }
  function relative(s, base, input) {
    var special = rt.hasOwn.call(SPECIAL, base.protocol);
    var rec = copy(base);
    var c0 = s.charAt(0), c1 = s.charAt(1);
    if (base.opaque) {
      if (c0 !== '#') throw invalid(input);
      rec.hash = encodeSet(s.slice(1), FRAGMENT_SET);
      return rec;
    }
    if ((c0 === '/' || (special && c0 === '\\')) && (c1 === '/' || (special && c1 === '\\'))) {
      parseAuthorityAndRest(rec, s.slice(2), special, input);
      return rec;
    }
    rec.hash = null;
    if (s === '') { rec.hash = null; return rec; }
    if (c0 === '#') { rec.hash = encodeSet(s.slice(1), FRAGMENT_SET); return rec; }
    if (c0 === '?') { parsePathQueryHash(rec, rec.pathname + s, special); return rec; }
    if (c0 === '/' || (special && c0 === '\\')) { parsePathQueryHash(rec, s, special); return rec; }
    var dir = base.pathname.slice(0, base.pathname.lastIndexOf('/') + 1);
    parsePathQueryHash(rec, dir + s, special);
    return rec;
  }

  function host(r) { return r.hostname === null ? '' : r.hostname + (r.port ? ':' + r.port : ''); }
  function href(r) {
    var out = r.protocol;
    if (r.hostname !== null) {
      out += '//';
      if (r.username || r.password) out += r.username + (r.password ? ':' + r.password : '') + '@';
      out += host(r);
    } else if (!r.opaque && r.pathname.slice(0, 2) === '//') out += '/.';
    out += r.pathname;
    if (r.query !== null) out += '?' + r.query;
    if (r.hash !== null) out += '#' + r.hash;
    return out;
  }

  function rec(u) {
    var r = rt.isObject(u) ? u[U] : undefined;
    if (r === undefined) throw new TypeError('Receiver must be an instance of class URL');
    return r;
  }
  function URL(url, base) {
    if (!(this instanceof URL)) throw new TypeError('Class constructor URL cannot be invoked without \'new\'');
    if (arguments.length === 0) throw new TypeError('The "url" argument must be specified');
    var b = base === undefined ? null : parse(toStr(base), null);
    var r = parse(toStr(url), b);
    Object.defineProperty(this, U, { value: r });
    var params = new URLSearchParams(r.query === null ? '' : r.query);
    params[U] = this;
    Object.defineProperty(this, P, { value: params });
  }
  function syncParams(u) {
    var r = rec(u), params = u[P];
    params[P] = parseQuery(r.query === null ? '' : r.query);
  }
  function accessor(name, get, set) {
    Object.defineProperty(URL.prototype, name, {
      get: get, set: set, enumerable: true, configurable: true
    });
  }
  accessor('href', function () { return href(rec(this)); }, function (v) {
    var r = parse(toStr(v), null), old = rec(this);
    for (var k in r) old[k] = r[k];
    syncParams(this);
  });
  accessor('origin', function () {
    var r = rec(this);
    if (!rt.hasOwn.call(SPECIAL, r.protocol) || r.protocol === 'file:') return 'null';
    return r.protocol + '//' + host(r);
  });
  accessor('protocol', function () { return rec(this).protocol; }, function (v) {
    var r = rec(this), p = toStr(v).split(':')[0].toLowerCase() + ':';
    if (schemeEnd(p) < 0) return;
    if (rt.hasOwn.call(SPECIAL, p) !== rt.hasOwn.call(SPECIAL, r.protocol)) return;
    r.protocol = p;
    if (SPECIAL[p] === r.port) r.port = '';
  });
  accessor('username', function () { return rec(this).username; }, function (v) { rec(this).username = encodeSet(toStr(v), USERINFO_SET); });
  accessor('password', function () { return rec(this).password; }, function (v) { rec(this).password = encodeSet(toStr(v), USERINFO_SET); });
  accessor('host', function () { return host(rec(this)); }, function (v) {
    var r = rec(this), s = toStr(v), c = s.lastIndexOf(':');
    if (r.opaque || s === '') return;
    if (c >= 0 && s.indexOf(']', c) < 0) {
      r.hostname = parseHost(s.slice(0, c), rt.hasOwn.call(SPECIAL, r.protocol), s);
      var port = s.slice(c + 1);
      if (/* digits */ port !== '' && +port === +port && +port <= 65535) r.port = SPECIAL[r.protocol] === String(+port) ? '' : String(+port);
    } else r.hostname = parseHost(s, rt.hasOwn.call(SPECIAL, r.protocol), s);
  });
  accessor('hostname', function () { var r = rec(this); return r.hostname === null ? '' : r.hostname; }, function (v) {
    var r = rec(this);
    if (r.opaque) return;
    try { r.hostname = parseHost(toStr(v), rt.hasOwn.call(SPECIAL, r.protocol), v); } catch (e) { }
  });
  accessor('port', function () { return rec(this).port; }, function (v) {
    var r = rec(this), s = toStr(v), digits = '';
    for (var i = 0; i < s.length && s.charAt(i) >= '0' && s.charAt(i) <= '9'; i++) digits += s.charAt(i);
    if (s === '') { r.port = ''; return; }
    if (digits === '' || +digits > 65535) return;
    r.port = SPECIAL[r.protocol] === String(+digits) ? '' : String(+digits);
  });
  accessor('pathname', function () { return rec(this).pathname; }, function (v) {
    var r = rec(this);
    if (r.opaque) return;
    var special = rt.hasOwn.call(SPECIAL, r.protocol), s = toStr(v);
    r.pathname = special || s !== '' ? parsePath(s.charAt(0) === '/' || (special && s.charAt(0) === '\\') ? s : '/' + s, special) : '';
  });
  accessor('search', function () { var q = rec(this).query; return q === null || q === '' ? '' : '?' + q; }, function (v) {
    var r = rec(this), s = toStr(v);
    if (s.charAt(0) === '?') s = s.slice(1);
    r.query = s === '' ? null : encodeSet(s, rt.hasOwn.call(SPECIAL, r.protocol) ? SPECIAL_QUERY_SET : QUERY_SET);
    syncParams(this);
  });
  accessor('searchParams', function () { rec(this); return this[P]; });
  accessor('hash', function () { var h = rec(this).hash; return h === null || h === '' ? '' : '#' + h; }, function (v) {
    var r = rec(this), s = toStr(v);
    if (s.charAt(0) === '#') s = s.slice(1);
    r.hash = s === '' ? null : encodeSet(s, FRAGMENT_SET);
  });
  rt.methods(URL.prototype, {
    toString: [function () { return href(rec(this)); }, 0],
    toJSON: [function () { return href(rec(this)); }, 0]
  });
  Object.defineProperty(URL.prototype, Symbol.toStringTag, { value: 'URL', configurable: true });
  rt.methods(URL, {
    canParse: [function (url, base) {
      try { parse(toStr(url), base === undefined ? null : parse(toStr(base), null)); return true; } catch (e) { return false; }
    }, 1],
    parse: [function (url, base) {
      try { return new URL(url, base); } catch (e) { return null; }
    }, 1]
  });

  // ---- URLSearchParams: P holds the list of [name, value]; U the URL it belongs to.
  function list(p) {
    var l = rt.isObject(p) ? p[P] : undefined;
    if (l === undefined) throw new TypeError('Receiver must be an instance of class URLSearchParams');
    return l;
  }
  function update(p) {
    var u = p[U];
    if (u === undefined) return;
    var s = serialize(p[P]);
    rec(u).query = s === '' ? null : s;
  }
  function serialize(l) {
    var out = [];
    for (var i = 0; i < l.length; i++) out.push(formEncode(l[i][0]) + '=' + formEncode(l[i][1]));
    return out.join('&');
  }
  function URLSearchParams(init) {
    if (!(this instanceof URLSearchParams)) throw new TypeError('Class constructor URLSearchParams cannot be invoked without \'new\'');
    var l = [];
    if (init !== undefined && init !== null && rt.isObject(init)) {
      if (typeof init[Symbol.iterator] === 'function') {
        rt.forOf(init, function (pair) {
          var a = Array.from(pair);
          if (a.length !== 2) throw new TypeError('Each query pair must be an iterable [name, value] tuple');
          l.push([toStr(a[0]), toStr(a[1])]);
        });
      } else {
        var keys = Object.keys(init);
        for (var i = 0; i < keys.length; i++) l.push([keys[i], toStr(init[keys[i]])]);
      }
    } else if (init !== undefined) {
      var s = toStr(init);
      l = parseQuery(s.charAt(0) === '?' ? s.slice(1) : s);
    }
    Object.defineProperty(this, P, { value: l, writable: true });
    Object.defineProperty(this, U, { value: undefined, writable: true });
  }
  var SPI = rt.makeIteratorProto('URLSearchParams Iterator');
  var IT = rt.hiddenKey('paramsIter');
  rt.method(SPI, 'next', function () {
    var st = this[IT];
    if (st === undefined) throw new TypeError('next method called on incompatible receiver');
    var l = st.p[P];
    if (st.i >= l.length) return rt.iterResult(undefined, true);
    var e = l[st.i++];
    return rt.iterResult(st.kind === 0 ? e[0] : st.kind === 1 ? e[1] : [e[0], e[1]], false);
  }, 0);
  function iter(p, kind) { list(p); var it = Object.create(SPI); it[IT] = { p: p, i: 0, kind: kind }; return it; }
  rt.methods(URLSearchParams.prototype, {
    append: [function (name, value) { list(this).push([toStr(name), toStr(value)]); update(this); }, 2],
    'delete': [function (name, value) {
      var l = list(this), n = toStr(name), v = value === undefined ? undefined : toStr(value), out = [];
      for (var i = 0; i < l.length; i++) if (!(l[i][0] === n && (v === undefined || l[i][1] === v))) out.push(l[i]);
      this[P] = out;
      update(this);
    }, 1],
    get: [function (name) {
      var l = list(this), n = toStr(name);
      for (var i = 0; i < l.length; i++) if (l[i][0] === n) return l[i][1];
      return null;
    }, 1],
    getAll: [function (name) {
      var l = list(this), n = toStr(name), out = [];
      for (var i = 0; i < l.length; i++) if (l[i][0] === n) out.push(l[i][1]);
      return out;
    }, 1],
    has: [function (name, value) {
      var l = list(this), n = toStr(name), v = value === undefined ? undefined : toStr(value);
      for (var i = 0; i < l.length; i++) if (l[i][0] === n && (v === undefined || l[i][1] === v)) return true;
      return false;
    }, 1],
    set: [function (name, value) {
      var l = list(this), n = toStr(name), v = toStr(value), out = [], done = false;
      for (var i = 0; i < l.length; i++) {
        if (l[i][0] !== n) out.push(l[i]);
        else if (!done) { out.push([n, v]); done = true; }
      }
      if (!done) out.push([n, v]);
      this[P] = out;
      update(this);
    }, 2],
    sort: [function () {
      var l = list(this);
      this[P] = l.slice().sort(function (a, b) { return a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0; });
      update(this);
    }, 0],
    forEach: [function (fn, thisArg) {
      rt.requireCallable(fn);
      var l = list(this);
      for (var i = 0; i < l.length; i++) fn.call(thisArg, l[i][1], l[i][0], this);
    }, 1],
    keys: [function () { return iter(this, 0); }, 0],
    values: [function () { return iter(this, 1); }, 0],
    entries: [function () { return iter(this, 2); }, 0],
    toString: [function () { return serialize(list(this)); }, 0]
  });
  rt.def(URLSearchParams.prototype, Symbol.iterator, URLSearchParams.prototype.entries);
  rt.getter(URLSearchParams.prototype, 'size', function () { return list(this).length; });
  Object.defineProperty(URLSearchParams.prototype, Symbol.toStringTag, { value: 'URLSearchParams', configurable: true });

  [['URL', URL, 1], ['URLSearchParams', URLSearchParams, 0]].forEach(function (e) {
    var C = e[1];
    rt.def(C.prototype, 'constructor', C);
    Object.defineProperty(C, 'prototype', { writable: false });
    Object.defineProperty(C, 'length', { value: e[2], configurable: true });
    if (typeof global[e[0]] !== 'function') rt.def(global, e[0], C);
  });
})(this);
