const CryptoJS = module.exports;
const key = CryptoJS.enc.Utf8.parse('0123456789abcdef');
const iv = CryptoJS.enc.Utf8.parse('fedcba9876543210');
const enc = CryptoJS.AES.encrypt('attack at dawn', key, { iv }).toString();
const dec = CryptoJS.AES.decrypt(enc, key, { iv }).toString(CryptoJS.enc.Utf8);
return [CryptoJS.SHA256('hello').toString(), CryptoJS.MD5('hello').toString(), CryptoJS.HmacSHA1('msg', 'key').toString(CryptoJS.enc.Base64), enc, dec, CryptoJS.PBKDF2('pw', 'salt', { keySize: 4, iterations: 10 }).toString()];
