const uuid = module.exports;
const ns = '1b671a64-40d5-491e-99b0-da01ff1f3341';
const v4 = uuid.v4();
return [uuid.v5('hello', ns), uuid.v3('hello', ns), uuid.validate(v4), uuid.version(v4), uuid.stringify(uuid.parse(ns)) === ns, uuid.NIL, /^[0-9a-f-]{36}$/.test(uuid.v1())];
