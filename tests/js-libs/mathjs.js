const math = module.exports;
const scope = { a: 3, b: 4 };
return [math.evaluate('sqrt(a^2 + b^2)', scope), math.format(math.evaluate('1.2 * (2 + 4.5)'), { precision: 14 }), math.evaluate('5.08 cm to inch').toString(), math.det([[1, 2], [3, 4]]), math.multiply([[1, 2], [3, 4]], [[5], [6]]), math.derivative('x^2 + 3x', 'x').toString(), math.simplify('2x + 3x').toString(), math.fraction(1, 3).add(math.fraction(1, 6)).toString(), math.complex(2, 3).mul(math.complex(1, -1)).toString(), math.std([2, 4, 4, 4, 5, 5, 7, 9])];
