// The `fs` global of a program: Node's promise API over the sandboxed natives of
// fs_natives.cc (left as __oda_fs, taken away here). The natives are sync; each promise
// function settles at once with their result. Stats and Dirents are plain objects whose
// methods are not enumerable, so a program can return them as data. Also os.tmpdir().
(function (global) {
  'use strict';
  var n = global.__oda_fs;
  delete global.__oda_fs;
  if (!n) return;  // a worker without a file sandbox has no fs

  function hide(o, k, v) {
    Object.defineProperty(o, k, { value: v, enumerable: false, writable: true, configurable: true });
  }
  function kinds(o, t) {
    hide(o, 'isFile', function () { return t === 'f'; });
    hide(o, 'isDirectory', function () { return t === 'd'; });
    hide(o, 'isSymbolicLink', function () { return t === 'l'; });
    hide(o, 'isFIFO', function () { return false; });
    hide(o, 'isSocket', function () { return false; });
    hide(o, 'isBlockDevice', function () { return false; });
    hide(o, 'isCharacterDevice', function () { return false; });
    return o;
  }
  function stats(s) {
    var t = s.type;
    delete s.type;
    kinds(s, t);
    ['atime', 'mtime', 'ctime', 'birthtime'].forEach(function (k) {
      Object.defineProperty(s, k, { get: function () { return new Date(s[k + 'Ms']); },
                                    enumerable: false, configurable: true });
    });
    return s;
  }
  function encoding(o) {
    if (typeof o === 'string') return o;
    if (o && typeof o === 'object' && typeof o.encoding === 'string') return o.encoding;
    return null;
  }
  function join(a, b) { return a === '' || a === '.' ? b : a + '/' + b; }
  function readdir(p, o) {
    var types = !!(o && typeof o === 'object' && o.withFileTypes);
    var recursive = !!(o && typeof o === 'object' && o.recursive);
    var out = [];
    var queue = [''];
    while (queue.length) {
      var rel = queue.shift();
      var list = n.readdir(rel === '' ? p : join(p, rel));
      for (var i = 0; i < list.length; i++) {
        var name = rel === '' ? list[i][0] : rel + '/' + list[i][0];
        if (types) {
          var d = { name: list[i][0], parentPath: rel === '' ? p : join(p, rel) };
          hide(d, 'path', d.parentPath);
          out.push(kinds(d, list[i][1]));
        } else {
          out.push(name);
        }
        if (recursive && list[i][1] === 'd') queue.push(name);
      }
    }
    return out;
  }
  var sync = {
    readFile: function (p, o) { return n.readFile(p, encoding(o)); },
    writeFile: function (p, d) { n.writeFile(p, d); },
    appendFile: function (p, d) { n.appendFile(p, d); },
    readdir: readdir,
    stat: function (p) { return stats(n.stat(p, true)); },
    lstat: function (p) { return stats(n.stat(p, false)); },
    mkdir: function (p, o) { n.mkdir(p, !!(o && typeof o === 'object' && o.recursive)); },
    rm: function (p, o) {
      o = o && typeof o === 'object' ? o : {};
      n.rm(p, !!o.recursive, !!o.force);
    },
    rename: function (a, b) { n.rename(a, b); },
    unlink: function (p) { n.rm(p, false, false, 'unlink'); },
    copyFile: function (a, b) { n.writeFile(b, n.readFile(a, null), 'copyFile'); },
    exists: function (p) { return n.exists(p); },
    access: function (p) { n.stat(p, true); }
  };
  var fs = {};
  Object.keys(sync).forEach(function (k) {
    var f = sync[k];
    fs[k] = function () {
      var args = arguments;
      return new Promise(function (resolve, reject) {
        try { resolve(f.apply(null, args)); } catch (e) { reject(e); }
      });
    };
    hide(fs, k + 'Sync', f);
  });
  hide(fs, 'existsSync', sync.exists);
  hide(fs, 'promises', fs);
  hide(global, 'fs', fs);  // as `os`: not listed by Object.keys(globalThis), where node lists no fs
  // The run's own temp folder (SPEC 4.7: its TMPDIR), the one place outside the workspace
  // workspace-write may change. Only tmpdir() of Node's os: there is no process here.
  hide(global, 'os', { tmpdir: function () { return n.tmpdir(); } });
})(this);
