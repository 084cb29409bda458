const Mustache = module.exports;
const view = { title: 'Joe', calc: () => 2 + 4, items: [{ n: 'a' }, { n: 'b' }], html: '<b>&</b>', empty: [] };
return Mustache.render('{{title}} spends {{calc}}\n{{#items}}- {{n}}\n{{/items}}{{^empty}}none{{/empty}} {{html}} {{{html}}} {{> p}}', view, { p: '[{{title}}]' });
