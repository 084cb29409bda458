const he = module.exports;
return [he.encode('foo © bar ≠ baz 𝌆 qux <>&"\''), he.decode('foo &copy; bar &ne; baz &#x1D306; qux &lt;&amp;&gt; &notin; &NotEqualTilde;'), he.escape('<img src="x">'), he.encode('café', { useNamedReferences: true })];
