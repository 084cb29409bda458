// RegExp on PCRE2 (natives in lib/js/regexp.cc): named groups, lookbehind, the d, g, i, m,
// s, u, y flags, lastIndex, and the String methods match, matchAll, replace, replaceAll,
// search and split dispatching through Symbol.match/matchAll/replace/search/split.
//
// Regex literals: the lowering emits every regex literal as __oda_regexp(source, flags),
// which returns a new RegExp (compiled patterns are cached by source and flags, so calling it
// at each evaluation costs a lookup). Literals Duktape compiled itself still work: their
// prototype is this RegExp.prototype, and the methods below read their source and flags.
(function (global) {
  'use strict';
  var rt = global.__oda_rt;
  var compileNative = global.__oda_re_compile, execNative = global.__oda_re_exec;
  if (typeof compileNative !== 'function') return;  // no natives: keep Duktape's RegExp
  var R = rt.hiddenKey('regexp');
  var OrigRegExp = global.RegExp, RP = OrigRegExp.prototype;
  var toStr = rt.toStr, toLength = rt.toLength, isObject = rt.isObject;
  var origSource = Object.getOwnPropertyDescriptor(RP, 'source').get;
  // Duktape's flags getter reads this.global and friends, which become ours below, so the
  // flags of a literal Duktape compiled are rebuilt from the original getters instead.
  var origGlobal = Object.getOwnPropertyDescriptor(RP, 'global').get;
  var origIgnoreCase = Object.getOwnPropertyDescriptor(RP, 'ignoreCase').get;
  var origMultiline = Object.getOwnPropertyDescriptor(RP, 'multiline').get;
  function origFlags() {
    return (origGlobal.call(this) ? 'g' : '') + (origIgnoreCase.call(this) ? 'i' : '') + (origMultiline.call(this) ? 'm' : '');
  }
  var SP = String.prototype, origSplit = SP.split, origIndexOf = SP.indexOf;
  var FLAG_ORDER = 'dgimsuvy';

  var cache = Object.create(null), cacheSize = 0;
  function compiled(source, flags) {
    var compileFlags = flags.replace('g', '').replace('d', '');
    var key = compileFlags + '/' + source, h = cache[key];
    if (h === undefined) {
      h = compileNative(source, compileFlags);
      if (cacheSize >= 2000) { cache = Object.create(null); cacheSize = 0; }
      cache[key] = h;
      cacheSize++;
    }
    return h;
  }

  function checkFlags(f) {
    for (var i = 0; i < f.length; i++) {
      var c = f.charAt(i);
      if (FLAG_ORDER.indexOf(c) < 0 || f.indexOf(c, i + 1) >= 0 || (c === 'u' && f.indexOf('v') >= 0)) {
        throw new SyntaxError('Invalid flags supplied to RegExp constructor \'' + f + '\'');
      }
    }
  }
  // States are immutable and shared by every RegExp with the same source and flags (a regex
  // literal in a loop makes a new object each time; its state is one lookup).
  var states = Object.create(null), stateCount = 0;
  function makeState(source, flags) {
    var key = flags + '/' + source, st = states[key];
    if (st !== undefined) return st;
    checkFlags(flags);
    var h = compiled(source, flags);
    var sorted = '';
    for (var i = 0; i < FLAG_ORDER.length; i++) if (flags.indexOf(FLAG_ORDER.charAt(i)) >= 0) sorted += FLAG_ORDER.charAt(i);
    st = {
      source: escapeSource(source), flags: sorted, handle: h, names: h.names, groups: h.groups,
      global: flags.indexOf('g') >= 0, sticky: flags.indexOf('y') >= 0,
      unicode: flags.indexOf('u') >= 0 || flags.indexOf('v') >= 0, indices: flags.indexOf('d') >= 0,
      // Neither g, y nor d: exec matches from 0 and leaves lastIndex alone.
      plain: flags.indexOf('g') < 0 && flags.indexOf('y') < 0 && flags.indexOf('d') < 0,
      // Each flag by its letter, for the flag getters.
      d: flags.indexOf('d') >= 0, g: flags.indexOf('g') >= 0, i: flags.indexOf('i') >= 0,
      m: flags.indexOf('m') >= 0, s: flags.indexOf('s') >= 0, u: flags.indexOf('u') >= 0,
      v: flags.indexOf('v') >= 0, y: flags.indexOf('y') >= 0
    };
    if (stateCount >= 2000) { states = Object.create(null); stateCount = 0; }
    states[key] = st;
    stateCount++;
    return st;
  }
  // The state of a RegExp: ours, or built on first use for a literal Duktape compiled.
  function stateOf(re, what) {
    if (isObject(re)) {
      var st = re[R];
      if (st !== undefined) return st;
      var src;
      try { src = origSource.call(re); } catch (e) { src = undefined; }
      if (src !== undefined && re !== RP) {
        st = makeState(src, origFlags.call(re));
        try { re[R] = st; } catch (e2) { }
        return st;
      }
    }
    if (what && what.slice(-7) === ' getter') throw new TypeError(what + ' called on non-RegExp object');
    throw incompatible(what || 'RegExp method', re);
  }
  // node's TypeError for a method called on what is no RegExp.
  function incompatible(what, x) {
    return new TypeError('Method ' + what + ' called on incompatible receiver ' + rt.v8Name(x));
  }
  function isOurRegExp(x) {
    if (!isObject(x)) return false;
    if (x[R] !== undefined) return true;
    try { origSource.call(x); return x !== RP; } catch (e) { return false; }
  }
  function isRegExp(x) {
    if (!isObject(x)) return false;
    var m = x[Symbol.match];
    if (m !== undefined) return !!m;
    return isOurRegExp(x);
  }

  function escapeSource(src) {
    if (src === '') return '(?:)';
    var out = '', inClass = false;
    for (var i = 0; i < src.length; i++) {
      var c = src.charAt(i);
      if (c === '\\') { out += c + src.charAt(++i); continue; }
      if (c === '[') inClass = true; else if (c === ']') inClass = false;
      if (c === '/' && !inClass) out += '\\/';
      else if (c === '\n') out += '\\n';
      else if (c === '\r') out += '\\r';
      else if (c === '\u2028') out += '\\u2028';
      else if (c === '\u2029') out += '\\u2029';
      else out += c;
    }
    return out;
  }

  function init(o, pattern, flags) {
    o[R] = makeState(pattern, flags);
    Object.defineProperty(o, 'lastIndex', { value: 0, writable: true, enumerable: false, configurable: false });
    return o;
  }

  function RegExp(pattern, flags) {
    var newTarget = this instanceof RegExp && !rt.hasOwn.call(this, R) && !rt.hasOwn.call(this, 'lastIndex') ? this : undefined;
    var patternIsRe = isRegExp(pattern);
    if (!newTarget && patternIsRe && flags === undefined && pattern.constructor === RegExp) return pattern;
    var P, F;
    if (isOurRegExp(pattern)) {
      var st = stateOf(pattern);
      P = unescapeSource(st.source);
      F = flags === undefined ? st.flags : toStr(flags);
    } else if (patternIsRe) {
      P = toStr(pattern.source);
      F = flags === undefined ? toStr(pattern.flags) : toStr(flags);
    } else {
      P = pattern === undefined ? '' : toStr(pattern);
      F = flags === undefined ? '' : toStr(flags);
    }
    return init(newTarget || Object.create(RegExp.prototype), P, F);
  }
  // The source getter escapes "/" and line terminators; a copy recompiles what was written.
  function unescapeSource(src) { return src === '(?:)' ? '' : src; }
  RegExp.prototype = RP;
  rt.def(RP, 'constructor', RegExp);
  Object.defineProperty(RegExp, 'prototype', { writable: false, enumerable: false, configurable: false });
  Object.defineProperty(RegExp, 'length', { value: 2, configurable: true });
  rt.getter(RegExp, Symbol.species, function () { return this; });
  rt.def(global, 'RegExp', RegExp);
  rt.method(RegExp, 'escape', function (s) {
    if (typeof s !== 'string') throw new TypeError('RegExp.escape requires a string');
    var out = '';
    for (var i = 0; i < s.length; i++) {
      var c = s.charAt(i), code = s.charCodeAt(i);
      if (i === 0 && /* leading digit or letter */ ((code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122))) {
        out += '\\x' + code.toString(16);
      } else if ('^$\\.*+?()[]{}|/'.indexOf(c) >= 0) out += '\\' + c;
      else if (',-=<>#&!%:;@~\'`"'.indexOf(c) >= 0 || rt.isWhiteSpace(c)) {
        out += code < 256 ? '\\x' + (code < 16 ? '0' : '') + code.toString(16) : '\\u' + ('000' + code.toString(16)).slice(-4);
      } else out += c;
    }
    return out;
  }, 1);

  function flagGetter(name, letter) {
    rt.getter(RP, name, function () {
      var st = this[R];
      if (st !== undefined) return st[letter];
      if (this === RP) return undefined;
      return stateOf(this, 'RegExp.prototype.' + name + ' getter')[letter];
    });
  }
  flagGetter('hasIndices', 'd'); flagGetter('global', 'g'); flagGetter('ignoreCase', 'i');
  flagGetter('multiline', 'm'); flagGetter('dotAll', 's'); flagGetter('unicode', 'u');
  flagGetter('unicodeSets', 'v'); flagGetter('sticky', 'y');
  rt.getter(RP, 'flags', function () {
    if (!isObject(this)) throw new TypeError('RegExp.prototype.flags getter called on non-object');
    // Read through the getters (an own "global" on an instance changes its flags).
    var f = '';
    if (this.hasIndices) f += 'd';
    if (this.global) f += 'g';
    if (this.ignoreCase) f += 'i';
    if (this.multiline) f += 'm';
    if (this.dotAll) f += 's';
    if (this.unicode) f += 'u';
    if (this.unicodeSets) f += 'v';
    if (this.sticky) f += 'y';
    return f;
  });
  rt.getter(RP, Symbol.toStringTag, function () {
    return this !== RP && isObject(this) && this[R] !== undefined ? 'RegExp' : undefined;
  });
  rt.getter(RP, 'source', function () {
    if (this === RP) return '(?:)';
    return stateOf(this, 'RegExp.prototype.source getter').source;
  });

  function advance(s, i, unicode) {
    if (!unicode || i + 1 >= s.length) return i + 1;
    var c = s.charCodeAt(i);
    if (c < 0xD800 || c > 0xDBFF) return i + 1;
    var d = s.charCodeAt(i + 1);
    return d >= 0xDC00 && d <= 0xDFFF ? i + 2 : i + 1;
  }

  function groupsOf(st, m) {
    var names = st.names;
    if (names === undefined) return undefined;
    var g = Object.create(null);
    for (var i = 1; i < names.length; i++) if (names[i] !== undefined) g[names[i]] = m[i];
    return g;
  }
  // RegExpBuiltinExec.
  function builtinExec(re, s) {
    var st = stateOf(re, 'RegExp.prototype.exec');
    var useLast = st.global || st.sticky, last = toLength(re.lastIndex);  // read (and coerced) even when unused
    if (!useLast) last = 0;
    else if (last > s.length) { re.lastIndex = 0; return null; }
    var m;
    if (st.indices) {
      var off = execNative(st.handle, s, last, 1);
      if (off === null) { if (useLast) re.lastIndex = 0; return null; }
      m = [];
      var ind = [];
      for (var i = 0; i < off.length; i += 2) {
        if (off[i] < 0) { m.push(undefined); ind.push(undefined); } else { m.push(s.slice(off[i], off[i + 1])); ind.push([off[i], off[i + 1]]); }
      }
      rt.createDataProperty(m, 'index', off[0]);
      rt.createDataProperty(m, 'input', s);
      rt.createDataProperty(m, 'groups', groupsOf(st, m));
      rt.createDataProperty(ind, 'groups', groupsOf(st, ind));
      rt.createDataProperty(m, 'indices', ind);
      if (useLast) re.lastIndex = off[1];
      return m;
    }
    m = execNative(st.handle, s, last, 0);
    if (m === null) { if (useLast) re.lastIndex = 0; return null; }
    // The engine defined index, input and groups (a null-prototype object when named).
    if (useLast) re.lastIndex = m.index + m[0].length;
    return m;
  }
  var execMethod = function (string) {
    // The usual call, re.exec(text) without g, y or d, in one native call: the steps
    // builtinExec takes, in its order (lastIndex is read and coerced even though unused).
    var st = this !== undefined && this !== null ? this[R] : undefined;
    if (st !== undefined && st.plain && typeof string === 'string') {
      var last = this.lastIndex;
      if (typeof last !== 'number') toLength(last);
      return execNative(st.handle, string, 0, 0);
    }
    return builtinExec(this, toStr(string));
  };
  // RegExpExec: a user-supplied exec wins over the built-in one.
  function regExpExec(re, s) {
    var exec = re.exec;
    if (exec !== execMethod && typeof exec === 'function') {
      var r = exec.call(re, s);
      if (r !== null && !isObject(r)) throw new TypeError('exec result must be an object or null');
      return r;
    }
    return builtinExec(re, s);
  }

  rt.methods(RP, {
    exec: [execMethod, 1],
    test: [function (string) {
      var s = toStr(string), re = this;
      if (re.exec === execMethod) {
        var st = stateOf(re, 'RegExp.prototype.test');
        var last = toLength(re.lastIndex);
        if (!st.global && !st.sticky) return execNative(st.handle, s, 0, 2) >= 0;
        var end = last > s.length ? -1 : execNative(st.handle, s, last, 2);
        re.lastIndex = end < 0 ? 0 : end;
        return end >= 0;
      }
      if (!isObject(re)) throw incompatible('RegExp.prototype.test', undefined);  // node shows undefined
      return regExpExec(re, s) !== null;
    }, 1],
    toString: [function () {
      if (!isObject(this)) throw incompatible('RegExp.prototype.toString', this);
      return '/' + toStr(this.source) + '/' + toStr(this.flags);
    }, 0],
    compile: [function (pattern, flags) {
      var st = stateOf(this, 'RegExp.prototype.compile');
      var P = isOurRegExp(pattern) ? unescapeSource(stateOf(pattern).source) : pattern === undefined ? '' : toStr(pattern);
      var F = isOurRegExp(pattern) ? stateOf(pattern).flags : flags === undefined ? '' : toStr(flags);
      this[R] = makeState(P, F);
      this.lastIndex = 0;
      return this;
    }, 2]
  });

  rt.method(RP, Symbol.match, function (string) {
    var re = this, s = toStr(string);
    if (!isObject(re)) throw incompatible('RegExp.prototype.@@match', re);
    var flags = toStr(re.flags);
    if (flags.indexOf('g') < 0) return regExpExec(re, s);
    var unicode = flags.indexOf('u') >= 0 || flags.indexOf('v') >= 0, out = [];
    re.lastIndex = 0;
    var st = re[R];
    if (st !== undefined && st.global && st.unicode === unicode && re.exec === execMethod) {
      // Every match in one engine call.
      var all = execNative(st.handle, s, 0, st.unicode ? 4 : 3);
      re.lastIndex = 0;
      return all.length ? all : null;
    }
    for (;;) {
      var m = regExpExec(re, s);
      if (m === null) return out.length ? out : null;
      var ms = toStr(m[0]);
      out.push(ms);
      if (ms === '') re.lastIndex = advance(s, toLength(re.lastIndex), unicode);
    }
  }, 1);

  var RegExpStringIteratorPrototype = rt.makeIteratorProto('RegExp String Iterator');
  var IT = rt.hiddenKey('regexpIter');
  rt.method(RegExpStringIteratorPrototype, 'next', function () {
    var it = this[IT];
    if (it === undefined) throw new TypeError('next method called on incompatible receiver');
    if (it.done) return rt.iterResult(undefined, true);
    var m = regExpExec(it.re, it.s);
    if (m === null) { it.done = true; return rt.iterResult(undefined, true); }
    if (!it.global) { it.done = true; return rt.iterResult(m, false); }
    if (toStr(m[0]) === '') it.re.lastIndex = advance(it.s, toLength(it.re.lastIndex), it.unicode);
    return rt.iterResult(m, false);
  }, 0);
  function speciesCtor(re) {
    var C = re.constructor;
    if (C === undefined) return RegExp;
    if (!isObject(C)) throw new TypeError('object.constructor is not an object');
    var S = C[Symbol.species];
    return S === undefined || S === null ? RegExp : S;
  }
  rt.method(RP, Symbol.matchAll, function (string) {
    var re = this, s = toStr(string);
    if (!isObject(re)) throw incompatible('RegExp.prototype.@@matchAll', re);
    var flags = toStr(re.flags), C = speciesCtor(re);
    var matcher = new C(re, flags);
    matcher.lastIndex = toLength(re.lastIndex);
    var it = Object.create(RegExpStringIteratorPrototype);
    Object.defineProperty(it, IT, { value: {
      re: matcher, s: s, global: flags.indexOf('g') >= 0,
      unicode: flags.indexOf('u') >= 0 || flags.indexOf('v') >= 0, done: false
    } });
    return it;
  }, 1);

  rt.method(RP, Symbol.search, function (string) {
    var re = this, s = toStr(string);
    if (!isObject(re)) throw incompatible('RegExp.prototype.@@search', re);
    var prev = re.lastIndex;
    if (!Object.is(prev, 0)) re.lastIndex = 0;
    var m = regExpExec(re, s);
    if (!Object.is(re.lastIndex, prev)) re.lastIndex = prev;
    return m === null ? -1 : m.index;
  }, 1);

  rt.method(RP, Symbol.split, function (string, limit) {
    var re = this, s = toStr(string);
    if (!isObject(re)) throw incompatible('RegExp.prototype.@@split', re);
    var C = speciesCtor(re), flags = toStr(re.flags);
    var unicode = flags.indexOf('u') >= 0 || flags.indexOf('v') >= 0;
    var lim = limit === undefined ? 4294967295 : limit >>> 0;
    var out = [];
    if (lim === 0) return out;
    var size = s.length;
    // A forward search finds what the spec's sticky probe at each position would, in one
    // PCRE2 call per piece.
    var fast = C === RegExp && re.exec === execMethod && re[R] !== undefined;
    if (fast) return fastSplit(re[R], s, lim, unicode);
    var splitter = new C(re, fast ? flags.replace('y', '').replace('g', '') + 'g' : (flags.indexOf('y') >= 0 ? flags : flags + 'y'));
    if (size === 0) return regExpExec(splitter, s) !== null ? out : [s];
    var p = 0, q = 0, z, e, i;
    while (q < size) {
      splitter.lastIndex = q;
      z = regExpExec(splitter, s);
      if (z === null) {
        if (fast) break;
        q = advance(s, q, unicode);
        continue;
      }
      if (fast) {
        if (z.index >= size) break;
        q = z.index;
      }
      e = Math.min(toLength(splitter.lastIndex), size);
      if (e === p) { q = advance(s, q, unicode); continue; }
      out.push(s.slice(p, q));
      if (out.length === lim) return out;
      p = e;
      var n = Math.max(toLength(z.length) - 1, 0);
      for (i = 1; i <= n; i++) {
        out.push(z[i]);
        if (out.length === lim) return out;
      }
      q = p;
    }
    out.push(s.slice(p));
    return out;
  }, 2);

  function fastSplit(st, s, lim, unicode) {
    var h = st.sticky ? compiled(st.source, st.flags.replace('y', '')) : st.handle;
    if (s.length === 0) return execNative(h, s, 0, 2) >= 0 ? [] : [s];
    return execNative(h, s, lim, unicode ? 6 : 5);
  }

  // GetSubstitution over a replacement template parsed once per replace call.
  function parseTemplate(t, ncaptures, hasNamed) {
    if (t.indexOf('$') < 0) return null;
    var parts = [], lit = '', i = 0;
    while (i < t.length) {
      var c = t.charAt(i);
      if (c !== '$' || i + 1 >= t.length) { lit += c; i++; continue; }
      var d = t.charAt(i + 1);
      if (d === '$') { lit += '$'; i += 2; continue; }
      if (d === '&' || d === '`' || d === '\'') {
        parts.push(lit, d); lit = ''; i += 2; continue;
      }
      if (d >= '0' && d <= '9') {
        var two = i + 2 < t.length && t.charAt(i + 2) >= '0' && t.charAt(i + 2) <= '9' ? +(d + t.charAt(i + 2)) : -1;
        if (two >= 1 && two <= ncaptures) { parts.push(lit, two); lit = ''; i += 3; continue; }
        var one = +d;
        if (one >= 1 && one <= ncaptures) { parts.push(lit, one); lit = ''; i += 2; continue; }
        lit += '$'; i++; continue;
      }
      if (d === '<' && hasNamed) {
        var close = t.indexOf('>', i + 2);
        if (close >= 0) { parts.push(lit, { name: t.slice(i + 2, close) }); lit = ''; i = close + 1; continue; }
      }
      lit += '$'; i++;
    }
    parts.push(lit);
    return parts;
  }
  function substitute(parts, matched, s, pos, caps, groups) {
    var out = parts[0];
    for (var i = 1; i < parts.length; i += 2) {
      var p = parts[i];
      if (p === '&') out += matched;
      else if (p === '`') out += s.slice(0, pos);
      else if (p === '\'') out += s.slice(Math.min(pos + matched.length, s.length));
      else if (typeof p === 'number') { var v = caps[p - 1]; if (v !== undefined) out += v; }
      else if (groups !== undefined) { var g = groups[p.name]; if (g !== undefined) out += toStr(g); }
      out += parts[i + 1];
    }
    return out;
  }
  rt.getSubstitution = function (matched, s, pos, caps, groups, template) {
    var parts = parseTemplate(template, caps.length, groups !== undefined);
    return parts === null ? template : substitute(parts, matched, s, pos, caps, groups);
  };

  rt.method(RP, Symbol.replace, function (string, replaceValue) {
    var re = this, s = toStr(string);
    if (!isObject(re)) throw incompatible('RegExp.prototype.@@replace', undefined);  // node shows undefined
    var functional = typeof replaceValue === 'function';
    var template = functional ? '' : toStr(replaceValue);
    var flags = toStr(re.flags), global = flags.indexOf('g') >= 0, unicode = false;
    if (global) { unicode = flags.indexOf('u') >= 0 || flags.indexOf('v') >= 0; re.lastIndex = 0; }
    var st = re[R];
    if (st !== undefined && st.global === global && (!global || st.unicode === unicode) && re.exec === execMethod)
      return fastReplace(re, st, s, functional, replaceValue, template);
    var results = [];
    for (;;) {
      var m = regExpExec(re, s);
      if (m === null) break;
      results.push(m);
      if (!global) break;
      if (toStr(m[0]) === '') re.lastIndex = advance(s, toLength(re.lastIndex), unicode);
    }
    var out = [], next = 0, parts, partsFor = -1;
    for (var r = 0; r < results.length; r++) {
      m = results[r];
      var ncap = Math.max(toLength(m.length) - 1, 0), matched = toStr(m[0]);
      var pos = Math.max(Math.min(rt.toIntegerOrInfinity(m.index), s.length), 0), caps = [], k;
      for (k = 1; k <= ncap; k++) { var cv = m[k]; caps.push(cv === undefined ? undefined : toStr(cv)); }
      var groups = m.groups, rep;
      if (functional) {
        var args = [matched].concat(caps, [pos, s]);
        if (groups !== undefined) args.push(groups);
        rep = toStr(replaceValue.apply(undefined, args));
      } else {
        if (groups !== undefined) groups = rt.toObject(groups);
        if (partsFor !== ncap) { parts = parseTemplate(template, ncap, groups !== undefined); partsFor = ncap; }
        rep = parts === null ? template : substitute(parts, matched, s, pos, caps, groups);
      }
      if (pos >= next) {
        out.push(s.slice(next, pos), rep);
        next = pos + matched.length;
      }
    }
    if (next < s.length) out.push(s.slice(next));
    return out.join('');
  }, 2);

  // Symbol.replace for a RegExp of ours with the built-in exec: match offsets straight from
  // the engine, pieces joined once (Duktape strings are immutable, so += would be quadratic).
  function fastReplace(re, st, s, functional, fn, template) {
    var global = st.global, sticky = st.sticky, pos = 0, len = s.length;
    if (!global && sticky) {
      pos = toLength(re.lastIndex);
      if (pos > len) { re.lastIndex = 0; return s; }
    }
    var ngroups = st.groups, names = st.names;
    var parts = functional ? null : parseTemplate(template, ngroups, names !== undefined);
    var simple = !functional && parts === null;
    var out = [], next = 0, h = st.handle;
    for (;;) {
      var off = pos > len ? null : execNative(h, s, pos, 1);
      if (off === null) { if (global || sticky) re.lastIndex = 0; break; }
      var ms = off[0], me = off[1], rep;
      if (simple) rep = template;
      else {
        var matched = s.slice(ms, me), caps = [], groups, k;
        for (k = 1; k <= ngroups; k++) caps.push(off[2 * k] < 0 ? undefined : s.slice(off[2 * k], off[2 * k + 1]));
        if (names !== undefined) {
          groups = Object.create(null);
          for (k = 1; k < names.length; k++) if (names[k] !== undefined) groups[names[k]] = caps[k - 1];
        }
        if (functional) {
          var args = [matched].concat(caps, [ms, s]);
          if (groups !== undefined) args.push(groups);
          rep = toStr(fn.apply(undefined, args));
        } else rep = substitute(parts, matched, s, ms, caps, groups);
      }
      out.push(s.slice(next, ms), rep);
      next = me;
      if (!global) { if (sticky) re.lastIndex = me; break; }
      pos = me === ms ? advance(s, me, st.unicode) : me;
    }
    if (next === 0 && out.length === 0) return s;
    out.push(s.slice(next));
    return out.join('');
  }

  // ---- String methods dispatching on the symbols.
  function thisStr(self, name) { return toStr(rt.requireCoercible(self, 'String.prototype.' + name)); }
  function dispatch(v, sym) {
    if (v === undefined || v === null) return undefined;
    var f = v[sym];
    if (f === undefined || f === null) return undefined;
    return rt.requireCallable(f);
  }
  function replaceString(s, search, replaceValue, all) {
    var functional = typeof replaceValue === 'function';
    var template = functional ? '' : toStr(replaceValue);
    var slen = search.length, adv = Math.max(1, slen), positions = [];
    var pos = origIndexOf.call(s, search, 0);
    while (pos >= 0) {
      positions.push(pos);
      if (!all) break;
      pos = pos + adv > s.length ? -1 : origIndexOf.call(s, search, pos + adv);
    }
    if (positions.length === 0) return s;
    var parts = functional ? null : parseTemplate(template, 0, false);
    var out = [], end = 0;
    for (var i = 0; i < positions.length; i++) {
      var p = positions[i];
      var rep = functional ? toStr(replaceValue(search, p, s)) : parts === null ? template : substitute(parts, search, s, p, [], undefined);
      out.push(s.slice(end, p), rep);
      end = p + slen;
    }
    out.push(s.slice(end));
    return out.join('');
  }
  rt.methods(SP, {
    match: [function (regexp) {
      var s = thisStr(this, 'match'), f = dispatch(regexp, Symbol.match);
      if (f) return f.call(regexp, s);
      return new RegExp(regexp)[Symbol.match](s);
    }, 1],
    matchAll: [function (regexp) {
      var s = thisStr(this, 'matchAll');
      if (regexp !== undefined && regexp !== null) {
        if (isRegExp(regexp)) {
          var flags = toStr(rt.requireCoercible(regexp.flags, 'String.prototype.matchAll'));
          if (flags.indexOf('g') < 0) throw new TypeError('String.prototype.matchAll called with a non-global RegExp argument');
        }
        var f = dispatch(regexp, Symbol.matchAll);
        if (f) return f.call(regexp, s);
      }
      return new RegExp(regexp, 'g')[Symbol.matchAll](s);
    }, 1],
    replace: [function (searchValue, replaceValue) {
      var self = rt.requireCoercible(this, 'String.prototype.replace'), f = dispatch(searchValue, Symbol.replace);
      if (f) return f.call(searchValue, self, replaceValue);
      return replaceString(toStr(self), toStr(searchValue), replaceValue, false);
    }, 2],
    replaceAll: [function (searchValue, replaceValue) {
      var self = rt.requireCoercible(this, 'String.prototype.replaceAll');
      if (searchValue !== undefined && searchValue !== null) {
        if (isRegExp(searchValue)) {
          var flags = toStr(rt.requireCoercible(searchValue.flags, 'String.prototype.replaceAll'));
          if (flags.indexOf('g') < 0) throw new TypeError('String.prototype.replaceAll called with a non-global RegExp argument');
        }
        var f = dispatch(searchValue, Symbol.replace);
        if (f) return f.call(searchValue, self, replaceValue);
      }
      return replaceString(toStr(self), toStr(searchValue), replaceValue, true);
    }, 2],
    search: [function (regexp) {
      var s = thisStr(this, 'search'), f = dispatch(regexp, Symbol.search);
      if (f) return f.call(regexp, s);
      return new RegExp(regexp)[Symbol.search](s);
    }, 1],
    split: [function (separator, limit) {
      var self = rt.requireCoercible(this, 'String.prototype.split'), f = dispatch(separator, Symbol.split);
      if (f) return f.call(separator, self, limit);
      // ToString of this, ToUint32 of the limit, then ToString of the separator.
      var s = toStr(self), lim = limit === undefined ? 4294967295 : limit >>> 0;
      var sep = separator === undefined ? undefined : toStr(separator);
      if (lim === 0) return [];
      if (sep === undefined) return [s];
      return origSplit.call(s, sep, lim);
    }, 2]
  });

  // includes, startsWith and endsWith refuse a RegExp (IsRegExp, which reads @@match).
  ['includes', 'startsWith', 'endsWith'].forEach(function (name) {
    var orig = SP[name];
    rt.method(SP, name, function (search) {
      if (isRegExp(search)) throw new TypeError('First argument to String.prototype.' + name + ' must not be a regular expression');
      return orig.apply(this, arguments);
    }, 1);
  });

  // The literal entry point: a new object per evaluation (as the spec wants), its state one
  // dictionary lookup once the pattern has been seen.
  var LAST_INDEX = { value: 0, writable: true, enumerable: false, configurable: false };
  rt.def(global, '__oda_regexp', function (source, flags) {
    var st = states[flags + '/' + source];
    if (st === undefined) return new RegExp(source, flags);
    var o = Object.create(RP);
    o[R] = st;
    Object.defineProperty(o, 'lastIndex', LAST_INDEX);
    return o;
  });
})(this);
