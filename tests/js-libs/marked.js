const { marked } = module.exports;
return [marked.parse('# Title\n\nSome *emphasis* and **strong**, `code`, ~~gone~~ and <https://example.com>.\n\n1. one\n2. two\n   - nested\n\n> quote\n\n```js\nconst x = 1 < 2;\n```\n\n| a | b |\n|---|:-:|\n| 1 | 2 |\n\n- [ ] task\n- [x] done\n')];
