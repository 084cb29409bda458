#!/usr/bin/env bats
# The library corpus (README "What runs"): popular npm libraries' own single-file builds,
# pinned in tests/js-libs/libs.list and fetched by make into build/js-libs, each inlined after
# a small CommonJS shim with a short realistic use (tests/js-libs/wrap) and run through
# run-code and through node under the same wrapping (tests/js/run-node): the outputs must be
# the same. Then the causes found through them, each reduced to a few lines.

load helpers

# Wraps library $1 with its use and compares run-code's output with node's.
lib_same_as_node() {
  command -v node >/dev/null || skip "node is not installed"
  run "$ODA_ROOT/tests/js-libs/wrap" "$1" "$ODA_ROOT/build/js-libs"
  assert_success
  printf '%s\n' "$output" > prog.js
  run "$ODA_ROOT/tests/js/run-node" prog.js
  assert_success
  local expected="$output"
  refute_output --partial 'code run failed'
  run run-code prog.js
  assert_output "$expected"
}


@test "every library of the list has a use, and every use a library" {
  local listed uses
  listed=$(awk '!/^#/ && NF { s = $1; sub(/@[^@]*$/, "", s); print s }' "$ODA_ROOT/tests/js-libs/libs.list" | sort)
  uses=$(cd "$ODA_ROOT/tests/js-libs" && ls *.js | sed 's/\.js$//' | sort)
  [ "$listed" = "$uses" ]
  [ "$(echo "$listed" | wc -l)" -ge 25 ]
  # Exact versions only: a range would let the corpus change under the tests.
  run grep -vE '^#|^[a-z0-9.-]+@[0-9]+\.[0-9]+\.[0-9]+ [^ ]+$' "$ODA_ROOT/tests/js-libs/libs.list"
  assert_failure
}

@test "wrap names a library missing from the build folder and how to fetch it" {
  run "$ODA_ROOT/tests/js-libs/wrap" lodash "$BATS_TEST_TMPDIR/none"
  assert_failure
  assert_output "wrap: $BATS_TEST_TMPDIR/none/lodash/lodash.js is missing: run make to fetch the library corpus"
}

@test "ajv compiles a JSON schema and reports every error" {
  lib_same_as_node ajv
}

@test "big.js does exact decimal arithmetic" {
  lib_same_as_node big.js
}

@test "chroma-js mixes, scales and converts colours" {
  lib_same_as_node chroma-js
}

@test "compromise tags and transforms English text" {
  lib_same_as_node compromise
}

@test "crypto-js hashes, signs and round-trips AES" {
  lib_same_as_node crypto-js
}

@test "date-fns (its CDN build, on a window) formats and counts days" {
  lib_same_as_node date-fns
}

@test "dayjs parses, shifts and formats dates" {
  lib_same_as_node dayjs
}

@test "decimal.js computes to 40 digits" {
  lib_same_as_node decimal.js
}

@test "diff compares words and writes and applies a patch" {
  lib_same_as_node diff
}

@test "fuse.js ranks fuzzy matches" {
  lib_same_as_node fuse.js
}

@test "handlebars compiles a template with helpers and partials" {
  lib_same_as_node handlebars
}

@test "he encodes and decodes HTML entities" {
  lib_same_as_node he
}

@test "immer's produce drafts through a Proxy and records patches" {
  lib_same_as_node immer
}

@test "immutable builds persistent maps, lists and records" {
  lib_same_as_node immutable
}

@test "js-base64 encodes UTF-8 and long strings" {
  lib_same_as_node js-base64
}

@test "js-yaml loads anchors and block scalars and dumps" {
  lib_same_as_node js-yaml
}

@test "jszip deflates a zip and reads it back" {
  lib_same_as_node jszip
}

@test "lodash's template, groupBy, merge and cloneDeep" {
  lib_same_as_node lodash
}

@test "lru-cache evicts by count and by size" {
  lib_same_as_node lru-cache
}

@test "luxon shifts, formats and measures dates in UTC" {
  lib_same_as_node luxon
}

@test "markdown-it renders Markdown with tables and typography" {
  lib_same_as_node markdown-it
}

@test "marked renders GitHub-flavoured Markdown" {
  lib_same_as_node marked
}

@test "mathjs evaluates, differentiates and simplifies" {
  lib_same_as_node mathjs
}

@test "moment formats, diffs and validates strictly" {
  lib_same_as_node moment
}

@test "mustache renders sections, lambdas and partials" {
  lib_same_as_node mustache
}

@test "pako deflates, gzips and inflates" {
  lib_same_as_node pako
}

@test "papaparse parses quoted CSV with headers and types" {
  lib_same_as_node papaparse
}

@test "qs parses and writes nested query strings" {
  lib_same_as_node qs
}

@test "ramda pipes, groups and uses lenses" {
  lib_same_as_node ramda
}

@test "rxjs subjects, operators and timers" {
  lib_same_as_node rxjs
}

