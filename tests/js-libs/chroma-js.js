const chroma = module.exports;
const scale = chroma.scale(['#fafa6e', '#2A4858']).mode('lch').colors(5);
return [chroma('hotpink').darken().hex(), chroma.mix('red', 'blue', 0.5, 'lab').hex(), scale, chroma.contrast('white', 'navy').toFixed(3), chroma('#ff8800').hsl().map((v) => +v.toFixed(4))];
