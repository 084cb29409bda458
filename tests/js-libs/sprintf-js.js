const { sprintf, vsprintf } = module.exports;
return [sprintf('%05.2f|%-6s|%+d|%x|%o|%b|%e', 3.14159, 'ab', 5, 255, 8, 5, 12345.678), vsprintf('%2$s %1$s', ['world', 'hello']), sprintf('%(name)s is %(age)d', { name: 'Ada', age: 36 }), sprintf('%j', { a: 1 }), sprintf('%10.3s|', 'abcdef')];
