const { z } = module.exports;
const User = z.object({ name: z.string().min(2), age: z.number().int().nonnegative(), email: z.string().email().optional(), role: z.enum(['admin', 'user']).default('user') });
const ok = User.safeParse({ name: 'Ada', age: 36 });
const bad = User.safeParse({ name: 'A', age: -1.5, email: 'nope' });
const Coerced = z.object({ n: z.coerce.number(), list: z.array(z.string()).nonempty() }).strict();
return [ok, bad.success, bad.error.issues.map((i) => i.path.join('.') + ': ' + i.message), Coerced.safeParse({ n: '42', list: ['x'] }), Coerced.safeParse({ n: 'x', list: [], extra: 1 }).error.flatten(), z.union([z.string(), z.number()]).parse(5)];
