const root = new Error("root");
const e = new TypeError("wrapped", { cause: root });
console.log(e.cause === root, Object.keys(e).length, Object.getOwnPropertyDescriptor(e, "cause").enumerable);
console.log(Error("x", { cause: 0 }).cause, "cause" in new RangeError("y", {}), "cause" in new Error("z"));
class AppError extends Error {
  constructor(m, o) { super(m, o); this.name = "AppError"; }
}
const a = new AppError("app", { cause: "why" });
console.log(a.cause, a instanceof AppError, String(a));