@test "smol-toml parses and writes TOML" {
  lib_same_as_node smol-toml
}

@test "sprintf-js formats numbers, positions and names" {
  lib_same_as_node sprintf-js
}

@test "underscore's template, chain and groupBy" {
  lib_same_as_node underscore
}

@test "uuid makes and checks v1, v3, v4 and v5 ids" {
  lib_same_as_node uuid
}

@test "validator checks e-mails, URLs, IPs and cards" {
  lib_same_as_node validator
}

@test "zod parses, coerces and reports issues" {
  lib_same_as_node zod
}

@test "a return inside a loop whose bindings a closure captures gives its whole comma expression (mathjs)" {
  cat > prog.js <<'EOF2'
const out = [];
for (const x of [1, 2, 3]) {
  out.push(() => x);
  if (x === 2) { let n; return n = { v: x }, n.w = out.length, n; }
}
EOF2
  body_same_as_node
  assert_output '{"v":2,"w":2}'
}

@test "a function kept in a let assigns to that let, as memoizing code does (mathjs)" {
  cat > prog.js <<'EOF2'
let f = function () { return f = 1, 2; };
let g = function () { g = 1; return 2; };
const inc = () => [n++, ++n, n += 2]; let n = 0;
const early = () => { try { z = 5; } catch (e) { return e.name + ': ' + e.message; } };
const before = early(); let z = 0;
return [f(), f, g(), g, inc(), n, before, z];
EOF2
  body_same_as_node
  assert_output '[2,1,2,1,[0,2,4],4,"ReferenceError: Cannot access '\''z'\'' before initialization",0]'
}

@test "a constructor whose parameter or var has the class's name still constructs (mathjs)" {
  cat > prog.js <<'EOF2'
class A { constructor(A) { this.v = A; } }
class B extends A { constructor(x) { var B = x * 2; super(B); } }
return [new A(5).v, new B(4).v, (() => { try { A(1); } catch (e) { return e.name; } })()];
EOF2
  body_same_as_node
  assert_output '[5,8,"TypeError"]'
}

@test "delete through an optional chain deletes, and is true where the chain stops" {
  cat > prog.js <<'EOF2'
const a = { b: 1, c: { d: 2, e: 3 }, f: 4 }, n = null;
const r = [delete a?.b, delete a?.c.d, delete (a?.f), delete a.c?.['e'], delete n?.b, delete n?.b.c, a];
return r;
EOF2
  body_same_as_node
  assert_output '[true,true,true,true,true,true,{"c":{}}]'
}

@test "Object.keys(globalThis) and for-in list no helper of ours, only globals node lists too" {
  cat > prog.js <<'EOF2'
const node = ['global', 'clearImmediate', 'setImmediate', 'clearInterval', 'clearTimeout', 'setInterval', 'setTimeout',
  'queueMicrotask', 'structuredClone', 'atob', 'btoa', 'performance', 'fetch', 'crypto'];
const listed = Object.keys(globalThis), walked = [];
for (const k in globalThis) walked.push(k);
const ours = [...listed, ...walked].filter((k) => !node.includes(k));
return [ours, typeof fs, typeof __oda_iter, [...'ab'].length, Object.getOwnPropertyNames(globalThis).includes('fs')];
EOF2
  run run-code prog.js
  assert_success
  assert_output '[[],"object","function",2,true]'
}

@test "Intl.DateTimeFormat dateStyle and timeStyle give each claimed locale's own patterns and names, as node (luxon)" {
  cat > prog.js <<'EOF2'
const out = [];
for (const t of [Date.UTC(2024, 1, 28, 15, 4, 5), Date.UTC(2024, 0, 5, 9, 4, 5), Date.UTC(1999, 11, 31, 0, 0, 59)]) {
  const d = new Date(t);
  for (const l of ['en-US', 'en-GB', 'de-DE', 'fr-FR', 'es-ES', 'sv-SE', 'ja-JP', 'de', 'en']) {
    const r = [];
    for (const ds of [undefined, 'full', 'long', 'medium', 'short'])
      for (const ts of [undefined, 'full', 'long', 'medium', 'short'])
        if (ds || ts) r.push(new Intl.DateTimeFormat(l, { dateStyle: ds, timeStyle: ts, timeZone: 'UTC' }).format(d));
    r.push(d.toLocaleString(l, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }), d.toLocaleDateString(l, { dateStyle: 'long', timeZone: 'UTC' }));
    out.push(l + ' ' + r.join(' | '));
  }
}
out.push(new Intl.DateTimeFormat('en-US', { timeStyle: 'short', hour12: false, timeZone: 'UTC' }).format(new Date(Date.UTC(2024, 0, 5, 9, 4))));
return out;
EOF2
  body_same_as_node
  assert_output --partial 'Mittwoch, 28. Februar 2024 um 15:04:05 Koordinierte Weltzeit | Mittwoch, 28. Februar 2024 um 15:04:05 UTC'
}
