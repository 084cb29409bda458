// The ES2015-ES2023 Array methods Duktape lacks, Array.from/of, and a stable sort (Duktape's
// own sort is not stable, which agents sorting records by one field notice).
(function (global) {
  'use strict';
  var rt = global.__oda_rt;
  var AP = Array.prototype;
  var toObject = rt.toObject, toLength = rt.toLength, toInt = rt.toIntegerOrInfinity;
  var relIndex = rt.relIndex, requireCallable = rt.requireCallable;
  var nativeSort = AP.sort, nativeSortValues = global.__oda_sort, nativeFromLike = global.__oda_from_like;
  var nativeDefinedValues = global.__oda_defined_values, nativeWriteDense = global.__oda_write_dense;

  function isConstructor(C) {
    if (typeof C !== 'function') return false;
    return C === Array || rt.hasOwn.call(C, 'prototype');
  }
  function checkLength(n) {
    if (n > 9007199254740991) throw new TypeError('array length exceeds 2^53 - 1');
  }
  function arrayLength(n) {
    if (n > 4294967295) throw new RangeError('Invalid array length');
    return n;
  }
  // ArraySpeciesCreate(o, 0): a plain array unless o is an array whose constructor names
  // another species.
  function speciesCreate(o) {
    if (!Array.isArray(o)) return null;
    var C = o.constructor;
    if (rt.isObject(C)) {
      C = C[Symbol.species];
      if (C === null) C = undefined;
    }
    if (C === undefined || C === Array) return null;
    if (!isConstructor(C)) throw new TypeError('object constructor is not a constructor');
    return new C(0);
  }

  rt.methods(Array, {
    from: [function (items, mapFn, thisArg) {
      var C = this, mapping = mapFn !== undefined, a, i = 0;
      if (mapping) requireCallable(mapFn);
      var useCtor = C !== Array && isConstructor(C);
      if (items === null || items === undefined) throw new TypeError(String(items) + ' is not iterable');
      if (rt.isIterable(items)) {
        a = useCtor ? new C() : [];
        if (!useCtor && !mapping && rt.stockArrayIteration(items)) {
          a = AP.slice.call(items);
          if (a.length !== items.length) a.length = items.length;  // Duktape's slice drops trailing holes
          return a;
        }
        rt.forOf(items, function (v) {
          rt.createDataProperty(a, i, mapping ? mapFn.call(thisArg, v, i) : v);
          i++;
        });
        a.length = i;
        return a;
      }
      var o = Object(items), len = toLength(o.length);
      a = useCtor ? new C(len) : new Array(len);
      if (!useCtor) nativeFromLike(a, o, len, mapFn, thisArg);   // natives.cc
      else for (; i < len; i++) rt.createDataProperty(a, i, mapping ? mapFn.call(thisArg, o[i], i) : o[i]);
      a.length = len;
      return a;
    }, 1],
    of: [function () {
      var len = arguments.length, C = this;
      var a = C !== Array && isConstructor(C) ? new C(len) : new Array(len);
      for (var i = 0; i < len; i++) rt.createDataProperty(a, i, arguments[i]);
      a.length = len;
      return a;
    }, 0]
  });

  // Array.fromAsync: async iterables, iterables and array-likes, each value awaited (and the
  // mapped value too), in order. Promise is run-code's, looked up when called.
  rt.method(Array, 'fromAsync', function (items, mapFn, thisArg) {
    var P = global.Promise;
    return new P(function (resolve, reject) {
      if (mapFn !== undefined && typeof mapFn !== 'function') throw new TypeError(String(mapFn) + ' is not a function');
      if (items === null || items === undefined) throw new TypeError(String(items) + ' is not iterable');
      var out = [], i = 0, it = null, len = 0, asyncIt = items[Symbol.asyncIterator];
      if (asyncIt !== undefined && asyncIt !== null) it = asyncIt.call(items);
      else if (rt.isIterable(items)) it = rt.getIterator(items);
      else len = toLength(Object(items).length);
      var isAsync = asyncIt !== undefined && asyncIt !== null;
      function add(v) {
        if (mapFn === undefined) { out.push(v); i++; return step(); }
        return P.resolve(mapFn.call(thisArg, v, i)).then(function (m) { out.push(m); i++; return step(); });
      }
      function step() {
        if (it === null) {
          if (i >= len) { resolve(out); return undefined; }
          return P.resolve(Object(items)[i]).then(add);
        }
        return P.resolve(it.next()).then(function (r) {
          if (!rt.isObject(r)) throw new TypeError('iterator result is not an object');
          if (r.done) { resolve(out); return undefined; }
          return isAsync ? add(r.value) : P.resolve(r.value).then(add);
        });
      }
      P.resolve().then(step).then(undefined, reject);
    });
  }, 1);

  function findFrom(o, pred, thisArg, fromEnd, wantIndex) {
    var len = toLength(o.length);
    requireCallable(pred);
    if (!fromEnd) {
      for (var i = 0; i < len; i++) { var v = o[i]; if (pred.call(thisArg, v, i, o)) return wantIndex ? i : v; }
    } else {
      for (var j = len - 1; j >= 0; j--) { var w = o[j]; if (pred.call(thisArg, w, j, o)) return wantIndex ? j : w; }
    }
    return wantIndex ? -1 : undefined;
  }
  function flatten(target, source, depth, start, strict) {
    var len = toLength(source.length), n = start;
    for (var i = 0; i < len; i++) {
      if (!(i in source)) continue;
      var el = source[i];
      if (depth > 0 && Array.isArray(el)) n = flatten(target, el, depth - 1, n, strict);
      else {
        checkLength(n + 1);
        if (strict) rt.createDataProperty(target, n++, el); else target[n++] = el;
      }
    }
    return n;
  }

  // Merge sort with insertion-sorted runs: stable, O(n log n) comparisons.
  function mergeSort(a, cmp) {
    var n = a.length, RUN = 8, i, j, lo;
    for (lo = 0; lo < n; lo += RUN) {
      var hi = Math.min(lo + RUN, n);
      for (i = lo + 1; i < hi; i++) {
        var x = a[i];
        for (j = i - 1; j >= lo && cmp(a[j], x) > 0; j--) a[j + 1] = a[j];
        a[j + 1] = x;
      }
    }
    if (n <= RUN) return a;
    var src = a, dst = new Array(n);
    for (var width = RUN; width < n; width *= 2) {
      for (lo = 0; lo < n; lo += 2 * width) {
        var mid = Math.min(lo + width, n), end = Math.min(lo + 2 * width, n), p = lo, q = mid, k = lo;
        if (mid >= end || cmp(src[mid - 1], src[mid]) <= 0) {
          for (; p < end; p++) dst[p] = src[p];
          continue;
        }
        while (p < mid && q < end) dst[k++] = cmp(src[p], src[q]) <= 0 ? src[p++] : src[q++];
        while (p < mid) dst[k++] = src[p++];
        while (q < end) dst[k++] = src[q++];
      }
      var t = src; src = dst; dst = t;
    }
    if (src !== a) for (i = 0; i < n; i++) a[i] = src[i];
    return a;
  }
  function compareDefault(x, y) {
    var a = x.k, b = y.k;
    return a < b ? -1 : a > b ? 1 : 0;
  }
  // SortIndexedProperties: the defined values sorted, undefineds counted, holes dropped.
  // An Array with no hole is copied by the native in one allocation (natives.cc).
  function sortedValues(o, cmp) {
    var len = toLength(o.length), items = nativeDefinedValues(o, len), undef = 0, allStrings = true, i;
    if (items !== undefined) {
      undef = len - items.length;
      if (cmp === undefined) for (i = 0; i < items.length && allStrings; i++) allStrings = typeof items[i] === 'string';
    } else {
      items = [];
      for (i = 0; i < len; i++) {
        if (!(i in o)) continue;
        var v = o[i];
        if (v === undefined) undef++;
        else { items.push(v); if (typeof v !== 'string') allStrings = false; }
      }
    }
    if (cmp === undefined) {
      if (allStrings) nativeSort.call(items);   // equal strings are indistinguishable
      else {
        var boxed = new Array(items.length);
        for (i = 0; i < items.length; i++) boxed[i] = { k: rt.toStr(items[i]), v: items[i] };
        mergeSort(boxed, compareDefault);
        for (i = 0; i < items.length; i++) items[i] = boxed[i].v;
      }
    } else {
      items = nativeSortValues(items, cmp);   // natives.cc: stable, cmp called directly
    }
    return { items: items, undef: undef, len: len };
  }
  function checkComparator(cmp) {
    if (cmp !== undefined && typeof cmp !== 'function') throw new TypeError('The comparison function must be either a function or undefined');
  }

  rt.methods(AP, {
    at: [function (index) {
      var o = toObject(this), len = toLength(o.length), k = toInt(index);
      if (k < 0) k += len;
      return k < 0 || k >= len ? undefined : o[k];
    }, 1],
    includes: [function (search, fromIndex) {
      var o = toObject(this), len = toLength(o.length);
      if (len === 0) return false;
      var n = toInt(fromIndex), k = n >= 0 ? n : Math.max(len + n, 0);
      if (search === search) {
        for (; k < len; k++) if (o[k] === search) return true;
      } else {
        for (; k < len; k++) { var v = o[k]; if (v !== v) return true; }
      }
      return false;
    }, 1],
    find: [function (pred, thisArg) { return findFrom(toObject(this, 'Array.prototype.find'), pred, thisArg, false, false); }, 1],
    findIndex: [function (pred, thisArg) { return findFrom(toObject(this, 'Array.prototype.findIndex'), pred, thisArg, false, true); }, 1],
    findLast: [function (pred, thisArg) { return findFrom(toObject(this, 'Array.prototype.findLast'), pred, thisArg, true, false); }, 1],
    findLastIndex: [function (pred, thisArg) { return findFrom(toObject(this, 'Array.prototype.findLastIndex'), pred, thisArg, true, true); }, 1],
    fill: [function (value, start, end) {
      var o = toObject(this), len = toLength(o.length);
      var k = relIndex(start, len, 0), fin = relIndex(end, len, len);
      for (; k < fin; k++) o[k] = value;
      return o;
    }, 1],
    copyWithin: [function (target, start, end) {
      var o = toObject(this), len = toLength(o.length);
      var to = relIndex(target, len, 0), from = relIndex(start, len, 0), fin = relIndex(end, len, len);
      var count = Math.min(fin - from, len - to), dir = 1;
      if (from < to && to < from + count) { dir = -1; from += count - 1; to += count - 1; }
      for (; count > 0; count--, from += dir, to += dir) {
        if (from in o) o[to] = o[from]; else delete o[to];
      }
      return o;
    }, 2],
    flat: [function (depth) {
      var o = toObject(this), len = toLength(o.length), d = depth === undefined ? 1 : toInt(depth);
      var a = speciesCreate(o), strict = a !== null;
      if (!strict) a = [];
      var n = flatten(a, o, d, 0, strict);
      if (!strict) a.length = n;
      return a;
    }, 0],
    flatMap: [function (fn, thisArg) {
      var o = toObject(this), len = toLength(o.length), n = 0;
      requireCallable(fn);
      var a = speciesCreate(o), strict = a !== null;
      if (!strict) a = [];
      for (var i = 0; i < len; i++) {
        if (!(i in o)) continue;
        var r = fn.call(thisArg, o[i], i, o);
        if (Array.isArray(r)) n = flatten(a, r, 0, n, strict);
        else if (strict) rt.createDataProperty(a, n++, r);
        else a[n++] = r;
      }
      if (!strict) a.length = n;
      return a;
    }, 1],
    sort: [function (cmp) {
      checkComparator(cmp);
      var o = toObject(this), r = sortedValues(o, cmp), items = r.items, n = items.length;
      var i = nativeWriteDense(o, items, n);   // natives.cc: the elements o has in its array part
      for (; i < n; i++) o[i] = items[i];
      for (var u = 0; u < r.undef; u++) o[i++] = undefined;
      for (; i < r.len; i++) delete o[i];
      return o;
    }, 1],
    toSorted: [function (cmp) {
      checkComparator(cmp);
      var o = toObject(this);
      arrayLength(toLength(o.length));
      var r = sortedValues(o, cmp), a = r.items;
      for (var u = 0; u < r.undef; u++) a.push(undefined);
      while (a.length < r.len) a.push(undefined);
      return a;
    }, 1],
    toReversed: [function () {
      var o = toObject(this), len = arrayLength(toLength(o.length)), a = new Array(len);
      for (var i = 0; i < len; i++) a[i] = o[len - 1 - i];
      return a;
    }, 0],
    toSpliced: [function (start, skipCount) {
      var o = toObject(this), len = toLength(o.length);
      var s = relIndex(start, len, 0), skip, items = AP.slice.call(arguments, 2);
      if (arguments.length === 0) skip = 0;
      else if (arguments.length === 1) skip = len - s;
      else skip = Math.min(Math.max(toInt(skipCount), 0), len - s);
      var newLen = len + items.length - skip;
      checkLength(newLen);
      arrayLength(newLen);
      var a = new Array(newLen), k = 0, i;
      for (i = 0; i < s; i++) a[k++] = o[i];
      for (i = 0; i < items.length; i++) a[k++] = items[i];
      for (i = s + skip; i < len; i++) a[k++] = o[i];
      return a;
    }, 2],
    'with': [function (index, value) {
      var o = toObject(this), len = toLength(o.length), rel = toInt(index);
      var k = rel >= 0 ? rel : len + rel;
      if (k >= len || k < 0) throw new RangeError('Invalid index : ' + String(index));
      var a = new Array(arrayLength(len));
      for (var i = 0; i < len; i++) a[i] = i === k ? value : o[i];
      return a;
    }, 2]
  });

  var unscopables = Object.create(null);
  ['at', 'copyWithin', 'entries', 'fill', 'find', 'findIndex', 'findLast', 'findLastIndex', 'flat', 'flatMap',
   'includes', 'keys', 'toReversed', 'toSorted', 'toSpliced', 'values'].forEach(function (k) { unscopables[k] = true; });
  Object.defineProperty(AP, Symbol.unscopables, { value: unscopables, configurable: true });

  // concat, map, filter, slice and splice through ArraySpeciesCreate: Duktape's natives make
  // plain arrays, so they run as they are unless o is an array whose constructor names
  // another species (a subclass, or a custom Symbol.species).
  var speciesOf = function (o) {
    if (!Array.isArray(o)) return undefined;
    var C = o.constructor;
    if (C === Array) return undefined;
    if (rt.isObject(C)) {
      C = C[Symbol.species];
      if (C === null) C = undefined;
    } else if (C !== undefined) {
      throw new TypeError('array constructor is not an object');
    }
    if (C === undefined || C === Array) return undefined;
    if (!isConstructor(C)) throw new TypeError('array species is not a constructor');
    return C;
  };
  var put = function (a, k, v) {
    Object.defineProperty(a, k, { value: v, writable: true, enumerable: true, configurable: true });
  };
  var setLength = function (a, n) {
    'use strict';
    a.length = n;
  };
  // Array-likes that are not arrays get the spec's generic algorithms: Duktape's natives read
  // their length with ES5's ToUint32 (a length of -1 or 2^32 + 1 reads wrong). Arrays keep the
  // natives. visit(o, from, to, down, fn) calls fn(k) for each k in [from, to) with k in o,
  // in order, until fn returns true (and returns that k, else -1); a range too long to count
  // through (lengths near 2^53) walks the integer keys of o and its prototypes instead.
  var presentKeys = function (o, from, to) {
    var keys = [], seen = Object.create(null);
    for (var p = Object(o); p !== null; p = Object.getPrototypeOf(p)) {
      var names = Object.getOwnPropertyNames(p);
      for (var i = 0; i < names.length; i++) {
        var n = +names[i];
        if (n >= from && n < to && n % 1 === 0 && String(n) === names[i] && !seen[names[i]]) {
          seen[names[i]] = true;
          put(keys, keys.length, n);
        }
      }
    }
    return keys.sort(function (a, b) { return a - b; });
  };
  var visit = function (o, from, to, down, fn) {
    var k, i;
    if (to - from <= 100000) {
      if (!down) { for (k = from; k < to; k++) if (k in o && fn(k)) return k; } else { for (k = to - 1; k >= from; k--) if (k in o && fn(k)) return k; }
      return -1;
    }
    var ks = presentKeys(o, from, to);
    if (!down) { for (i = 0; i < ks.length; i++) if (ks[i] in o && fn(ks[i])) return ks[i]; } else { for (i = ks.length - 1; i >= 0; i--) if (ks[i] in o && fn(ks[i])) return ks[i]; }
    return -1;
  };
  var arrayNative = { every: AP.every, some: AP.some, forEach: AP.forEach, indexOf: AP.indexOf, lastIndexOf: AP.lastIndexOf,
                  reduce: AP.reduce, reduceRight: AP.reduceRight, join: AP.join, reverse: AP.reverse };
  var isArray = Array.isArray, nativeEvery = AP.every, nativeSome = AP.some, nativeForEach = AP.forEach;
  var nativeJoin = AP.join, nativeReverse = AP.reverse;
  var nativeIndexOf = AP.indexOf, nativeLastIndexOf = AP.lastIndexOf, nativeReduce = AP.reduce, nativeReduceRight = AP.reduceRight;
  var reduceGeneric = function (o, fn, args, down) {
    var len = toLength(o.length), acc, has = args.length > 1;
    requireCallable(fn);
    if (has) acc = args[1];
    visit(o, 0, len, down, function (k) {
      if (!has) { has = true; acc = o[k]; return false; }
      acc = fn(acc, o[k], k, o);
      return false;
    });
    if (!has) throw new TypeError('Reduce of empty array with no initial value');
    return acc;
  };
  rt.methods(AP, {
    every: [function (fn, thisArg) {
      if (isArray(this)) return nativeEvery.call(this, fn, thisArg);
      var o = toObject(this, 'Array.prototype.every'), len = toLength(o.length);
      requireCallable(fn);
      return visit(o, 0, len, false, function (k) { return !fn.call(thisArg, o[k], k, o); }) < 0;
    }, 1],
    some: [function (fn, thisArg) {
      if (isArray(this)) return nativeSome.call(this, fn, thisArg);
      var o = toObject(this, 'Array.prototype.some'), len = toLength(o.length);
      requireCallable(fn);
      return visit(o, 0, len, false, function (k) { return !!fn.call(thisArg, o[k], k, o); }) >= 0;
    }, 1],
    forEach: [function (fn, thisArg) {
      if (isArray(this)) return nativeForEach.call(this, fn, thisArg);
      var o = toObject(this, 'Array.prototype.forEach'), len = toLength(o.length);
      requireCallable(fn);
      visit(o, 0, len, false, function (k) { fn.call(thisArg, o[k], k, o); return false; });
      return undefined;
    }, 1],
    indexOf: [function (search, fromIndex) {
      if (isArray(this)) return nativeIndexOf.call(this, search, fromIndex);
      var o = toObject(this, 'Array.prototype.indexOf'), len = toLength(o.length);
      if (len === 0) return -1;
      var n = toInt(fromIndex);
      if (n >= len) return -1;
      return visit(o, n >= 0 ? n : Math.max(len + n, 0), len, false, function (k) { return o[k] === search; });
    }, 1],
    lastIndexOf: [function (search) {
      if (isArray(this)) return nativeLastIndexOf.apply(this, arguments);
      var o = toObject(this), len = toLength(o.length);
      if (len === 0) return -1;
      var n = arguments.length > 1 ? toInt(arguments[1]) : len - 1, k = n >= 0 ? Math.min(n, len - 1) : len + n;
      if (k < 0) return -1;
      return visit(o, 0, k + 1, true, function (i) { return o[i] === search; });
    }, 1],
    reduce: [function (fn) {
      if (isArray(this)) return nativeReduce.apply(this, arguments);
      return reduceGeneric(toObject(this, 'Array.prototype.reduce'), fn, arguments, false);
    }, 1],
    reduceRight: [function (fn) {
      if (isArray(this)) return nativeReduceRight.apply(this, arguments);
      return reduceGeneric(toObject(this, 'Array.prototype.reduceRight'), fn, arguments, true);
    }, 1],
    join: [function (separator) {
      if (isArray(this)) return nativeJoin.call(this, separator);
      var o = toObject(this), len = toLength(o.length), sep = separator === undefined ? ',' : rt.toStr(separator), r = '';
      for (var k = 0; k < len; k++) {
        var v = o[k];
        r += (k ? sep : '') + (v === undefined || v === null ? '' : rt.toStr(v));
      }
      return r;
    }, 1],
    reverse: [function () {
      if (isArray(this)) return nativeReverse.call(this);
      var o = toObject(this), len = toLength(o.length), mid = Math.floor(len / 2), lowers, i;
      if (len <= 200000) {
        lowers = [];
        for (i = 0; i < mid; i++) lowers.push(i);
      } else {
        var ks = presentKeys(o, 0, len);
        lowers = [];
        for (i = 0; i < ks.length; i++) {
          var low = ks[i] < mid ? ks[i] : len - 1 - ks[i];
          if (low < mid) lowers.push(low);
        }
        lowers = uniqueSorted(lowers, false);
      }
      for (i = 0; i < lowers.length; i++) {
        var lower = lowers[i], upper = len - 1 - lower, lowerValue, upperValue;
        var lowerExists = lower in o;
        if (lowerExists) lowerValue = o[lower];
        var upperExists = upper in o;
        if (upperExists) upperValue = o[upper];
        if (upperExists) o[lower] = upperValue;
        else if (lowerExists && !delete o[lower]) throw new TypeError('Cannot delete property');
        if (lowerExists) o[upper] = lowerValue;
        else if (upperExists && !delete o[upper]) throw new TypeError('Cannot delete property');
      }
      return o;
    }, 0]
  });
  // Array.prototype.splice on an array-like, as the spec has it: ToLength lengths, strict sets
  // and deletes, and only the present keys visited when the length is near 2^53.
  var uniqueSorted = function (list, down) {
    list.sort(function (a, b) { return down ? b - a : a - b; });
    var out = [];
    for (var i = 0; i < list.length; i++) if (i === 0 || list[i] !== list[i - 1]) out.push(list[i]);
    return out;
  };
  // The k in [lo, hi) for which k + d1 or k + d2 is a key of o, in order (all k when few).
  var shiftKeys = function (o, lo, hi, d1, d2, down) {
    var ks = [], i;
    if (hi - lo <= 100000) {
      for (i = lo; i < hi; i++) ks.push(i);
      return down ? ks.reverse() : ks;
    }
    var keys = presentKeys(o, lo + Math.min(d1, d2), hi + Math.max(d1, d2));
    for (i = 0; i < keys.length; i++) {
      var a = keys[i] - d1, b = keys[i] - d2;
      if (a >= lo && a < hi) ks.push(a);
      if (b >= lo && b < hi) ks.push(b);
    }
    return uniqueSorted(ks, down);
  };
  var spliceGeneric = function (o, args) {
    var len = toLength(o.length), start = relIndex(args[0], len, 0), ins = args.length > 2 ? args.length - 2 : 0, del;
    if (args.length === 0) del = 0;
    else if (args.length === 1) del = len - start;
    else del = Math.min(Math.max(toInt(args[1]), 0), len - start);
    checkLength(len + ins - del);
    var a = new Array(arrayLength(del)), i, k, ks;
    visit(o, start, start + del, false, function (j) { put(a, j - start, o[j]); return false; });
    setLength(a, del);
    if (ins < del) {
      ks = shiftKeys(o, start, len - del, del, ins, false);
      for (i = 0; i < ks.length; i++) {
        k = ks[i];
        if (k + del in o) o[k + ins] = o[k + del]; else if (!delete o[k + ins]) throw new TypeError('Cannot delete property');
      }
      ks = len - (len - del + ins) <= 100000 ? null : presentKeys(o, len - del + ins, len);
      if (ks === null) {
        for (k = len; k > len - del + ins; k--) if (!delete o[k - 1]) throw new TypeError('Cannot delete property');
      } else {
        for (i = ks.length - 1; i >= 0; i--) if (!delete o[ks[i]]) throw new TypeError('Cannot delete property');
      }
    } else if (ins > del) {
      ks = shiftKeys(o, start, len - del, del, ins, true);
      for (i = 0; i < ks.length; i++) {
        k = ks[i];
        if (k + del in o) o[k + ins] = o[k + del]; else if (!delete o[k + ins]) throw new TypeError('Cannot delete property');
      }
    }
    for (i = 0; i < ins; i++) o[start + i] = args[i + 2];
    setLength(o, len - del + ins);
    return a;
  };
  var native = { concat: AP.concat, map: AP.map, filter: AP.filter, slice: AP.slice, splice: AP.splice };
  rt.methods(AP, {
    concat: [function () {
      var o = toObject(this, 'Array.prototype.concat'), C = speciesOf(o);
      if (C === undefined) return native.concat.apply(this, arguments);
      var a = new C(0), n = 0;
      for (var i = -1; i < arguments.length; i++) {
        var e = i < 0 ? o : arguments[i], spread = false;
        if (rt.isObject(e)) {
          spread = Symbol.isConcatSpreadable ? e[Symbol.isConcatSpreadable] : undefined;
          spread = spread !== undefined ? !!spread : Array.isArray(e);
        }
        if (!spread) { put(a, n++, e); continue; }
        var len = toLength(e.length);
        checkLength(n + len);
        for (var k = 0; k < len; k++, n++) if (k in e) put(a, n, e[k]);
      }
      setLength(a, n);
      return a;
    }, 1],
    map: [function (fn, thisArg) {
      var o = toObject(this, 'Array.prototype.map'), len = toLength(o.length);
      requireCallable(fn);
      var C = speciesOf(o);
      if (C === undefined) {
        if (Array.isArray(o)) return native.map.call(o, fn, thisArg);
        var m = new Array(arrayLength(len));
        visit(o, 0, len, false, function (k) { put(m, k, fn.call(thisArg, o[k], k, o)); });
        return m;
      }
      var a = new C(len);
      for (var k = 0; k < len; k++) if (k in o) put(a, k, fn.call(thisArg, o[k], k, o));
      return a;
    }, 1],
    filter: [function (fn, thisArg) {
      var o = toObject(this, 'Array.prototype.filter'), len = toLength(o.length);
      requireCallable(fn);
      var C = speciesOf(o);
      if (C === undefined) {
        if (Array.isArray(o)) return native.filter.call(o, fn, thisArg);
        var f = [], fn2 = 0;
        visit(o, 0, len, false, function (k) { var v = o[k]; if (fn.call(thisArg, v, k, o)) put(f, fn2++, v); });
        return f;
      }
      var a = new C(0), n = 0;
      for (var k = 0; k < len; k++) {
        if (!(k in o)) continue;
        var v = o[k];
        if (fn.call(thisArg, v, k, o)) put(a, n++, v);
      }
      return a;
    }, 1],
    slice: [function (start, end) {
      var o = toObject(this), C = speciesOf(o);
      if (C === undefined && Array.isArray(o)) {
        var out = native.slice.apply(this, arguments);
        // Duktape's slice drops trailing holes from the length; numbers can be read again.
        if ((typeof start === 'number' || start === undefined) && (typeof end === 'number' || end === undefined)) {
          var n0 = o.length, want = Math.max(relIndex(end, n0, n0) - relIndex(start, n0, 0), 0);
          if (out.length !== want) out.length = want;
        }
        return out;
      }
      var len = toLength(o.length), k = relIndex(start, len, 0), fin = relIndex(end, len, len);
      if (C === undefined) {
        var s0 = k, r = new Array(arrayLength(Math.max(fin - k, 0)));
        visit(o, k, fin, false, function (i) { put(r, i - s0, o[i]); });
        setLength(r, Math.max(fin - k, 0));
        return r;
      }
      var a = new C(Math.max(fin - k, 0)), n = 0;
      for (; k < fin; k++, n++) if (k in o) put(a, n, o[k]);
      setLength(a, n);
      return a;
    }, 2],
    splice: [function (start, deleteCount) {
      var o = toObject(this), C = speciesOf(o);
      if (C === undefined) {
        if (Array.isArray(o)) return native.splice.apply(this, arguments);
        return spliceGeneric(o, arguments);
      }
      var len = toLength(o.length), from = relIndex(start, len, 0);
      var dc = arguments.length === 0 ? 0 : arguments.length === 1 ? len - from :
        Math.min(Math.max(toInt(deleteCount), 0), len - from);
      var a = new C(dc);
      for (var k = 0; k < dc; k++) if (from + k in o) put(a, k, o[from + k]);
      setLength(a, dc);
      native.splice.apply(o, arguments);
      return a;
    }, 2]
  });

  // %TypedArray% methods (Duktape has only set and subarray).
  var TA = Object.getPrototypeOf(Uint8Array), TAP = TA && TA.prototype;
  if (TAP && TAP !== Object.prototype) {
    var generic = ['at', 'includes', 'find', 'findIndex', 'findLast', 'findLastIndex', 'fill', 'copyWithin',
      'indexOf', 'lastIndexOf', 'join', 'forEach', 'every', 'some', 'reduce', 'reduceRight', 'reverse'];
    var requireTA = function (o, k) {
      if (!ArrayBuffer.isView(o) || o instanceof DataView) throw new TypeError('%TypedArray%.prototype.' + k + ' called on a non-typed-array receiver');
    };
    generic.forEach(function (k) {
      if (TAP[k]) return;
      var f = rt.hasOwn.call(arrayNative, k) ? arrayNative[k] : AP[k];  // typed arrays count as they are
      rt.method(TAP, k, function () { requireTA(this, k); return f.apply(this, arguments); }, f.length);
    });
    // TypedArraySpeciesCreate: the native subarray keeps the element type and gives the
    // intrinsic prototype, which names the default constructor whatever o's prototype is.
    var nativeSub = TAP.subarray;
    var taDefault = function (o) {
      var p = Object.getPrototypeOf(nativeSub.call(o, 0, 0)), t = rt.taCtors || [];
      for (var i = 0; i < t.length; i++) if (t[i][0] === p) return t[i][1];
      return p.constructor;
    };
    var taCreate = function (C, a, b, c, n) {
      if (!isConstructor(C)) throw new TypeError('typed array species is not a constructor');
      var o = n === 1 ? new C(a) : new C(a, b, c);
      requireTA(o, 'constructor result');
      if (n === 1 && typeof a === 'number' && o.length < a) throw new TypeError('typed array species created a too short array');
      return o;
    };
    var taSpecies = function (o) {
      var C = o.constructor;
      if (C === undefined) return taDefault(o);
      if (!rt.isObject(C)) throw new TypeError('typed array constructor is not an object');
      C = C[Symbol.species];
      return C === undefined || C === null ? taDefault(o) : C;
    };
    var taCopy = function (o, k) {
      requireTA(o, k);
      var len = o.length, a = new (taDefault(o))(len);
      for (var i = 0; i < len; i++) a[i] = o[i];
      return a;
    };
    // buffer, byteLength and byteOffset: Duktape's getters are non-configurable, nameless and
    // serve DataViews too; the spec's are configurable and typed arrays only.
    var forceGetter = global.__oda_force_getter;
    if (typeof forceGetter === 'function') {
      ['buffer', 'byteLength', 'byteOffset'].forEach(function (k) {
        var d = Object.getOwnPropertyDescriptor(TAP, k), nativeGet = d && d.get;
        if (typeof nativeGet !== 'function') return;
        var get = function () { requireTA(this, k); return nativeGet.call(this); };
        rt.makeMethod(get);
        Object.defineProperty(get, 'name', { value: 'get ' + k, configurable: true });
        Object.defineProperty(get, 'length', { value: 0, configurable: true });
        forceGetter(TAP, k, get);
      });
    }
    var nativeSet = TAP.set;
    rt.def(TAP, 'constructor', TA);
    // Each typed array has its own (engine) length, so this getter serves calls on other receivers.
    if (!rt.hasOwn.call(TAP, 'length')) rt.getter(TAP, 'length', function () { requireTA(this, 'length'); return this.length; });
    var make = function (src, len) { return taCreate(taSpecies(src), len, 0, 0, 1); };
    rt.methods(TAP, {
      map: [function (fn, thisArg) {
        requireTA(this, 'map');
        requireCallable(fn);
        var a = make(this, this.length);
        for (var i = 0; i < this.length; i++) a[i] = fn.call(thisArg, this[i], i, this);
        return a;
      }, 1],
      filter: [function (fn, thisArg) {
        requireTA(this, 'filter');
        requireCallable(fn);
        var kept = [];
        for (var i = 0; i < this.length; i++) if (fn.call(thisArg, this[i], i, this)) kept.push(this[i]);
        var a = make(this, kept.length);
        for (i = 0; i < kept.length; i++) a[i] = kept[i];
        return a;
      }, 1],
      slice: [function (start, end) {
        requireTA(this, 'slice');
        var len = this.length, s = relIndex(start, len, 0), e = relIndex(end, len, len);
        var a = make(this, Math.max(e - s, 0));
        e = Math.min(e, this.length);
        for (var i = s; i < e; i++) a[i - s] = this[i];
        return a;
      }, 2],
      sort: [function (cmp) {
        checkComparator(cmp);
        requireTA(this, 'sort');
        var vals = AP.slice.call(this);
        mergeSort(vals, cmp ? function (x, y) { var r = +cmp(x, y); return r !== r ? 0 : r; } : function (x, y) {
          if (x !== x) return y !== y ? 0 : 1;
          if (y !== y) return -1;
          if (x < y) return -1;
          if (x > y) return 1;
          if (x === 0 && y === 0) return 1 / x < 0 ? (1 / y < 0 ? 0 : -1) : (1 / y < 0 ? 1 : 0);
          return 0;
        });
        for (var i = 0; i < vals.length; i++) this[i] = vals[i];
        return this;
      }, 1],
      toSorted: [function (cmp) { checkComparator(cmp); return TAP.sort.call(taCopy(this, 'toSorted'), cmp); }, 1],
      toReversed: [function () { return TAP.reverse.call(taCopy(this, 'toReversed')); }, 0],
      'with': [function (index, value) {
        requireTA(this, 'with');
        var len = this.length, rel = toInt(index), k = rel >= 0 ? rel : len + rel;
        value = +value;
        if (k >= len || k < 0) throw new RangeError('Invalid typed array index');
        var a = taCopy(this, 'with');
        a[k] = value;
        return a;
      }, 2],
      fill: [function (value, start, end) {
        requireTA(this, 'fill');
        return AP.fill.call(this, +value, start, end);
      }, 1],
      set: [function (src, offset) {
        requireTA(this, 'set');
        var off = toInt(offset);
        if (off < 0) throw new RangeError('offset is out of bounds');
        return nativeSet.call(this, rt.toObject(src), off);
      }, 1],
      toLocaleString: [function () {
        requireTA(this, 'toLocaleString');
        var r = '';
        for (var i = 0, len = this.length; i < len; i++) r += (i ? ',' : '') + rt.toStr(this[i].toLocaleString());
        return r;
      }, 0],
      subarray: [function (begin, end) {
        requireTA(this, 'subarray');
        var len = this.length, s = relIndex(begin, len, 0), e = relIndex(end, len, len);
        var C = taSpecies(this), bpe = taDefault(this).BYTES_PER_ELEMENT;
        return taCreate(C, this.buffer, this.byteOffset + s * bpe, Math.max(e - s, 0), 3);
      }, 2],
      toString: [AP.toString, 0]
    });
    var taFrom = function (items, mapFn, thisArg) {
      if (!isConstructor(this)) throw new TypeError('TypedArray.from: this is not a constructor');
      if (mapFn !== undefined) requireCallable(mapFn);
      // The values first, then each mapped and stored in turn (a throwing store stops the map).
      var vals = Array.from(items), a = taCreate(this, vals.length, 0, 0, 1);
      for (var i = 0; i < vals.length; i++) a[i] = mapFn === undefined ? vals[i] : mapFn.call(thisArg, vals[i], i);
      return a;
    };
    var taOf = function () {
      if (!isConstructor(this)) throw new TypeError('TypedArray.of: this is not a constructor');
      var a = taCreate(this, arguments.length, 0, 0, 1);
      for (var i = 0; i < arguments.length; i++) a[i] = arguments[i];
      return a;
    };
    rt.method(TA, 'from', taFrom, 1);
    rt.method(TA, 'of', taOf, 0);  // each constructor inherits both from %TypedArray%
  }
})(this);
