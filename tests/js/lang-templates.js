// Template literals and string `+` chains (each one concatenation in the lowering): ToString
// against `+`'s ToPrimitive, and the order of evaluation and conversion, as node has them.
const log = [];
const both = { toString() { log.push('toString'); return 'T'; }, valueOf() { log.push('valueOf'); return 'V'; } };
console.log(`${both}|${both}x`, 'p' + both + both + '.', log.join(','));
log.length = 0;

// Symbol.toPrimitive gets hint "string" from a template, "default" from `+`.
const hinted = { [Symbol.toPrimitive](h) { log.push(h); return h === 'string' ? 'S' : 7; } };
console.log(`${hinted}${hinted}`, '' + hinted + hinted, 'a' + hinted + 1, log.join(','));
log.length = 0;
const noString = { toString: undefined, valueOf() { return 42; } };
console.log(`<${noString}>`, 'n' + noString + '!');

// Each substitution converts before the next is evaluated.
let n = 0;
const counter = { toString() { return 'c' + n; }, valueOf() { return n; } };
console.log(`${counter}${n++}${counter}`, '' + counter + n++ + counter, `${counter}${(n += 10)}`);
const order = [];
const p = { toString() { order.push('p.toString'); return 'p'; } };
const q = () => { order.push('q()'); return 'q'; };
const r = { valueOf() { order.push('r.valueOf'); return 'r'; } };
console.log(`${p}${q()}${p}`, 's' + r + q() + r, order.join(','));
let mutable = { toString() { return 'before'; } };
const swap = () => { mutable = 'after'; return '!'; };
console.log(`${mutable}${swap()}`);

// Inside with, a declared name may be read from the object, through a getter that runs code.
let g = 'plain';
const scope = { get g() { n++; return '!'; } };
const w = { toString() { return 'w' + n; }, valueOf() { return 'v' + n; } };
with (scope) console.log(`${w}${g}`, '' + w + g, `${w}${g}${w}${g}`);

// So may an eval's top-level var: here the global object's accessor.
Object.defineProperty(globalThis, 'viaGlobal', { get() { n++; return '?'; }, configurable: true });
globalThis.counted = { toString() { return 'g' + n; }, valueOf() { return 'h' + n; } };
console.log((0, eval)('var viaGlobal; `${counted}${viaGlobal}` + counted + viaGlobal + counted'));

// Symbols throw node's TypeError, before a later substitution is evaluated.
const seen = [];
const mark = (v) => { seen.push(v); return v; };
for (const f of [
  () => `a${Symbol('x')}b`,
  () => `${{ toString() { return Symbol(); } }}`,
  () => `${Symbol.iterator}${mark('after symbol')}`,
  () => 'a' + Symbol('y') + mark('after plus'),
  () => 'x' + { valueOf() { return Symbol(); } } + '!',
]) {
  try {
    console.log(f());
  } catch (e) {
    console.log(e instanceof TypeError, e.message);
  }
}
console.log('seen', seen.length);

// A throwing toString stops the template there.
try {
  `${{ toString() { throw new Error('boom'); } }}${mark('not reached')}`;
} catch (e) {
  console.log(e.message, seen.length);
}

// Primitives, wrappers and the rest (BigInt: tests/js-templates.bats).
console.log(`${-0}|${1e21}|${0.1 + 0.2}|${null}|${undefined}|${true}|${NaN}`);
console.log(`${new String('s')}|${new Number(5)}|${Object(false)}|${[1, [2, 3]]}|${{}}|${[]}`);
console.log(`${new Date(0).toISOString()}`, `${new Date(0)}` === String(new Date(0)), 'd' + new Date(0) + '' === 'd' + String(new Date(0)));
console.log(1 + 2 + 's' + 3 + 4, 's' + 1 + 2, 1 + 's' + 2 + 3, `${1 + 2}` + 3 + 4, 'a' + -1 + +'2' + true + null);
const i = 7;
console.log(`item ${i} costs ${i % 100}.${i % 7} (${i & 1 ? 'odd' : 'even'})`, 'row ' + i + ': ' + (i * 7 % 1000) + ' units, total ' + i * 3);

// Nested templates, multi-line ones, and tagged templates (their values are not converted).
console.log(`x${`y${`z${i}`}`}w`, `line 1
line ${i}`.split('\n').length);
function tag(strings, ...values) { return strings.raw.join('|') + ':' + values.map((v) => typeof v).join(','); }
console.log(tag`a${1}b${both}c${Symbol()}\n`);
console.log(`\u{1F600}${'é'}${'\u00e9'.length}` === '\u{1F600}é1');

// A template of 10,000 substitutions, and a `+` chain of 5,000 operands.
const big = new Function('x', 'return `' + Array.from({ length: 10000 }, (_, k) => 'p' + k + '${x + ' + k + '}').join('') + '`;');
const text = big(1);
console.log(text.length, text.slice(0, 12), text.slice(-12));
const chain = new Function('x', "return 's'" + Array.from({ length: 5000 }, (_, k) => ' + (x + ' + k + ')').join('') + ';');
console.log(chain(0).length, chain({ valueOf() { return 1; }, toString() { return 'no'; } }).slice(0, 12));
// Across the calls a long one is split into (1,000 arguments each), conversions keep their order.
const split = new Function('o', 'f', 'return [`' + '${o}${f()}a'.repeat(1500) + '`, "s"' + ' + o + f()'.repeat(1500) + '];');
let ticks = 0;
const [longTemplate, longChain] = split({ toString() { return String(ticks); } }, () => (ticks++, ''));
console.log(longTemplate.length, longTemplate.slice(-20), longChain.length, longChain.slice(-20), ticks);
