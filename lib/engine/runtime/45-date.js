// Date as node prints and reads it: toString, toDateString, toTimeString and toUTCString in
// the engines' common format, and Date.parse / new Date(string) accepting the formats those
// print plus the usual hand-written ones ("May 1, 2024", "2024/05/01", "05/01/2024 10:00").
(function (global) {
  'use strict';
  var rt = global.__oda_rt;
  var OrigDate = global.Date, DP = OrigDate.prototype, origParse = OrigDate.parse;
  var DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
  var MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  var getTime = DP.getTime;

  function p2(n) { return n < 10 ? '0' + n : String(n); }
  function year(y) {
    var a = Math.abs(y), t = a < 1000 ? ('000' + a).slice(-4) : String(a);
    return y < 0 ? '-' + t : t;
  }
  function valid(d) {
    if (d === DP) throw new TypeError('this is not a Date object.');  // an ordinary object in ES2015
    var t = getTime.call(d);  // throws the TypeError for non-dates
    return t === t;
  }
  function tzPart(d) {
    var off = -d.getTimezoneOffset(), a = Math.abs(off);
    var s = 'GMT' + (off < 0 ? '-' : '+') + p2(Math.floor(a / 60)) + p2(a % 60);
    // The zone's long name needs ICU data; UTC is the one a worker usually runs in.
    return off === 0 ? s + ' (Coordinated Universal Time)' : s;
  }
  function datePart(d) {
    return DAYS[d.getDay()] + ' ' + MONTHS[d.getMonth()] + ' ' + p2(d.getDate()) + ' ' + year(d.getFullYear());
  }
  function timePart(d) { return p2(d.getHours()) + ':' + p2(d.getMinutes()) + ':' + p2(d.getSeconds()); }

  rt.methods(DP, {
    toString: [function () { return valid(this) ? datePart(this) + ' ' + timePart(this) + ' ' + tzPart(this) : 'Invalid Date'; }, 0],
    toDateString: [function () { return valid(this) ? datePart(this) : 'Invalid Date'; }, 0],
    toTimeString: [function () { return valid(this) ? timePart(this) + ' ' + tzPart(this) : 'Invalid Date'; }, 0],
    toUTCString: [function () {
      if (!valid(this)) return 'Invalid Date';
      return DAYS[this.getUTCDay()] + ', ' + p2(this.getUTCDate()) + ' ' + MONTHS[this.getUTCMonth()] + ' ' +
        year(this.getUTCFullYear()) + ' ' + p2(this.getUTCHours()) + ':' + p2(this.getUTCMinutes()) + ':' + p2(this.getUTCSeconds()) + ' GMT';
    }, 0]
  });
  rt.def(DP, 'toGMTString', DP.toUTCString);

  // The fallback parser: tokens in any order, like the engines' legacy parsers.
  var MONTH_INDEX = { jan: 0, feb: 1, mar: 2, apr: 3, may: 4, jun: 5, jul: 6, aug: 7, sep: 8, oct: 9, nov: 10, dec: 11 };
  function legacyParse(s) {
    var i = 0, n = s.length, nums = [], month = -1, time = null, offset = null, pm = -1, c;
    while (i < n) {
      c = s.charAt(i);
      if (c === '(') { var depth = 1; i++; while (i < n && depth) { c = s.charAt(i++); if (c === '(') depth++; else if (c === ')') depth--; } continue; }
      if (c >= '0' && c <= '9') {
        var j = i;
        while (j < n && s.charAt(j) >= '0' && s.charAt(j) <= '9') j++;
        if (s.charAt(j) === ':') {
          // hh:mm[:ss[.fff]]
          var parts = [+s.slice(i, j)];
          while (s.charAt(j) === ':') {
            var k = j + 1;
            while (k < n && s.charAt(k) >= '0' && s.charAt(k) <= '9') k++;
            if (k === j + 1) return NaN;
            parts.push(+s.slice(j + 1, k));
            j = k;
          }
          var ms = 0;
          if (s.charAt(j) === '.') {
            var m2 = j + 1;
            while (m2 < n && s.charAt(m2) >= '0' && s.charAt(m2) <= '9') m2++;
            ms = Math.floor(+('0.' + s.slice(j + 1, m2)) * 1000);
            j = m2;
          }
          if (time !== null || parts.length > 3) return NaN;
          time = [parts[0], parts[1], parts[2] || 0, ms];
        } else {
          nums.push({ v: +s.slice(i, j), len: j - i, sep: s.charAt(j) });
        }
        i = j;
        continue;
      }
      if ((c === '+' || c === '-') && (offset !== null || time !== null || nums.length >= 3 || month >= 0)) {
        var q = i + 1;
        while (q < n && ((s.charAt(q) >= '0' && s.charAt(q) <= '9') || s.charAt(q) === ':')) q++;
        var digits = s.slice(i + 1, q).split(':').join('');
        if (digits.length === 4 || digits.length === 2) {
          var h = +digits.slice(0, 2), mi = digits.length === 4 ? +digits.slice(2) : 0;
          offset = (c === '-' ? -1 : 1) * (h * 60 + mi);
          i = q;
          continue;
        }
        if (c === '-' && q === i + 1) { i++; continue; }
        return NaN;
      }
      if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')) {
        var w = i;
        while (w < n && ((s.charAt(w) >= 'a' && s.charAt(w) <= 'z') || (s.charAt(w) >= 'A' && s.charAt(w) <= 'Z') || s.charAt(w) === '.')) w++;
        var word = s.slice(i, w).toLowerCase().replace('.', '');
        i = w;
        if (word === 'am' || word === 'pm') { pm = word === 'pm' ? 1 : 0; continue; }
        if (word === 'z' || word === 'gmt' || word === 'utc' || word === 'ut') { if (offset === null) offset = 0; continue; }
        if (word === 't' && time === null) continue;
        var key = word.slice(0, 3);
        if (rt.hasOwn.call(MONTH_INDEX, key) && word.length >= 3) { if (month >= 0) return NaN; month = MONTH_INDEX[key]; continue; }
        if (DAYS.join(' ').toLowerCase().indexOf(key) >= 0 && word.length >= 3) continue;
        return NaN;
      }
      i++;  // separators: spaces, commas, slashes, dashes, dots
    }
    var y, mo, d;
    if (month >= 0) {
      if (nums.length !== 2) return NaN;
      mo = month;
      if (nums[0].len >= 3 || nums[0].v > 31) { y = nums[0].v; d = nums[1].v; } else { d = nums[0].v; y = nums[1].v; }
    } else {
      if (nums.length !== 3) return NaN;
      if (nums[0].len >= 3) { y = nums[0].v; mo = nums[1].v - 1; d = nums[2].v; } else { mo = nums[0].v - 1; d = nums[1].v; y = nums[2].v; }
    }
    if (y < 50 && String(y).length <= 2) y += 2000; else if (y < 100) y += 1900;
    if (mo < 0 || mo > 11 || d < 1 || d > 31) return NaN;
    var hh = time ? time[0] : 0;
    if (pm >= 0) { if (hh > 12) return NaN; hh = (hh % 12) + (pm ? 12 : 0); }
    if (time && (hh > 24 || time[1] > 59 || time[2] > 59)) return NaN;
    if (offset !== null) return OrigDate.UTC(y, mo, d, hh, time ? time[1] : 0, time ? time[2] : 0, time ? time[3] : 0) - offset * 60000;
    return new OrigDate(y, mo, d, hh, time ? time[1] : 0, time ? time[2] : 0, time ? time[3] : 0).getTime();
  }
  // TimeClip: NaN past 8.64e15 ms either way, and no -0.
  function timeClip(t) {
    if (!(Math.abs(t) <= 8.64e15)) return NaN;
    return t > -1 && t < 1 ? 0 : t;
  }
  function parse(string) {
    var s = rt.toStr(string);
    if (/^-0{6}/.test(s)) return NaN;  // year -000000 is not a year
    var t = origParse(s);
    return timeClip(t === t ? t : legacyParse(s));
  }

  // The constructor: Duktape's own, except that strings go through parse() above.
  function make(args, n) {
    switch (n) {
      case 0: return new OrigDate();
      case 1:
        var v = args[0];
        if (v !== null && typeof v === 'object' && !(v instanceof OrigDate)) v = v.valueOf();
        v = typeof v === 'string' ? parse(v) : v instanceof OrigDate ? getTime.call(v) : v;
        return new OrigDate(typeof v === 'number' ? timeClip(v) : v);
      case 2: return new OrigDate(args[0], args[1]);
      case 3: return new OrigDate(args[0], args[1], args[2]);
      case 4: return new OrigDate(args[0], args[1], args[2], args[3]);
      case 5: return new OrigDate(args[0], args[1], args[2], args[3], args[4]);
      case 6: return new OrigDate(args[0], args[1], args[2], args[3], args[4], args[5]);
      default: return new OrigDate(args[0], args[1], args[2], args[3], args[4], args[5], args[6]);
    }
  }
  function Date(a, b, c, d, e, f, g) {
    if (!(this instanceof Date)) return new OrigDate().toString();
    var o = make(arguments, arguments.length);
    var proto = Object.getPrototypeOf(this);
    if (proto !== DP) Object.setPrototypeOf(o, proto);  // a subclass
    return o;
  }
  Date.prototype = DP;
  rt.def(DP, 'constructor', Date);
  Object.defineProperty(Date, 'prototype', { writable: false, enumerable: false, configurable: false });
  rt.method(Date, 'now', OrigDate.now, 0);
  var origUTC = OrigDate.UTC;
  rt.method(Date, 'UTC', function (year) {
    return arguments.length === 1 ? origUTC(year, 0) : origUTC.apply(null, arguments);  // the month defaults to 0
  }, 7);
  // The setters with no argument set NaN (ToNumber(undefined)); Duktape's keep the date.
  ['setMilliseconds', 'setUTCMilliseconds', 'setSeconds', 'setUTCSeconds', 'setMinutes', 'setUTCMinutes', 'setHours',
   'setUTCHours', 'setDate', 'setUTCDate', 'setMonth', 'setUTCMonth', 'setFullYear', 'setUTCFullYear'].forEach(function (k) {
    var set = DP[k];
    if (typeof set !== 'function') return;
    rt.method(DP, k, function () {
      return arguments.length === 0 ? set.call(this, NaN) : set.apply(this, arguments);
    }, set.length);
  });
  var toPrim = DP[Symbol.toPrimitive];
  if (typeof toPrim === 'function') {
    try { Object.defineProperty(toPrim, 'name', { value: '[Symbol.toPrimitive]', configurable: true }); } catch (e) { }
  }
  rt.method(Date, 'parse', parse, 1);
  rt.def(global, 'Date', Date);
})(this);
