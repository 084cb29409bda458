const _ = module.exports;
const t = _.template('<% _.each(people, function(p) { %><%= p.name %>:<%- p.tag %>;<% }); %> total <%= people.length %>');
return [t({ people: [{ name: 'a', tag: '<x>' }, { name: 'b', tag: '&' }] }), _.groupBy([1.3, 2.1, 2.4], Math.floor), _.chain([3, 1, 2]).sortBy().map((x) => x * 2).value(), _.pick({ a: 1, b: 2, c: 3 }, 'a', 'c'), _.uniq([1, 2, 1, 3, 2]), _.template('hi <%= name %>', { variable: 'data' }).source.length > 0];
