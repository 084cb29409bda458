const Decimal = module.exports;
Decimal.set({ precision: 40 });
return [new Decimal('0.1').plus('0.2').toString(), Decimal.sqrt(2).toString(), new Decimal(1).div(7).toFixed(30), Decimal.exp(1).toSignificantDigits(25).toString(), new Decimal('123.456').toFraction().map(String), new Decimal(255).toHexadecimal(), Decimal.ln(10).toPrecision(20)];
