const base = 10;
function inner() {
  const local = 2;
  return eval("const sq = (v) => v ** local; `${sq(3)}:${base}`");
}
console.log(inner());
var g = "global";
(function () {
  const g = "local";
  console.log((0, eval)("typeof g === 'string' ? g : 'none'"), eval("g"));
})();
const add = new Function("a", "b = 2", "return [a, b].map((v) => v * 10)");
console.log(JSON.stringify(add(1)), add.name, add.length, add instanceof Function, Function("return 1 + 1")());
const { x, ...rest } = eval("({ x: 1, y: 2, z: 3 })");
console.log(x, JSON.stringify(rest));
try { eval("let = => 1"); } catch (e) { console.log(e instanceof SyntaxError); }
try { new Function("return a +"); } catch (e) { console.log(e.name); }
console.log(eval(42), eval("class P { #v = 5; get v() { return this.#v; } } new P().v"));
let outside = 23;
eval("let outside = 1;");
eval("let hidden = 3; const k = () => hidden; class Q {} var seen = k() + 1");
console.log(outside, typeof hidden, typeof Q, seen, eval("let a = 5; a * 2"), JSON.stringify(eval("const [p, ...q] = [1, 2, 3]; q")));
try { eval("typeof C; class C {}"); } catch (e) { console.log(e.name); }
function make() { return new K(); }
try { make(); } catch (e) { console.log(e.name); }
class K { get v() { return 1; } }
console.log(make().v);
const f = () => typeof L;
try { f(); } catch (e) { console.log(e.name); }
class L {}
console.log(f());
let got2 = null;
const getNT = function () { got2 = eval("new.target"); };
getNT();
console.log(got2 === undefined);
new getNT();
console.log(got2 === getNT);
class M {
  constructor() { this.v = 3; }
  run() { return [1, 2].map((x) => eval("this.v * x + (() => this.v)()")); }
  arrow() { const f = () => eval("[1].map(() => this.v)"); return f(); }
}
console.log(JSON.stringify(new M().run()), JSON.stringify(new M().arrow()));
let executed2 = false;
class FC { x = eval("executed2 = true; () => arguments;"); }
try { new FC(); } catch (e) { console.log(e.name, executed2); }
class FD { y = eval("new.target"); }
try { new FD(); } catch (e) { console.log(e.name); }
function gnt() { return eval("eval('new.target')"); }
console.log(new gnt() instanceof gnt, gnt());
const gpa = (p = eval("var arguments = 'param'"), arguments) => {};
try { gpa(); } catch (e) { console.log(e.name); }
const hpa = function (p = eval("var x1 = 'ok'; x1")) { return p; };
console.log(hpa());
class FnSub extends Function { hi() { return "hi"; } }
const fsub = new FnSub("a", "return a * 2");
console.log(fsub(21), fsub instanceof FnSub, fsub instanceof Function, typeof fsub.hi);
