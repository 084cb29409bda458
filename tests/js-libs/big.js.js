const Big = module.exports;
const x = new Big('0.1').plus('0.2');
const total = ['19.99', '5.01', '0.333'].reduce((s, v) => s.plus(v), new Big(0));
return [x.toString(), x.eq('0.3'), total.round(2).toFixed(2), new Big(2).pow(100).toString(), new Big(1).div(3).toPrecision(30)];
