const yaml = module.exports;
const doc = yaml.load(`
name: demo
version: 1.2
tags: [a, b]
anchors:
  base: &base { x: 1, y: 2 }
  derived: { <<: *base, y: 3 }
text: |
  line one
  line two
when: 2024-02-27
`);
return [JSON.stringify(doc), yaml.dump({ list: [1, 'two', { three: 3 }], s: 'a: b', n: null }), (() => { try { yaml.load('a: [1'); } catch (e) { return e.name + ' ' + e.reason; } })()];
