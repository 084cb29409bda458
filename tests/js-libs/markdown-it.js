const markdownit = module.exports;
const md = markdownit({ html: false, linkify: false, typographer: true });
return [md.render('# Title\n\nSome *emphasis* and **strong**, `code` and a [link](https://example.com "t").\n\n- one\n- two\n  1. nested\n\n> quote -- with "quotes"\n\n```js\nconst x = 1 < 2;\n```\n\n| a | b |\n|---|:-:|\n| 1 | 2 |\n')];
