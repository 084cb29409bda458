const pako = module.exports;
const input = 'Hello pako! '.repeat(200);
const deflated = pako.deflate(input);
const gz = pako.gzip(new TextEncoder().encode('gzip me'), { level: 9 });
return [deflated.length, pako.inflate(deflated, { to: 'string' }) === input, Array.from(gz.slice(0, 3)), pako.ungzip(gz, { to: 'string' }), Array.from(pako.deflateRaw('abcabcabc'))];
