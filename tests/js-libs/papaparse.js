const Papa = module.exports;
const csv = 'name,age,city\n"Smith, John",42,"New\nYork"\nAda,36,London\n,,\n';
const parsed = Papa.parse(csv, { header: true, dynamicTyping: true, skipEmptyLines: 'greedy' });
return [parsed.data, parsed.errors, parsed.meta.fields, Papa.unparse([{ a: 1, b: 'x,y' }, { a: 2, b: 'say "hi"' }]), Papa.parse('a;b\n1;2', { delimiter: '' }).meta.delimiter];
