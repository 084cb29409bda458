// A small Intl (Duktape has none): NumberFormat, DateTimeFormat, PluralRules,
// RelativeTimeFormat and ListFormat for English (en-US by default), with the number and
// numeric-date conventions of a few other locales, and the toLocaleString methods on them.
// Without ICU data, month and weekday names are English and time zones are UTC or local.
// @lazy: Intl Number.prototype.toLocaleString/0 Date.prototype.toLocaleString/0 Date.prototype.toLocaleDateString/0 Date.prototype.toLocaleTimeString/0 Array.prototype.toLocaleString/0
(function (global) {
  'use strict';
  var rt = global.__oda_rt;
  var toStr = rt.toStr;

  // Per-locale conventions: group and decimal separators, minimum grouping digits, percent
  // and currency patterns ("#" is the number, "¤" the symbol), and numeric date and time.
  var NBSP = '\u00a0', NNBSP = '\u202f';
  var LOCALES = {
    'en-US': { group: ',', decimal: '.', minGroup: 1, percent: '#%', currency: '¤#', date: 'M/D/Y', h12: true, join: ', ' },
    'en-GB': { group: ',', decimal: '.', minGroup: 1, percent: '#%', currency: '¤#', date: 'DD/MM/Y', h12: false, join: ', ' },
    'de-DE': { group: '.', decimal: ',', minGroup: 1, percent: '#' + NBSP + '%', currency: '#' + NBSP + '¤', date: 'D.M.Y', h12: false, join: ', ' },
    'fr-FR': { group: NNBSP, decimal: ',', minGroup: 1, percent: '#' + NNBSP + '%', currency: '#' + NBSP + '¤', date: 'DD/MM/Y', h12: false, join: ' ' },
    'es-ES': { group: '.', decimal: ',', minGroup: 2, percent: '#' + NBSP + '%', currency: '#' + NBSP + '¤', date: 'D/M/Y', h12: false, join: ', ' },
    'sv-SE': { group: NBSP, decimal: ',', minGroup: 1, percent: '#' + NBSP + '%', currency: '#' + NBSP + '¤', date: 'Y-MM-DD', h12: false, join: ' ' },
    'ja-JP': { group: ',', decimal: '.', minGroup: 1, percent: '#%', currency: '¤#', date: 'Y/M/D', h12: false, join: ' ' }
  };
  var ALIASES = { en: 'en-US', de: 'de-DE', fr: 'fr-FR', es: 'es-ES', sv: 'sv-SE', ja: 'ja-JP' };
  function resolveLocale(locales) {
    var list = locales === undefined ? [] : typeof locales === 'string' ? [locales] : Array.from(locales);
    for (var i = 0; i < list.length; i++) {
      var tag = toStr(list[i]);
      if (rt.hasOwn.call(LOCALES, tag)) return tag;
      var lang = tag.split('-')[0].toLowerCase();
      if (rt.hasOwn.call(ALIASES, lang)) return lang === 'en' && tag !== 'en' ? (tag.indexOf('-GB') > 0 || tag.indexOf('-AU') > 0 || tag.indexOf('-NZ') > 0 || tag.indexOf('-IE') > 0 ? 'en-GB' : 'en-US') : ALIASES[lang];
    }
    return 'en-US';
  }
  // Reads option `name` of the constructor `owner` ("Intl.NumberFormat"), whose message names
  // it as node's does.
  function option(opts, name, allowed, dflt, owner) {
    var v = opts[name];
    if (v === undefined) return dflt;
    v = typeof allowed === 'boolean' ? !!v : toStr(v);
    if (allowed && typeof allowed !== 'boolean' && allowed.indexOf(v) < 0) throw new RangeError('Value ' + v + ' out of range for ' + owner + ' options property ' + name);
    return v;
  }
  // A receiver as node's incompatible-receiver messages show it.
  function numOption(opts, name, min, max, dflt) {
    var v = opts[name];
    if (v === undefined) return dflt;
    v = +v;
    if (!(v >= min && v <= max)) throw new RangeError(name + ' value is out of range.');
    return Math.floor(v);
  }

  // ---- numbers
  var CURRENCY_SYMBOLS = { USD: '$', EUR: '€', GBP: '£', JPY: '¥', INR: '₹', CNY: 'CN¥', CAD: 'CA$', AUD: 'A$',
    KRW: '₩', BRL: 'R$', MXN: 'MX$', ILS: '₪', VND: '₫', NZD: 'NZ$', HKD: 'HK$', TWD: 'NT$', PHP: '₱' };
  var ZERO_DIGIT_CURRENCIES = { JPY: 1, KRW: 1, VND: 1, CLP: 1, ISK: 1, HUF: 0 };
  var UNITS = { byte: ['byte', 'byte', 'bytes'], kilobyte: ['kB', 'kilobyte', 'kilobytes'], megabyte: ['MB', 'megabyte', 'megabytes'],
    gigabyte: ['GB', 'gigabyte', 'gigabytes'], terabyte: ['TB', 'terabyte', 'terabytes'], millisecond: ['ms', 'millisecond', 'milliseconds'],
    second: ['sec', 'second', 'seconds'], minute: ['min', 'minute', 'minutes'], hour: ['hr', 'hour', 'hours'], day: ['day', 'day', 'days', 'days'],
    week: ['wk', 'week', 'weeks', 'wks'], month: ['mth', 'month', 'months', 'mths'], year: ['yr', 'year', 'years', 'yrs'], percent: ['%', 'percent', 'percent'],
    meter: ['m', 'meter', 'meters'], kilometer: ['km', 'kilometer', 'kilometers'], kilogram: ['kg', 'kilogram', 'kilograms'],
    gram: ['g', 'gram', 'grams'], celsius: ['°C', 'degree Celsius', 'degrees Celsius'], mile: ['mi', 'mile', 'miles'] };

  // The shortest decimal digits of |x|: {d: "123", p: position of the point within d}.
  function decimal(x) {
    var s = String(Math.abs(x)), e = s.indexOf('e'), exp = 0;
    if (e >= 0) { exp = +s.slice(e + 1); s = s.slice(0, e); }
    var dot = s.indexOf('.'), d = dot < 0 ? s : s.slice(0, dot) + s.slice(dot + 1), p = (dot < 0 ? s.length : dot) + exp;
    var lead = 0;
    while (lead < d.length - 1 && d.charAt(lead) === '0') { lead++; p--; }
    return { d: d.slice(lead), p: p };
  }
  // Rounds digits to keep digits (half away from zero).
  function roundDigits(v, keep) {
    var d = v.d;
    if (keep >= d.length) return v;
    if (keep < 0) return { d: '0', p: 1 };
    var up = d.charAt(keep) >= '5', head = d.slice(0, keep).split(''), p = v.p;
    if (up) {
      var i = head.length - 1;
      while (i >= 0 && head[i] === '9') { head[i] = '0'; i--; }
      if (i < 0) { head.unshift('1'); p++; } else head[i] = String(+head[i] + 1);
    }
    var out = head.join('');
    return out === '' ? { d: '0', p: 1 } : { d: out, p: p };
  }
  // Integer and fraction digit strings of the rounded value.
  function digitsOf(x, o) {
    var v = decimal(x);
    if (o.maxSig !== undefined) v = roundDigits(v, o.maxSig);
    else v = roundDigits(v, v.p + o.maxFrac);
    var d = v.d, p = v.p, int, frac;
    if (p <= 0) { int = '0'; frac = new Array(1 - p).join('0') + d; }
    else if (p >= d.length) { int = d + new Array(p - d.length + 1).join('0'); frac = ''; }
    else { int = d.slice(0, p); frac = d.slice(p); }
    while (frac.length && frac.charAt(frac.length - 1) === '0') frac = frac.slice(0, -1);
    var minFrac = o.maxSig !== undefined ? 0 : o.minFrac;
    if (o.minSig !== undefined) {
      var sig = (int === '0' ? '' : int).length + frac.length;
      while (sig < o.minSig) { frac += '0'; sig++; }
    }
    while (frac.length < minFrac) frac += '0';
    int = int.replace(/* leading zeros */ new RegExp('^0+(?=\\d)'), '');
    while (int.length < o.minInt) int = '0' + int;
    return { int: int, frac: frac };
  }
  function group(int, loc, useGrouping) {
    if (!useGrouping || int.length <= 3 || (loc.minGroup === 2 && int.length <= 4)) return int;
    var out = [], first = int.length % 3 || 3;
    out.push(int.slice(0, first));
    for (var i = first; i < int.length; i += 3) out.push(int.slice(i, i + 3));
    return out.join(loc.group);
  }
  var COMPACT = [[1e12, 'T'], [1e9, 'B'], [1e6, 'M'], [1e3, 'K']];
  function formatNumber(nf, x) {
    var o = nf.o, loc = LOCALES[o.locale];
    x = +x;
    var neg = x < 0 || (x === 0 && 1 / x < 0), suffix = '', body;
    if (x !== x) body = 'NaN';
    else if (x === Infinity || x === -Infinity) body = '∞';
    else {
      if (o.style === 'percent') x *= 100;
      var opts = o;
      if (o.notation === 'compact') {
        var a = Math.abs(x);
        for (var i = 0; i < COMPACT.length; i++) {
          if (a >= COMPACT[i][0]) { x /= COMPACT[i][0]; suffix = COMPACT[i][1]; break; }
        }
        // A rounding up to 1000 moves to the next unit (999999 is "1M").
        if (!o.explicitDigits) {
          opts = Math.abs(x) >= 100 ? { maxFrac: 0, minFrac: 0, minInt: 1 } : { maxSig: 2, minInt: 1 };
          var r = digitsOf(x, opts);
          if (r.int.length > 3 && suffix !== 'T') {
            for (var j = 0; j < COMPACT.length; j++) if (COMPACT[j][1] === suffix) { x /= 1000; suffix = COMPACT[j - 1][1]; opts = { maxSig: 2, minInt: 1 }; }
          }
        }
      } else if (o.notation === 'scientific' || o.notation === 'engineering') {
        var e = x === 0 ? 0 : Math.floor(Math.log(Math.abs(x)) / Math.LN10);
        if (o.notation === 'engineering') e -= ((e % 3) + 3) % 3;
        x /= Math.pow(10, e);
        suffix = 'E' + e;
      }
      var dg = digitsOf(Math.abs(x), opts);
      if (+(dg.int + dg.frac) === 0 && o.signDisplay !== 'negative') neg = neg && false;
      if (+(dg.int + dg.frac) === 0) neg = false;
      body = group(dg.int, loc, o.useGrouping) + (dg.frac ? loc.decimal + dg.frac : '') + suffix;
    }
    if (o.style === 'percent') body = loc.percent.replace('#', body);
    else if (o.style === 'currency') {
      var sym = o.currencyDisplay === 'code' ? o.currency + NBSP : o.currencyDisplay === 'name' ? null : currencySymbol(o.currency, o.locale);
      if (sym === null) body = body + ' ' + (o.currency === 'USD' ? 'US dollars' : o.currency === 'EUR' ? 'euros' : o.currency);
      else body = loc.currency.replace('¤', sym).replace('#', body);
    } else if (o.style === 'unit') {
      var u = UNITS[o.unit] || [o.unit, o.unit, o.unit];
      var one = body === '1';
      if (o.unitDisplay === 'long') body = body + ' ' + (one ? u[1] : u[2]);
      else if (o.unitDisplay === 'narrow') body = body + (o.unit === 'percent' ? '%' : u[0].length <= 2 ? u[0] : ' ' + u[0]);
      else body = o.unit === 'percent' ? body + '%' : body + ' ' + (u[3] && !one ? u[3] : u[0]);
    }
    var sign = '';
    if (o.signDisplay === 'never') sign = '';
    else if (neg && x === x) sign = '-';
    else if (o.signDisplay === 'always' || (o.signDisplay === 'exceptZero' && body.search(new RegExp('[1-9]')) >= 0)) sign = '+';
    if (sign && o.style === 'currency' && loc.currency.charAt(0) === '¤') return sign + body;
    return sign + body;
  }
  function currencySymbol(code, locale) {
    if (locale === 'ja-JP' && code === 'JPY') return '￥';
    if (locale !== 'en-US' && locale !== 'en-GB' && code === 'USD') return '$';
    if (rt.hasOwn.call(CURRENCY_SYMBOLS, code)) return CURRENCY_SYMBOLS[code];
    return code + NBSP;
  }

  var NF = rt.hiddenKey('numberFormat');
  function NumberFormat(locales, options) {
    var self = this instanceof NumberFormat ? this : Object.create(NumberFormat.prototype);
    var opts = options === undefined ? {} : rt.toObject(options);
    var o = { locale: resolveLocale(locales) };
    o.style = option(opts, 'style', ['decimal', 'percent', 'currency', 'unit'], 'decimal', 'Intl.NumberFormat');
    o.currency = opts.currency === undefined ? undefined : toStr(opts.currency).toUpperCase();
    if (o.style === 'currency' && o.currency === undefined) throw new TypeError('Currency code is required with currency style.');
    o.currencyDisplay = option(opts, 'currencyDisplay', ['symbol', 'narrowSymbol', 'code', 'name'], 'symbol', 'Intl.NumberFormat');
    o.unit = opts.unit === undefined ? undefined : toStr(opts.unit);
    if (o.style === 'unit' && o.unit === undefined) throw new TypeError('Unit is required with unit style.');
    o.unitDisplay = option(opts, 'unitDisplay', ['short', 'narrow', 'long'], 'short', 'Intl.NumberFormat');
    o.notation = option(opts, 'notation', ['standard', 'scientific', 'engineering', 'compact'], 'standard', 'Intl.NumberFormat');
    o.signDisplay = option(opts, 'signDisplay', ['auto', 'never', 'always', 'exceptZero', 'negative'], 'auto', 'Intl.NumberFormat');
    var g = opts.useGrouping;
    o.useGrouping = g === undefined ? o.notation !== 'compact' || true : g === 'always' || g === 'auto' || g === 'min2' ? true : !!g;
    o.minInt = numOption(opts, 'minimumIntegerDigits', 1, 21, 1);
    var curDigits = o.style === 'currency' ? (rt.hasOwn.call(ZERO_DIGIT_CURRENCIES, o.currency) ? 0 : 2) : 0;
    var dfltMax = o.style === 'currency' ? curDigits : o.style === 'percent' ? 0 : 3;
    o.explicitDigits = opts.minimumFractionDigits !== undefined || opts.maximumFractionDigits !== undefined ||
      opts.minimumSignificantDigits !== undefined || opts.maximumSignificantDigits !== undefined;
    if (opts.minimumSignificantDigits !== undefined || opts.maximumSignificantDigits !== undefined) {
      o.minSig = numOption(opts, 'minimumSignificantDigits', 1, 21, 1);
      o.maxSig = numOption(opts, 'maximumSignificantDigits', o.minSig, 21, 21);
    }
    o.minFrac = numOption(opts, 'minimumFractionDigits', 0, 100, undefined);
    o.maxFrac = numOption(opts, 'maximumFractionDigits', 0, 100, undefined);
    if (o.minFrac === undefined) o.minFrac = Math.min(curDigits, o.maxFrac === undefined ? curDigits : o.maxFrac);
    if (o.maxFrac === undefined) o.maxFrac = Math.max(o.minFrac, dfltMax);
    else if (o.maxFrac < o.minFrac) throw new RangeError('maximumFractionDigits value is out of range.');
    Object.defineProperty(self, NF, { value: o });
    return self;
  }
  function nfOf(x) {
    var o = rt.isObject(x) ? x[NF] : undefined;
    if (o === undefined) throw new TypeError('Method Intl.NumberFormat.prototype.format called on incompatible receiver');
    return x;
  }
  rt.getter(NumberFormat.prototype, 'format', function () {
    var nf = nfOf(this);
    return function (x) { return formatNumber({ o: nf[NF] }, x); };
  });
  rt.methods(NumberFormat.prototype, {
    formatToParts: [function (x) { return [{ type: 'literal', value: formatNumber({ o: nfOf(this)[NF] }, x) }]; }, 1],
    resolvedOptions: [function () {
      var o = nfOf(this)[NF], r = { locale: o.locale, numberingSystem: 'latn', style: o.style };
      if (o.style === 'currency') { r.currency = o.currency; r.currencyDisplay = o.currencyDisplay; r.currencySign = 'standard'; }
      if (o.style === 'unit') { r.unit = o.unit; r.unitDisplay = o.unitDisplay; }
      r.minimumIntegerDigits = o.minInt;
      if (o.maxSig !== undefined) { r.minimumSignificantDigits = o.minSig; r.maximumSignificantDigits = o.maxSig; }
      else { r.minimumFractionDigits = o.minFrac; r.maximumFractionDigits = o.maxFrac; }
      r.useGrouping = o.useGrouping ? 'auto' : false;
      r.notation = o.notation;
      if (o.notation === 'compact') r.compactDisplay = 'short';
      r.signDisplay = o.signDisplay;
      r.roundingMode = 'halfExpand';
      r.roundingIncrement = 1;
      r.trailingZeroDisplay = 'auto';
      r.roundingPriority = 'auto';
      return r;
    }, 0]
  });

  // ---- dates
  var MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
  var DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
  var DTF = rt.hiddenKey('dateTimeFormat');
  var COMPONENTS = ['weekday', 'era', 'year', 'month', 'day', 'hour', 'minute', 'second'];
  var STYLES = { full: 1, long: 1, medium: 1, short: 1 };
  function localZone() {
    var off = new Date(0).getTimezoneOffset();
    return off === 0 ? 'UTC' : 'Etc/GMT' + (off > 0 ? '+' : '-') + Math.abs(off / 60);
  }
  function DateTimeFormat(locales, options, defaults) {
    var self = this instanceof DateTimeFormat ? this : Object.create(DateTimeFormat.prototype);
    var opts = options === undefined ? {} : rt.toObject(options);
    var o = { locale: resolveLocale(locales) }, any = false;
    o.weekday = option(opts, 'weekday', ['narrow', 'short', 'long'], undefined, 'Intl.DateTimeFormat');
    o.era = option(opts, 'era', ['narrow', 'short', 'long'], undefined, 'Intl.DateTimeFormat');
    o.year = option(opts, 'year', ['2-digit', 'numeric'], undefined, 'Intl.DateTimeFormat');
    o.month = option(opts, 'month', ['2-digit', 'numeric', 'narrow', 'short', 'long'], undefined, 'Intl.DateTimeFormat');
    o.day = option(opts, 'day', ['2-digit', 'numeric'], undefined, 'Intl.DateTimeFormat');
    o.hour = option(opts, 'hour', ['2-digit', 'numeric'], undefined, 'Intl.DateTimeFormat');
    o.minute = option(opts, 'minute', ['2-digit', 'numeric'], undefined, 'Intl.DateTimeFormat');
    o.second = option(opts, 'second', ['2-digit', 'numeric'], undefined, 'Intl.DateTimeFormat');
    o.fractionalSecondDigits = opts.fractionalSecondDigits === undefined ? undefined : numOption(opts, 'fractionalSecondDigits', 1, 3, undefined);
    o.timeZoneName = option(opts, 'timeZoneName', ['short', 'long', 'shortOffset', 'longOffset', 'shortGeneric', 'longGeneric'], undefined, 'Intl.DateTimeFormat');
    o.dateStyle = option(opts, 'dateStyle', ['full', 'long', 'medium', 'short'], undefined, 'Intl.DateTimeFormat');
    o.timeStyle = option(opts, 'timeStyle', ['full', 'long', 'medium', 'short'], undefined, 'Intl.DateTimeFormat');
    var hc = option(opts, 'hourCycle', ['h11', 'h12', 'h23', 'h24'], undefined, 'Intl.DateTimeFormat');
    var h12 = opts.hour12 === undefined ? (hc === undefined ? LOCALES[o.locale].h12 : hc === 'h11' || hc === 'h12') : !!opts.hour12;
    o.h12 = h12;
    var tz = opts.timeZone === undefined ? undefined : toStr(opts.timeZone);
    // Only UTC and the local zone can be computed without zone data; others read as UTC.
    o.utc = tz !== undefined && tz.toUpperCase() !== localZone().toUpperCase() || localZone() === 'UTC';
    o.timeZone = tz === undefined ? localZone() : (tz.toUpperCase() === 'UTC' || tz.toUpperCase() === 'ETC/UTC' || tz.toUpperCase() === 'GMT') ? 'UTC' : tz;
    for (var i = 0; i < COMPONENTS.length; i++) if (o[COMPONENTS[i]] !== undefined) any = true;
    if (o.dateStyle || o.timeStyle) {
      if (any) throw new TypeError('Can\'t set option ' + (o.dateStyle ? 'dateStyle' : 'timeStyle') + ' when other date or time options are set');
    } else if (!any && o.fractionalSecondDigits === undefined) {
      var d = defaults || 'date';
      if (d === 'date' || d === 'all') { o.year = 'numeric'; o.month = 'numeric'; o.day = 'numeric'; }
      if (d === 'time' || d === 'all') { o.hour = 'numeric'; o.minute = 'numeric'; o.second = 'numeric'; }
    }
    Object.defineProperty(self, DTF, { value: o });
    return self;
  }
  function pad2(n) { return n < 10 ? '0' + n : String(n); }
  function fields(o, date) {
    var t = +date;
    if (t !== t) throw new RangeError('Invalid time value');
    var d = new Date(t), u = o.utc;
    return { y: u ? d.getUTCFullYear() : d.getFullYear(), m: u ? d.getUTCMonth() : d.getMonth(), d: u ? d.getUTCDate() : d.getDate(),
      wd: u ? d.getUTCDay() : d.getDay(), h: u ? d.getUTCHours() : d.getHours(), mi: u ? d.getUTCMinutes() : d.getMinutes(),
      s: u ? d.getUTCSeconds() : d.getSeconds(), ms: u ? d.getUTCMilliseconds() : d.getMilliseconds() };
  }
  function nameOf(list, i, width) { return width === 'long' ? list[i] : width === 'short' ? list[i].slice(0, 3) : list[i].charAt(0); }
  function datePortion(o, f) {
    var loc = LOCALES[o.locale], en = o.locale === 'en-US' || o.locale === 'en-GB';
    var y = o.year === '2-digit' ? pad2(f.y % 100) : o.year ? String(f.y) : '';
    var wd = o.weekday ? nameOf(DAYS, f.wd, o.weekday) : '';
    var textMonth = o.month === 'long' || o.month === 'short' || o.month === 'narrow';
    var out;
    if (textMonth) {
      var mon = nameOf(MONTHS, f.m, o.month), day = o.day ? (o.day === '2-digit' ? pad2(f.d) : String(f.d)) : '';
      if (o.locale === 'en-US' || !en) {
        out = mon + (day ? ' ' + day : '') + (y ? (day ? ', ' : ' ') + y : '');
        return wd ? wd + ', ' + out : out;
      }
      out = (day ? day + ' ' : '') + mon + (y ? ' ' + y : '');
      return wd ? wd + (day ? ' ' : ', ') + out : out;
    }
    if (!o.month && !o.day && !o.year) return wd;
    var pattern = loc.date, parts = [];
    var m = o.month ? (o.month === '2-digit' || pattern.indexOf('MM') >= 0 ? pad2(f.m + 1) : String(f.m + 1)) : '';
    var dd = o.day ? (o.day === '2-digit' || pattern.indexOf('DD') >= 0 ? pad2(f.d) : String(f.d)) : '';
    var sep = pattern.indexOf('/') >= 0 ? '/' : pattern.indexOf('.') >= 0 ? '.' : '-';
    var order = pattern.replace('MM', 'M').replace('DD', 'D').split(sep);
    for (var i = 0; i < order.length; i++) {
      var v = order[i] === 'Y' ? y : order[i] === 'M' ? m : dd;
      if (v) parts.push(v);
    }
    out = parts.join(sep);
    return wd ? wd + ', ' + out : out;
  }
  function timePortion(o, f) {
    if (!o.hour && !o.minute && !o.second) return '';
    var h = f.h, ampm = '';
    if (o.h12 && o.hour) { ampm = h < 12 ? 'AM' : 'PM'; h = h % 12 || 12; }
    var parts = [];
    if (o.hour) parts.push(o.hour === '2-digit' || (!o.h12 && (o.minute || o.second)) ? pad2(h) : String(h));
    if (o.minute) parts.push(o.hour || o.minute === '2-digit' ? pad2(f.mi) : String(f.mi));
    if (o.second) parts.push(o.minute || o.second === '2-digit' ? pad2(f.s) : String(f.s));
    var out = parts.join(':');
    if (o.fractionalSecondDigits) out += '.' + ('00' + f.ms).slice(-3).slice(0, o.fractionalSecondDigits);
    if (ampm) out += ' ' + ampm;
    if (o.timeZoneName) out += ' ' + (o.timeZone === 'UTC' ? (o.timeZoneName === 'long' ? 'Coordinated Universal Time' : 'UTC') : o.timeZone);
    return out;
  }
  // dateStyle and timeStyle as node (CLDR) has them for each locale: the patterns (d day,
  // dd two digits, M/MM month, MMM/MMMM its short/long name, y/yy year, EEEE weekday, H/HH
  // hour of 23, h with a, mm, ss, z/zzzz the zone's short/long name, '...' literal text),
  // the names, and the text joining a date style to a time style.
  var STYLE_INDEX = { full: 0, long: 1, medium: 2, short: 3 };
  var EN_MONTHS_SHORT = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  var H24 = ['HH:mm:ss zzzz', 'HH:mm:ss z', 'HH:mm:ss', 'HH:mm'];
  var STYLES = {
    'en-US': { date: ['EEEE, MMMM d, y', 'MMMM d, y', 'MMM d, y', 'M/d/yy'], time: ['h:mm:ss a zzzz', 'h:mm:ss a z', 'h:mm:ss a', 'h:mm a'],
      join: [' at ', ' at ', ', ', ', '], utc: 'Coordinated Universal Time', months: MONTHS, monthsShort: EN_MONTHS_SHORT, days: DAYS },
    'en-GB': { date: ['EEEE, d MMMM y', 'd MMMM y', 'd MMM y', 'dd/MM/y'], time: H24,
      join: [' at ', ' at ', ', ', ', '], utc: 'Coordinated Universal Time', months: MONTHS,
      monthsShort: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'], days: DAYS },
    'de-DE': { date: ['EEEE, d. MMMM y', 'd. MMMM y', 'dd.MM.y', 'dd.MM.yy'], time: H24,
      join: [' um ', ' um ', ', ', ', '], utc: 'Koordinierte Weltzeit',
      months: ['Januar', 'Februar', 'März', 'April', 'Mai', 'Juni', 'Juli', 'August', 'September', 'Oktober', 'November', 'Dezember'],
      days: ['Sonntag', 'Montag', 'Dienstag', 'Mittwoch', 'Donnerstag', 'Freitag', 'Samstag'] },
    'fr-FR': { date: ['EEEE d MMMM y', 'd MMMM y', 'd MMM y', 'dd/MM/y'], time: H24,
      join: [' à ', ' à ', ', ', ' '], utc: 'temps universel coordonné',
      months: ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre'],
      monthsShort: ['janv.', 'févr.', 'mars', 'avr.', 'mai', 'juin', 'juil.', 'août', 'sept.', 'oct.', 'nov.', 'déc.'],
      days: ['dimanche', 'lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi'] },
    'es-ES': { date: ["EEEE, d 'de' MMMM 'de' y", "d 'de' MMMM 'de' y", 'd MMM y', 'd/M/yy'], time: ['H:mm:ss (zzzz)', 'H:mm:ss z', 'H:mm:ss', 'H:mm'],
      join: [', ', ' a las ', ', ', ', '], utc: 'tiempo universal coordinado',
      months: ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'],
      monthsShort: ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sept', 'oct', 'nov', 'dic'],
      days: ['domingo', 'lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado'] },
    'sv-SE': { date: ['EEEE d MMMM y', 'd MMMM y', 'd MMM y', 'y-MM-dd'], time: H24,
      join: [' kl. ', ' kl. ', ' ', ' '], utc: 'koordinerad universell tid',
      months: ['januari', 'februari', 'mars', 'april', 'maj', 'juni', 'juli', 'augusti', 'september', 'oktober', 'november', 'december'],
      monthsShort: ['jan.', 'feb.', 'mars', 'apr.', 'maj', 'juni', 'juli', 'aug.', 'sep.', 'okt.', 'nov.', 'dec.'],
      days: ['söndag', 'måndag', 'tisdag', 'onsdag', 'torsdag', 'fredag', 'lördag'] },
    'ja-JP': { date: ["y'年'M'月'd'日'EEEE", "y'年'M'月'd'日'", 'y/MM/dd', 'y/MM/dd'], time: ["H'時'mm'分'ss'秒' zzzz", 'H:mm:ss z', 'H:mm:ss', 'H:mm'],
      join: [' ', ' ', ' ', ' '], utc: '協定世界時', months: [], days: ['日曜日', '月曜日', '火曜日', '水曜日', '木曜日', '金曜日', '土曜日'] }
  };
  function stylePattern(p, st, o, f) {
    var out = '', i = 0;
    while (i < p.length) {
      var c = p.charAt(i), n = 1;
      if (c === "'") {
        var end = p.indexOf("'", i + 1);
        out += p.slice(i + 1, end);
        i = end + 1;
        continue;
      }
      while (p.charAt(i + n) === c) n++;
      i += n;
      if (c === 'y') out += n === 2 ? pad2(f.y % 100) : String(f.y);
      else if (c === 'M') out += n === 4 ? st.months[f.m] : n === 3 ? (st.monthsShort || st.months)[f.m] : n === 2 ? pad2(f.m + 1) : String(f.m + 1);
      else if (c === 'd') out += n === 2 ? pad2(f.d) : String(f.d);
      else if (c === 'E') out += st.days[f.wd];
      else if (c === 'H') out += n === 2 ? pad2(f.h) : String(f.h);
      else if (c === 'h') out += String(f.h % 12 || 12);
      else if (c === 'm') out += pad2(f.mi);
      else if (c === 's') out += pad2(f.s);
      else if (c === 'a') out += f.h < 12 ? 'AM' : 'PM';
      else if (c === 'z') out += o.timeZone === 'UTC' ? (n === 4 ? st.utc : 'UTC') : o.timeZone;
      else out += p.slice(i - n, i);
    }
    return out;
  }
  function formatDate(o, date) {
    var f = fields(o, date === undefined ? Date.now() : date);
    if (o.dateStyle || o.timeStyle) {
      var st = STYLES[o.locale], di = STYLE_INDEX[o.dateStyle], ti = STYLE_INDEX[o.timeStyle];
      var ds = o.dateStyle ? stylePattern(st.date[di], st, o, f) : '';
      // hour12: false on a 12-hour locale: the 24-hour clock, two digits, no AM/PM.
      var tp = o.timeStyle ? st.time[ti] : '';
      if (!o.h12 && tp.indexOf('h') >= 0) tp = tp.replace('h', 'HH').replace(' a', '');
      var ts = o.timeStyle ? stylePattern(tp, st, o, f) : '';
      return ds && ts ? ds + st.join[di] + ts : ds || ts;
    }
    var dp = datePortion(o, f), tp = timePortion(o, f);
    return dp && tp ? dp + LOCALES[o.locale].join + tp : dp || tp;
  }
  function dtfOf(x) {
    var o = rt.isObject(x) ? x[DTF] : undefined;
    if (o === undefined) throw new TypeError('Method Intl.DateTimeFormat.prototype.format called on incompatible receiver');
    return o;
  }
  rt.getter(DateTimeFormat.prototype, 'format', function () {
    var o = dtfOf(this);
    return function (date) { return formatDate(o, date); };
  });
  rt.methods(DateTimeFormat.prototype, {
    formatToParts: [function (date) { return [{ type: 'literal', value: formatDate(dtfOf(this), date) }]; }, 1],
    formatRange: [function (a, b) { var o = dtfOf(this); return formatDate(o, a) + ' – ' + formatDate(o, b); }, 2],
    resolvedOptions: [function () {
      var o = dtfOf(this), r = { locale: o.locale, calendar: 'gregory', numberingSystem: 'latn', timeZone: o.timeZone };
      if (o.hour || o.timeStyle) { r.hourCycle = o.h12 ? 'h12' : 'h23'; r.hour12 = o.h12; }
      for (var i = 0; i < COMPONENTS.length; i++) if (o[COMPONENTS[i]] !== undefined) r[COMPONENTS[i]] = o[COMPONENTS[i]];
      if (o.timeZoneName) r.timeZoneName = o.timeZoneName;
      if (o.dateStyle) r.dateStyle = o.dateStyle;
      if (o.timeStyle) r.timeStyle = o.timeStyle;
      return r;
    }, 0]
  });

  // ---- plural rules, relative time, lists (English)
  var PR = rt.hiddenKey('pluralRules');
  function PluralRules(locales, options) {
    if (!(this instanceof PluralRules)) throw new TypeError('Constructor Intl.PluralRules requires \'new\'');
    var opts = options === undefined ? {} : rt.toObject(options);
    Object.defineProperty(this, PR, { value: { locale: resolveLocale(locales), type: option(opts, 'type', ['cardinal', 'ordinal'], 'cardinal', 'Intl.PluralRules') } });
  }
  rt.methods(PluralRules.prototype, {
    select: [function (n) {
      var o = this[PR];
      if (!o) throw new TypeError('incompatible receiver');
      n = Math.abs(+n);
      if (o.type === 'ordinal') {
        var t = n % 10, h = n % 100;
        if (n !== Math.floor(n)) return 'other';
        return t === 1 && h !== 11 ? 'one' : t === 2 && h !== 12 ? 'two' : t === 3 && h !== 13 ? 'few' : 'other';
      }
      return n === 1 ? 'one' : 'other';
    }, 1],
    resolvedOptions: [function () { var o = this[PR]; return { locale: o.locale, type: o.type, pluralCategories: o.type === 'ordinal' ? ['few', 'one', 'two', 'other'] : ['one', 'other'] }; }, 0]
  });
  var RTF = rt.hiddenKey('relativeTimeFormat');
  var RT_UNITS = ['year', 'quarter', 'month', 'week', 'day', 'hour', 'minute', 'second'];
  function RelativeTimeFormat(locales, options) {
    if (!(this instanceof RelativeTimeFormat)) throw new TypeError('Constructor Intl.RelativeTimeFormat requires \'new\'');
    var opts = options === undefined ? {} : rt.toObject(options);
    Object.defineProperty(this, RTF, { value: { locale: resolveLocale(locales), numeric: option(opts, 'numeric', ['always', 'auto'], 'always', 'Intl.RelativeTimeFormat'),
      style: option(opts, 'style', ['long', 'short', 'narrow'], 'long', 'Intl.RelativeTimeFormat') } });
  }
  rt.methods(RelativeTimeFormat.prototype, {
    format: [function (value, unit) {
      var o = this[RTF];
      if (!o) throw new TypeError('incompatible receiver');
      var u = toStr(unit).replace(new RegExp('s$'), '');
      if (RT_UNITS.indexOf(u) < 0) throw new RangeError('Invalid unit argument for format() \'' + unit + '\'');
      var v = +value;
      if (o.numeric === 'auto') {
        if (u === 'day' && (v === -1 || v === 0 || v === 1)) return v === -1 ? 'yesterday' : v === 0 ? 'today' : 'tomorrow';
        if (v === 0 && u !== 'second') return 'this ' + u;
        if (v === 0) return 'now';
        if (v === 1 || v === -1) { if (u !== 'second' && u !== 'minute' && u !== 'hour') return (v === 1 ? 'next ' : 'last ') + u; }
      }
      var n = new NumberFormat('en-US').format(Math.abs(v));
      var name = Math.abs(v) === 1 ? u : u + 's';
      if (o.style !== 'long') name = { year: 'yr.', quarter: 'qtr.', month: 'mo.', week: 'wk.', day: Math.abs(v) === 1 ? 'day' : 'days', hour: 'hr.', minute: 'min.', second: 'sec.' }[u];
      return v < 0 || (v === 0 && 1 / v < 0) ? n + ' ' + name + ' ago' : 'in ' + n + ' ' + name;
    }, 2],
    resolvedOptions: [function () { var o = this[RTF]; return { locale: o.locale, style: o.style, numeric: o.numeric, numberingSystem: 'latn' }; }, 0]
  });
  var LF = rt.hiddenKey('listFormat');
  function ListFormat(locales, options) {
    if (!(this instanceof ListFormat)) throw new TypeError('Constructor Intl.ListFormat requires \'new\'');
    var opts = options === undefined ? {} : rt.toObject(options);
    Object.defineProperty(this, LF, { value: { locale: resolveLocale(locales), type: option(opts, 'type', ['conjunction', 'disjunction', 'unit'], 'conjunction', 'Intl.ListFormat'),
      style: option(opts, 'style', ['long', 'short', 'narrow'], 'long', 'Intl.ListFormat') } });
  }
  rt.methods(ListFormat.prototype, {
    format: [function (list) {
      var o = this[LF];
      if (!o) throw new TypeError('incompatible receiver');
      var a = Array.from(list === undefined ? [] : list, function (x) { if (typeof x !== 'string') throw new TypeError('Iterable yielded ' + x + ' which is not a string'); return x; });
      var word = o.type === 'disjunction' ? 'or' : o.type === 'unit' ? '' : o.style === 'long' ? 'and' : '&';
      if (o.type === 'unit') return a.join(o.style === 'narrow' ? ' ' : ', ');
      if (a.length <= 1) return a.join('');
      if (a.length === 2) return a[0] + ' ' + word + ' ' + a[1];
      return a.slice(0, -1).join(', ') + ', ' + word + ' ' + a[a.length - 1];
    }, 1]
  });

  // ---- Collator and localeCompare: see 47-collation.js (rt.collate).
  var COL = rt.hiddenKey('collator');
  function Collator(locales, options) {
    var self = this instanceof Collator ? this : Object.create(Collator.prototype);
    var opts = options === undefined ? {} : rt.toObject(options);
    var usage = option(opts, 'usage', ['sort', 'search'], 'sort', 'Intl.Collator');
    var sensitivity = option(opts, 'sensitivity', ['base', 'accent', 'case', 'variant'], 'variant', 'Intl.Collator');
    Object.defineProperty(self, COL, { value: { locale: resolveLocale(locales), usage: usage, sensitivity: sensitivity,
      numeric: option(opts, 'numeric', true, false, 'Intl.Collator'), ignorePunctuation: option(opts, 'ignorePunctuation', true, false, 'Intl.Collator'),
      caseFirst: option(opts, 'caseFirst', ['upper', 'lower', 'false'], 'false', 'Intl.Collator') } });
    return self;
  }
  function colOf(x) {
    var o = rt.isObject(x) ? x[COL] : undefined;
    if (o === undefined) throw new TypeError('Method Intl.Collator.prototype.compare called on incompatible receiver');
    return o;
  }
  rt.getter(Collator.prototype, 'compare', function () {
    var o = colOf(this);
    return function (a, b) { return rt.collate(toStr(a), toStr(b), o); };
  });
  rt.method(Collator.prototype, 'resolvedOptions', function () {
    var o = colOf(this);
    return { locale: o.locale, usage: o.usage, sensitivity: o.sensitivity, ignorePunctuation: o.ignorePunctuation,
      collation: 'default', numeric: o.numeric, caseFirst: o.caseFirst };
  }, 0);

  // ---- Segmenter: UAX #29's grapheme, word and sentence boundaries (lib/engine/segment.h,
  // through __oda_segment), found for the whole text on the first look and kept.
  var SEG = rt.hiddenKey('segmenter'), SEGS = rt.hiddenKey('segments'), SEGIT = rt.hiddenKey('segmentIterator');
  var GRANULARITIES = ['grapheme', 'word', 'sentence'];
  var segmentNative = global.__oda_segment;
  // CanonicalizeLocaleList: the requested tags, each checked to be a structurally valid
  // Unicode locale identifier (RangeError otherwise) and written in canonical case, once each.
  // (CLDR's aliases, such as iw -> he, are not applied.)
  var TAG = /^(?:[a-z]{2,3}|[a-z]{5,8})(?:-[a-z]{4})?(?:-(?:[a-z]{2}|[0-9]{3}))?((?:-(?:[a-z0-9]{5,8}|[0-9][a-z0-9]{3}))*)((?:-[0-9a-wy-z](?:-[a-z0-9]{2,8})+)*)(?:-x(?:-[a-z0-9]{1,8})+)?$/;
  function canonicalTag(tag) {
    var t = tag.toLowerCase(), m = TAG.exec(t);
    var bad = !m;
    if (m) {
      var variants = m[1] ? m[1].slice(1).split('-') : [], singletons = m[2] ? m[2].match(/-[0-9a-wy-z](?=-)/g) : [];
      for (var i = 0; i < variants.length; i++) if (variants.indexOf(variants[i]) !== i) bad = true;
      for (var j = 0; j < singletons.length; j++) if (singletons.indexOf(singletons[j]) !== j) bad = true;
    }
    if (bad) throw new RangeError('Incorrect locale information provided');
    var parts = t.split('-');
    for (var k = 1; k < parts.length && parts[k].length > 1; k++) {
      if (parts[k].length === 4 && k === 1) parts[k] = parts[k][0].toUpperCase() + parts[k].slice(1);
      else if (parts[k].length === 2 || /^[0-9]{3}$/.test(parts[k])) { parts[k] = parts[k].toUpperCase(); break; }
      else break;
    }
    return parts.join('-');
  }
  function canonicalLocales(locales) {
    if (locales === undefined) return [];
    var list = typeof locales === 'string' ? [locales] : rt.toObject(locales), out = [];
    var len = typeof locales === 'string' ? 1 : rt.toLength(list.length);
    for (var k = 0; k < len; k++) {
      if (!(k in list)) continue;
      var v = list[k];
      if (typeof v !== 'string' && (v === null || typeof v !== 'object')) throw new TypeError('Language ID should be string or object.');
      var tag = canonicalTag(toStr(v));
      if (out.indexOf(tag) < 0) out.push(tag);
    }
    return out;
  }
  // GetOptionsObject: undefined is an empty object with no prototype (so no inherited getter
  // runs), an object is itself, anything else a TypeError.
  function optionsObject(options) {
    if (options === undefined) return Object.create(null);
    if (options !== null && (typeof options === 'object' || typeof options === 'function')) return options;
    throw new TypeError('invalid_argument');  // V8's words
  }
  // The languages a segmenter takes as supported (the CLDR locales node's ICU has data for);
  // others, such as zxx (no linguistic content), fall back to the default locale.
  var SEGMENTER_LANGS = ('af am ar as az be bg bn bo br bs ca chr cs cy da de dsb dz ee el en eo es et eu fa ff ' +
    'fi fil fo fr fy ga gd gl gu ha haw he hi hr hsb hu hy id ig is it ja jv ka kk km kn ko kok ks ky lb lo lt ' +
    'lv mk ml mn mr ms mt my nb ne nl nn no or pa pl ps pt qu rm ro ru rw sd si sk sl so sq sr sv sw ta te tg ' +
    'th ti tk to tr tt ug uk ur uz vi wo xh yi yo yue zh zu').split(' ');
  function segmenterSupports(tag) { return SEGMENTER_LANGS.indexOf(tag.split('-')[0]) >= 0; }
  function Segmenter(locales, options) {
    if (!(this instanceof Segmenter)) throw new TypeError('Constructor Intl.Segmenter requires \'new\'');
    var requested = canonicalLocales(locales).filter(segmenterSupports);
    var opts = optionsObject(options);
    option(opts, 'localeMatcher', ['lookup', 'best fit'], 'best fit', 'Intl.Segmenter');
    // Segmentation is the same in every supported locale here; the resolved one drops the
    // Unicode extensions, none of which applies to a segmenter.
    Object.defineProperty(this, SEG, { value: { locale: requested.length ? requested[0].replace(/-u(?:-[a-z0-9]{2,8})+/, '') : 'en-US',
      granularity: option(opts, 'granularity', GRANULARITIES, 'grapheme', 'Intl.Segmenter') } });
  }
  function segmenterOf(s, method) {
    var o = s !== null && typeof s === 'object' ? s[SEG] : undefined;
    if (!o) throw new TypeError('Method Intl.Segmenter.prototype.' + method + ' called on incompatible receiver ' + rt.v8Name(s));
    return o;
  }
  var SegmentsPrototype = {};
  function segmentsOf(s, method) {
    var o = s !== null && typeof s === 'object' ? s[SEGS] : undefined;
    if (!o) throw new TypeError('Method ' + method + ' called on incompatible receiver ' + rt.v8Name(s));
    if (o.starts === null) o.starts = segmentNative(o.input, GRANULARITIES.indexOf(o.granularity));
    return o;
  }
  // The data of segment k: {segment, index, input} and, for words, isWordLike.
  function segmentData(o, k) {
    var v = o.starts[k], start = Math.floor(v / 2);
    var end = k + 1 < o.starts.length ? Math.floor(o.starts[k + 1] / 2) : o.input.length;
    var d = { segment: o.input.slice(start, end), index: start, input: o.input };
    if (o.granularity === 'word') d.isWordLike = v % 2 === 1;
    return d;
  }
  rt.methods(Segmenter.prototype, {
    resolvedOptions: [function () {
      var o = segmenterOf(this, 'resolvedOptions');
      return { locale: o.locale, granularity: o.granularity };
    }, 0],
    segment: [function (string) {
      var o = segmenterOf(this, 'segment');
      var segs = Object.create(SegmentsPrototype);
      Object.defineProperty(segs, SEGS, { value: { input: toStr(string), granularity: o.granularity, starts: null } });
      return segs;
    }, 1]
  });
  Object.defineProperty(Segmenter, 'length', { value: 0, configurable: true });
  Object.defineProperty(Segmenter, 'prototype', { writable: false });
  rt.methods(SegmentsPrototype, {
    containing: [function (index) {
      var o = segmentsOf(this, '%Segments.prototype%.containing'), n = rt.toIntegerOrInfinity(index);
      if (n < 0 || n >= o.input.length) return undefined;
      var lo = 0, hi = o.starts.length - 1;  // the last segment starting at or before n
      while (lo < hi) {
        var mid = (lo + hi + 1) >> 1;
        if (Math.floor(o.starts[mid] / 2) <= n) lo = mid;
        else hi = mid - 1;
      }
      return segmentData(o, lo);
    }, 1]
  });
  var SegmentIteratorPrototype = rt.makeIteratorProto('Segmenter String Iterator');
  rt.method(SegmentsPrototype, Symbol.iterator, function () {
    var it = Object.create(SegmentIteratorPrototype);
    Object.defineProperty(it, SEGIT, { value: { segments: segmentsOf(this, '%SegmentIsPrototype%[@@iterator]'), next: 0 } });
    return it;
  }, 0);
  rt.method(SegmentIteratorPrototype, 'next', function () {
    var st = this !== null && typeof this === 'object' ? this[SEGIT] : undefined;
    if (!st) throw new TypeError('Method %SegmentIterator.prototype%.next called on incompatible receiver ' + rt.v8Name(this));
    var o = st.segments;
    if (st.next >= o.starts.length) return { value: undefined, done: true };
    return { value: segmentData(o, st.next++), done: false };
  }, 0);

  function supportedOf(locales) {
    var list = locales === undefined ? [] : typeof locales === 'string' ? [locales] : Array.from(locales), out = [];
    for (var i = 0; i < list.length; i++) {
      var tag = toStr(list[i]);
      if (rt.hasOwn.call(LOCALES, tag) || rt.hasOwn.call(ALIASES, tag.split('-')[0].toLowerCase())) out.push(tag);
    }
    return out;
  }
  var Intl = {};
  var ctors = { NumberFormat: NumberFormat, DateTimeFormat: DateTimeFormat, PluralRules: PluralRules,
    RelativeTimeFormat: RelativeTimeFormat, ListFormat: ListFormat, Collator: Collator, Segmenter: Segmenter };
  for (var name in ctors) {
    var C = ctors[name];
    rt.def(C.prototype, 'constructor', C);
    Object.defineProperty(C.prototype, Symbol.toStringTag, { value: 'Intl.' + name, configurable: true });
    rt.method(C, 'supportedLocalesOf', C === Segmenter ? function (locales, options) {
      var requested = canonicalLocales(locales).filter(segmenterSupports);
      if (options !== undefined) option(rt.toObject(options), 'localeMatcher', ['lookup', 'best fit'], 'best fit', 'Intl.Segmenter');
      return requested;
    } : supportedOf, 1);
    rt.def(Intl, name, C);
  }
  rt.method(Intl, 'getCanonicalLocales', canonicalLocales, 1);
  Object.defineProperty(Intl, Symbol.toStringTag, { value: 'Intl', configurable: true });
  if (typeof global.Intl !== 'object') rt.def(global, 'Intl', Intl);

  // The toLocaleString family.
  rt.method(Number.prototype, 'toLocaleString', function (locales, options) {
    return formatNumber({ o: new NumberFormat(locales, options)[NF] }, Number.prototype.valueOf.call(this));
  }, 0);
  function dateLocale(kind) {
    return function (locales, options) {
      var t = Date.prototype.getTime.call(this);
      if (t !== t) return 'Invalid Date';
      var opts = options === undefined ? {} : rt.toObject(options), any = false;
      for (var i = 0; i < COMPONENTS.length; i++) if (opts[COMPONENTS[i]] !== undefined) any = true;
      if (kind === 'date' && opts.timeStyle !== undefined) throw new TypeError('Invalid option : timeStyle');
      if (kind === 'time' && opts.dateStyle !== undefined) throw new TypeError('Invalid option : dateStyle');
      if (!any && opts.dateStyle === undefined && opts.timeStyle === undefined) {
        var o2 = {};
        for (var k in opts) o2[k] = opts[k];
        if (kind !== 'time') { o2.year = 'numeric'; o2.month = 'numeric'; o2.day = 'numeric'; }
        if (kind !== 'date') { o2.hour = 'numeric'; o2.minute = 'numeric'; o2.second = 'numeric'; }
        opts = o2;
      }
      return formatDate(new DateTimeFormat(locales, opts)[DTF], t);
    };
  }
  rt.method(Date.prototype, 'toLocaleString', dateLocale('all'), 0);
  rt.method(Date.prototype, 'toLocaleDateString', dateLocale('date'), 0);
  rt.method(Date.prototype, 'toLocaleTimeString', dateLocale('time'), 0);
  rt.method(Array.prototype, 'toLocaleString', function (locales, options) {
    var o = rt.toObject(this), len = rt.toLength(o.length), out = [];
    for (var i = 0; i < len; i++) {
      var v = o[i];
      out.push(v === undefined || v === null ? '' : toStr(v.toLocaleString(locales, options)));
    }
    return out.join(',');
  }, 0);
})(this);
