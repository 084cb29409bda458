const Ajv = module.exports;
const ajv = new Ajv({ allErrors: true });
const validate = ajv.compile({
  type: 'object',
  properties: { name: { type: 'string', minLength: 2 }, age: { type: 'integer', minimum: 0 }, tags: { type: 'array', items: { type: 'string' }, uniqueItems: true } },
  required: ['name', 'age'],
  additionalProperties: false,
});
console.log(validate({ name: 'Ada', age: 36, tags: ['math'] }), validate.errors);
console.log(validate({ name: 'A', age: -1, tags: ['x', 'x'], extra: 1 }));
return validate.errors.map((e) => e.dataPath + ' ' + e.message);
