// with in sloppy code: the shape of lodash's _.template (compiled through Function), a with
// statement in program code, and block bindings and arrows inside its body.
function template(text) {
  var source = "__p += '" + text.replace(/'/g, "\\'").replace(/<%=([\s\S]+?)%>/g, function (_, e) {
    return "' +\n((__t = (" + e + ")) == null ? '' : __t) +\n'";
  }).replace(/<%([\s\S]+?)%>/g, function (_, e) { return "';\n" + e + "\n__p += '"; }) + "';\n";
  source = "obj || (obj = {});\nvar __t, __p = '';\nwith (obj) {\n" + source + "}\nreturn __p\n";
  return Function('_', 'return function(obj) {\n' + source + '}')({});
}
var t = template('hello <%= user %>! <% for (var i = 0; i < n; i++) { %>[<%= i %>]<% } %> <%= typeof missing %>');
var out = [t({user: 'ada', n: 3}), t({user: 'bob', n: 0})];
var keep = 'outer';
var o = {a: 1, y: 5, keep: 'from o'};
with (o) {
  let y = a + 1;
  const g = () => [y, keep, this === undefined];
  out.push(y, g(), o.y);
  a = 10;
}
var p = '';
var f = new Function('obj', 'var p=""; with (obj) { p += name; } return p;');
out.push(o.a, f({name: 'x'}), typeof y);
return out;
