// String.prototype.localeCompare and Intl.Collator's compare: a three-level comparison
// (base letters, then accents, then case) like ICU's root collation, from a table derived
// from node's ICU for ASCII, Latin-1 and Latin Extended-A; other characters sort after
// them by code point. Options: sensitivity, numeric, ignorePunctuation, caseFirst.
// @lazy: rt.collate! String.prototype.localeCompare/1
(function (global) {
  'use strict';
  var rt = global.__oda_rt;
  // "code:primary.secondary.tertiary" entries, codes in base 36.
  var TABLE = "9:1.0.0 a:2.0.0 d:3.0.0 w:4.0.0 4g:4.0.1 2n:5.0.0 19:6.0.0 18:7.0.0 1n:8.0.0 1m:9.0.0 x:10.0.0 " +
    "4h:11.0.0 1r:12.0.0 5b:13.0.0 1a:14.0.0 53:15.0.0 13:16.0.0 y:17.0.0 4r:18.0.0 57:19.0.0 14:20.0.0 " +
    "15:21.0.0 2j:22.0.0 2l:23.0.0 3f:24.0.0 3h:25.0.0 4n:26.0.0 52:27.0.0 1s:28.0.0 16:29.0.0 1b:30.0.0 " +
    "2k:31.0.0 12:32.0.0 z:33.0.0 11:34.0.0 2o:35.0.0 50:36.0.0 2m:37.0.0 4v:38.0.0 4o:39.0.0 54:40.0.0 " +
    "4w:41.0.0 4p:42.0.0 4u:43.0.0 17:44.0.0 4x:45.0.0 6v:46.0.0 5z:47.0.0 1o:48.0.0 1p:49.0.0 1q:50.0.0 " +
    "4s:51.0.0 3g:52.0.0 4m:53.0.0 3i:54.0.0 4k:55.0.0 4i:56.0.0 10:57.0.0 4j:58.0.0 4l:59.0.0 1c:60.0.0 " +
    "1d:61.0.0 55:61.0.1 59:62.0.0 58:63.0.0 1e:64.0.0 4y:64.0.1 1f:65.0.0 4z:65.0.1 5a:66.0.0 1g:67.0.0 " +
    "1h:68.0.0 1i:69.0.0 1j:70.0.0 1k:71.0.0 1l:72.0.0 2p:73.0.0 1t:73.0.1 4q:73.0.2 69:73.1.0 5d:73.1.1 " +
    "68:73.2.0 5c:73.2.1 77:73.3.0 76:73.3.1 6a:73.4.0 5e:73.4.1 6d:73.5.0 5h:73.5.1 6c:73.6.0 5g:73.6.1 " +
    "6b:73.7.0 5f:73.7.1 79:73.8.0 78:73.8.1 75:73.9.0 74:73.9.1 2q:74.0.0 1u:74.0.1 2r:75.0.0 1v:75.0.1 " +
    "7b:75.1.0 7a:75.1.1 7d:75.2.0 7c:75.2.1 7h:75.3.0 7g:75.3.1 7f:75.4.0 7e:75.4.1 6f:75.5.0 5j:75.5.1 " +
    "2s:76.0.0 1w:76.0.1 7j:76.1.0 7i:76.1.1 7l:76.2.0 7k:76.2.1 6o:76.3.0 5s:76.3.1 2t:77.0.0 1x:77.0.1 " +
    "6h:77.1.0 5l:77.1.1 6g:77.2.0 5k:77.2.1 7p:77.3.0 7o:77.3.1 6i:77.4.0 5m:77.4.1 7v:77.5.0 7u:77.5.1 " +
    "6j:77.6.0 5n:77.6.1 7r:77.7.0 7q:77.7.1 7t:77.8.0 7s:77.8.1 7n:77.9.0 7m:77.9.1 2u:78.0.0 1y:78.0.1 " +
    "2v:79.0.0 1z:79.0.1 7z:79.1.0 7y:79.1.1 7x:79.2.0 7w:79.2.1 81:79.3.0 80:79.3.1 83:79.4.0 82:79.4.1 " +
    "2w:80.0.0 20:80.0.1 85:80.1.0 84:80.1.1 87:80.2.0 86:80.2.1 2x:81.0.0 21:81.0.1 6l:81.1.0 5p:81.1.1 " +
    "6k:81.2.0 5o:81.2.1 8d:81.3.0 8c:81.3.1 6m:81.4.0 5q:81.4.1 6n:81.5.0 5r:81.5.1 89:81.6.0 88:81.6.1 " +
    "8g:81.7.0 8f:81.8.0 8e:81.8.1 8b:81.9.0 8a:81.9.1 8h:82.0.0 2y:83.0.0 22:83.0.1 8l:83.1.0 8k:83.1.1 " +
    "2z:84.0.0 23:84.0.1 8n:84.1.0 8m:84.1.1 30:85.0.0 24:85.0.1 8q:85.1.0 8p:85.1.1 8u:85.2.0 8t:85.2.1 " +
    "8s:85.3.0 8r:85.3.1 8y:85.4.0 8x:85.4.1 8w:85.5.0 8v:85.5.1 31:86.0.0 25:86.0.1 32:87.0.0 26:87.0.1 " +
    "90:87.1.0 8z:87.1.1 94:87.2.0 93:87.2.1 6p:87.3.0 5t:87.3.1 92:87.4.0 91:87.4.1 97:88.0.0 96:88.0.1 " +
    "33:89.0.0 27:89.0.1 56:89.0.2 6r:89.1.0 5v:89.1.1 6q:89.2.0 5u:89.2.1 9b:89.3.0 9a:89.3.1 6s:89.4.0 " +
    "5w:89.4.1 6u:89.5.0 5y:89.5.1 9d:89.6.0 9c:89.6.1 6t:89.7.0 5x:89.7.1 6w:89.8.0 60:89.8.1 99:89.9.0 " +
    "98:89.9.1 34:90.0.0 28:90.0.1 35:91.0.0 29:91.0.1 8o:92.0.0 36:93.0.0 2a:93.0.1 9h:93.1.0 9g:93.1.1 " +
    "9l:93.2.0 9k:93.2.1 9j:93.3.0 9i:93.3.1 37:94.0.0 2b:94.0.1 9n:94.1.0 9m:94.1.1 9p:94.2.0 9o:94.2.1 " +
    "9t:94.3.0 9s:94.3.1 9r:94.4.0 9q:94.4.1 an:94.5.0 38:95.0.0 2c:95.0.1 9x:95.1.0 9w:95.1.1 9v:95.2.0 " +
    "9u:95.2.1 9z:96.0.0 9y:96.0.1 39:97.0.0 2d:97.0.1 6y:97.1.0 62:97.1.1 6x:97.2.0 61:97.2.1 a5:97.3.0 " +
    "a4:97.3.1 6z:97.4.0 63:97.4.1 a7:97.5.0 a6:97.5.1 70:97.6.0 64:97.6.1 a9:97.7.0 a8:97.7.1 a1:97.8.0 " +
    "a0:97.8.1 ab:97.9.0 aa:97.9.1 a3:97.10.0 a2:97.10.1 3a:98.0.0 2e:98.0.1 3b:99.0.0 2f:99.0.1 " +
    "ad:99.1.0 ac:99.1.1 3c:100.0.0 2g:100.0.1 3d:101.0.0 2h:101.0.1 71:101.1.0 65:101.1.1 af:101.2.0 " +
    "ae:101.2.1 73:101.3.0 ag:101.3.1 3e:102.0.0 2i:102.0.1 ai:102.1.0 ah:102.1.1 am:102.2.0 al:102.2.1 " +
    "ak:102.3.0 aj:102.3.1 72:103.0.0 66:103.0.1 95:104.0.0 51:105.0.0 ";
  var EXPANSIONS = "5i:ae:1 67:ss:0 6e:ae:0 8i:ij:1 8j:ij:0 9e:oe:1 9f:oe:0";  // code:letters:uppercase
  var P = Object.create(null), S = Object.create(null), T = Object.create(null), EXP = Object.create(null);
  TABLE.split(' ').forEach(function (e) {
    if (!e) return;
    var kv = e.split(':'), w = kv[1].split('.'), c = parseInt(kv[0], 36);
    P[c] = +w[0]; S[c] = +w[1]; T[c] = +w[2];
  });
  EXPANSIONS.split(' ').forEach(function (e) {
    var kv = e.split(':');
    EXP[parseInt(kv[0], 36)] = { letters: kv[1], upper: kv[2] === '1' };
  });
  var PUNCT = ' \t\n\r!"#%&\'()*,-./:;?@[\\]_{}\u00a1\u00a7\u00ab\u00b6\u00b7\u00bb\u00bf\u00a0';
  var DIGIT0 = P[48], UNKNOWN = 1000;

  // The collation elements of s as three parallel weight lists.
  function keys(s, o) {
    var p = [], sec = [], ter = [], n = s.length;
    for (var i = 0; i < n; i++) {
      var c = s.charCodeAt(i);
      if (c === 0xAD) continue;
      if (o.numeric && c >= 48 && c <= 57) {
        var j = i;
        while (j < n && s.charCodeAt(j) >= 48 && s.charCodeAt(j) <= 57) j++;
        var digits = s.slice(i, j), k = 0;
        while (k < digits.length - 1 && digits.charAt(k) === '0') k++;
        digits = digits.slice(k);
        p.push(DIGIT0, 500 + digits.length);
        sec.push(0); ter.push(0);
        for (k = 0; k < digits.length; k++) { p.push(P[digits.charCodeAt(k)]); sec.push(0); ter.push(0); }
        i = j - 1;
        continue;
      }
      if (o.ignorePunctuation && PUNCT.indexOf(s.charAt(i)) >= 0) continue;
      var pw = P[c];
      if (pw !== undefined) { p.push(pw); sec.push(S[c]); ter.push(T[c]); continue; }
      var x = EXP[c];
      if (x !== undefined) {
        for (var m = 0; m < x.letters.length; m++) {
          var lc = x.letters.charCodeAt(m);
          p.push(P[lc]); sec.push(m === 0 ? 1 : 0); ter.push(x.upper ? 1 : 0);
        }
        continue;
      }
      if (c >= 0xD800 && c <= 0xDBFF && i + 1 < n) {
        var d = s.charCodeAt(i + 1);
        if (d >= 0xDC00 && d <= 0xDFFF) { c = 0x10000 + ((c - 0xD800) << 10) + (d - 0xDC00); i++; }
      }
      var low = String.fromCharCode(c).toLowerCase().charCodeAt(0);
      p.push(UNKNOWN + (c > 0xFFFF ? c : low)); sec.push(0); ter.push(low !== c ? 1 : 0);
    }
    return [p, sec, ter];
  }
  function cmpList(a, b, sign) {
    var n = Math.min(a.length, b.length);
    for (var i = 0; i < n; i++) if (a[i] !== b[i]) return (a[i] < b[i] ? -1 : 1) * sign;
    return a.length === b.length ? 0 : a.length < b.length ? -1 : 1;
  }
  // The common case without building keys: both strings walked together while every
  // character has a single table entry. Returns null when the full comparison must decide.
  function quick(a, b, o) {
    if (o.ignorePunctuation) return null;
    var n = a.length < b.length ? a.length : b.length, sec = 0, ter = 0, i, ca, cb;
    for (i = 0; i < n; i++) {
      ca = a.charCodeAt(i); cb = b.charCodeAt(i);
      if (ca === cb) continue;
      if (o.numeric && ((ca >= 48 && ca <= 57) || (cb >= 48 && cb <= 57))) return numericAt(a, b, i);
      var pa = P[ca], pb = P[cb];
      if (pa === undefined || pb === undefined) return null;
      if (pa !== pb) return pa < pb ? -1 : 1;
      if (sec === 0 && S[ca] !== S[cb]) sec = S[ca] < S[cb] ? -1 : 1;
      if (ter === 0 && T[ca] !== T[cb]) ter = T[ca] < T[cb] ? -1 : 1;
    }
    if (a.length !== b.length) {
      var longer = a.length > b.length ? a : b;
      for (i = n; i < longer.length; i++) if (P[longer.charCodeAt(i)] === undefined) return null;
      if (o.numeric) {
        var j = n;
        while (j > 0 && isDigit(a.charCodeAt(j - 1))) j--;
        if (isDigit(longer.charCodeAt(n)) && /* a run of zeros only */ new RegExp('^0*$').test(a.slice(j, n))) return null;
      }
      return a.length < b.length ? -1 : 1;
    }
    if (o.sensitivity === 'base') return 0;
    if (o.sensitivity !== 'case' && sec !== 0) return sec;
    if (o.sensitivity === 'accent') return 0;
    return o.caseFirst === 'upper' ? -ter : ter;
  }

  function isDigit(c) { return c >= 48 && c <= 57; }
  // Under numeric, the first difference falls in a digit run both strings share the start of:
  // the runs compare by value (a non-digit against a run compares as digits' first primary).
  function numericAt(a, b, i) {
    var j = i;
    while (j > 0 && isDigit(a.charCodeAt(j - 1))) j--;
    var ea = i, eb = i;
    while (ea < a.length && isDigit(a.charCodeAt(ea))) ea++;
    while (eb < b.length && isDigit(b.charCodeAt(eb))) eb++;
    var ra = a.slice(j, ea), rb = b.slice(j, eb);
    if (ra === '' || rb === '') {
      var other = ra === '' ? P[a.charCodeAt(i)] : P[b.charCodeAt(i)];
      if (other === undefined || other === DIGIT0) return null;
      return (ra === '' ? other < DIGIT0 : DIGIT0 < other) ? -1 : 1;
    }
    var ka = 0, kb = 0;
    while (ka < ra.length - 1 && ra.charAt(ka) === '0') ka++;
    while (kb < rb.length - 1 && rb.charAt(kb) === '0') kb++;
    ra = ra.slice(ka); rb = rb.slice(kb);
    if (ra.length !== rb.length) return ra.length < rb.length ? -1 : 1;
    if (ra !== rb) return ra < rb ? -1 : 1;
    return null;
  }

  rt.collate = function (a, b, o) {
    if (a === b) return 0;
    var r = quick(a, b, o);
    if (r !== null) return r;
    var ka = keys(a, o), kb = keys(b, o);
    var r = cmpList(ka[0], kb[0], 1);
    if (r || o.sensitivity === 'base') return r;
    if (o.sensitivity !== 'case') { r = cmpList(ka[1], kb[1], 1); if (r || o.sensitivity === 'accent') return r; }
    return cmpList(ka[2], kb[2], o.caseFirst === 'upper' ? -1 : 1);
  };

  rt.method(String.prototype, 'localeCompare', function (that, locales, options) {
    var s = rt.toStr(rt.requireCoercible(this, 'String.prototype.localeCompare'));
    if (locales === undefined && options === undefined) return rt.collate(s, rt.toStr(that), DEFAULT);
    return new Intl.Collator(locales, options).compare(s, that);
  }, 1);
  var DEFAULT = { sensitivity: 'variant', numeric: false, ignorePunctuation: false, caseFirst: 'false' };
})(this);
