// Blob and File as node has them globally (universal library builds hand their text and
// bytes around in them): immutable bytes with a MIME type, read back with text(), bytes() and
// arrayBuffer(), cut with slice(). stream() is left out: the runtime has no ReadableStream.
// @lazy: Blob File
(function (global) {
  'use strict';
  var rt = global.__oda_rt;
  var toStr = rt.toStr;
  var BYTES = rt.hiddenKey('blobBytes'), TYPE = rt.hiddenKey('blobType');
  var FILE = rt.hiddenKey('fileInfo');

  function argError(name, what, v) {
    return rt.nodeError(TypeError, 'ERR_INVALID_ARG_TYPE', 'The "' + name + '" argument must be ' + what + '. ' + rt.received(v));
  }
  function bytesOf(b) {
    var u = b !== null && typeof b === 'object' ? b[BYTES] : undefined;
    if (!u) throw rt.nodeError(TypeError, 'ERR_INVALID_THIS', 'Value of "this" must be of type Blob');
    return u;
  }
  // The type option as the File API keeps it: lowercased, or '' if any character is outside
  // printable ASCII.
  function mimeType(t) {
    var s = toStr(t);
    for (var i = 0; i < s.length; i++) {
      var c = s.charCodeAt(i);
      if (c < 0x20 || c > 0x7e) return '';
    }
    return s.toLowerCase();
  }
  function partBytes(p, encoder) {
    if (p instanceof ArrayBuffer) return new Uint8Array(p.slice(0));
    if (ArrayBuffer.isView(p)) return new Uint8Array(p.buffer.slice(p.byteOffset, p.byteOffset + p.byteLength));
    if (p !== null && typeof p === 'object' && p[BYTES]) return p[BYTES];
    return encoder.encode(toStr(p));
  }
  function concat(chunks, total) {
    var out = new Uint8Array(total), at = 0;
    for (var i = 0; i < chunks.length; i++) {
      out.set(chunks[i], at);
      at += chunks[i].length;
    }
    return out;
  }
  function init(self, parts, options) {
    if (parts !== undefined && (parts === null || typeof parts !== 'object' && typeof parts !== 'function' ||
        typeof parts[Symbol.iterator] !== 'function')) throw argError('sources', 'a sequence', parts);
    if (options !== undefined && options !== null && typeof options !== 'object' && typeof options !== 'function')
      throw argError('options', 'a dictionary', options);
    var opts = options || {};
    var chunks = [], total = 0, encoder = new TextEncoder();
    if (parts !== undefined) {
      for (var it = parts[Symbol.iterator](), r = it.next(); !r.done; r = it.next()) {
        var b = partBytes(r.value, encoder);
        chunks.push(b);
        total += b.length;
      }
    }
    Object.defineProperty(self, BYTES, { value: concat(chunks, total) });
    Object.defineProperty(self, TYPE, { value: opts.type === undefined ? '' : mimeType(opts.type) });
    return opts;
  }
  function Blob(parts, options) {
    if (!(this instanceof Blob)) throw new TypeError("Class constructor Blob cannot be invoked without 'new'");
    init(this, parts, options);
  }
  function made(bytes, type) {
    var b = Object.create(Blob.prototype);
    Object.defineProperty(b, BYTES, { value: bytes });
    Object.defineProperty(b, TYPE, { value: type });
    return b;
  }
  function relative(v, len, dflt) {
    if (v === undefined) return dflt;
    var n = rt.toIntegerOrInfinity(v);
    return n < 0 ? Math.max(len + n, 0) : Math.min(n, len);
  }
  rt.getter(Blob.prototype, 'size', function () { return bytesOf(this).length; });
  rt.getter(Blob.prototype, 'type', function () { bytesOf(this); return this[TYPE]; });
  rt.methods(Blob.prototype, {
    slice: [function (start, end, contentType) {
      var u = bytesOf(this), len = u.length;
      var from = relative(start, len, 0), to = relative(end, len, len);
      return made(u.slice(from, Math.max(from, to)), contentType === undefined ? '' : mimeType(contentType));
    }, 0],
    text: [function () {
      try { return Promise.resolve(new TextDecoder().decode(bytesOf(this))); } catch (e) { return Promise.reject(e); }
    }, 0],
    bytes: [function () {
      try { return Promise.resolve(bytesOf(this).slice()); } catch (e) { return Promise.reject(e); }
    }, 0],
    arrayBuffer: [function () {
      try { return Promise.resolve(bytesOf(this).slice().buffer); } catch (e) { return Promise.reject(e); }
    }, 0]
  });
  Object.defineProperty(Blob.prototype, Symbol.toStringTag, { value: 'Blob', configurable: true });

  function File(bits, name, options) {
    if (!(this instanceof File)) throw new TypeError("Class constructor File cannot be invoked without 'new'");
    if (arguments.length < 2) throw rt.nodeError(TypeError, 'ERR_MISSING_ARGS', 'The "fileBits" and "fileName" arguments must be specified');
    var opts = init(this, bits, options);
    var last = opts.lastModified === undefined ? Date.now() : Number(opts.lastModified);
    Object.defineProperty(this, FILE, { value: { name: toStr(name), lastModified: last !== last ? 0 : Math.trunc(last) } });
  }
  File.prototype = Object.create(Blob.prototype);
  Object.setPrototypeOf(File, Blob);
  function fileOf(f) {
    var o = f !== null && typeof f === 'object' ? f[FILE] : undefined;
    if (!o) throw rt.nodeError(TypeError, 'ERR_INVALID_THIS', 'Value of "this" must be of type File');
    return o;
  }
  rt.getter(File.prototype, 'name', function () { return fileOf(this).name; });
  rt.getter(File.prototype, 'lastModified', function () { return fileOf(this).lastModified; });
  Object.defineProperty(File.prototype, Symbol.toStringTag, { value: 'File', configurable: true });

  rt.def(Blob.prototype, 'constructor', Blob);
  rt.def(File.prototype, 'constructor', File);
  rt.def(global, 'Blob', Blob);
  rt.def(global, 'File', File);
})(this);
