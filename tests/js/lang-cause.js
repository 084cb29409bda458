const root = new Error("root");
const e = new TypeError("wrapped", { cause: root });
console.log(e.cause === root, Object.keys(e).length, Object.getOwnPropertyDescriptor(e, "cause").enumerable);
console.log(Error("x", { cause: 0 }).cause, "cause" in new RangeError("y", {}), "cause" in new Error("z"));
class AppError extends Error {
  constructor(m, o) { super(m, o); this.name = "AppError"; }
}
const a = new AppError("app", { cause: "why" });
console.log(a.cause, a instanceof AppError, String(a));
const ekinds = [Error, TypeError, RangeError];
const eerrs = ekinds.map((K) => new K("m", { cause: K.name }));
console.log(eerrs.map((e) => `${e.name}:${e.cause}`).join(" "));
const elib = { Err: SyntaxError, Other: function (a, b) { this.a = a; this.b = b; } };
const se = new elib.Err("x", { cause: 1 }), oe = new elib.Other(1, { cause: 2 });
console.log(se.cause, "cause" in oe, oe.b.cause, new ekinds[0]("y", { cause: 3 }).cause);
