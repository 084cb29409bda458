const JSZip = module.exports;
const zip = new JSZip();
zip.file('hello.txt', 'Hello World\n'.repeat(50));
zip.folder('data').file('n.json', JSON.stringify({ a: [1, 2, 3] }));
const bytes = await zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' });
const back = await JSZip.loadAsync(bytes);
return [Object.keys(back.files), (await back.file('hello.txt').async('string')).length, await back.file('data/n.json').async('string'), bytes.length > 100];
