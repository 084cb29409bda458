const Handlebars = module.exports;
Handlebars.registerHelper('upper', (s) => String(s).toUpperCase());
Handlebars.registerPartial('item', '<li>{{name}}: {{#if done}}done{{else}}open{{/if}}</li>');
const tpl = Handlebars.compile('<h1>{{upper title}}</h1><ul>{{#each items}}{{> item}}{{/each}}</ul>{{!-- c --}}{{{raw}}} {{esc}} {{items.length}}');
return tpl({ title: 'Tasks', items: [{ name: 'a', done: true }, { name: 'b', done: false }], raw: '<b>x</b>', esc: '<i>&</i>' });
