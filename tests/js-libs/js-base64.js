const { Base64 } = module.exports;
const long = 'xxx'.repeat(1000);
return [Base64.encode('小飼弾'), Base64.decode('5bCP6aO85by+'), Base64.encodeURI('小飼弾'), Base64.decode(Base64.encode(long)) === long, Base64.fromUint8Array(new Uint8Array([0, 255, 128])), Array.from(Base64.toUint8Array('AP+A')), Base64.isValid('AP+A')];
