#!/usr/bin/env python3
"""Runs test262 language folders for the syntax SPEC 5 claims through run-code and through
node, each test wrapped the same way (harness + test as the body of an async function), and
prints per-folder pass counts and our pass rate over the tests node passes.

Usage: bench/test262.py TEST262_DIR [--max-per-folder N] [--jobs N] [--fails FILE]
                        [--run-code PATH] [FOLDER...]
(never commit test262: fetch it elsewhere, e.g. /work/peers/test262)."""
import argparse
import concurrent.futures as cf
import json
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RUN_CODE = os.path.join(ROOT, 'build', 'bin', 'run-code')

FOLDERS = [
    'expressions/arrow-function', 'expressions/class', 'statements/class',
    'expressions/template-literal', 'expressions/tagged-template', 'expressions/optional-chaining',
    'expressions/coalesce', 'expressions/logical-assignment', 'expressions/exponentiation',
    'expressions/object', 'expressions/array', 'expressions/assignment',
    'expressions/async-arrow-function', 'expressions/async-function', 'statements/async-function',
    'expressions/generators', 'statements/generators', 'expressions/async-generator',
    'statements/async-generator', 'expressions/super', 'expressions/new.target', 'expressions/yield',
    'expressions/await', 'statements/let', 'statements/const', 'statements/for-of',
    'statements/for-await-of', 'statements/labeled', 'statements/try', 'statements/for',
    'destructuring', 'rest-parameters', 'computed-property-names', 'literals/numeric', 'block-scope',
]

# Out of scope for the toolkit (SPEC 5) or for the async-function-body wrapping.
SKIP_FEATURES = {
    'decorators', 'import-assertions', 'import-attributes', 'json-modules', 'source-phase-imports',
    'import-defer', 'dynamic-import', 'import.meta', 'cross-realm', 'tail-call-optimization', 'IsHTMLDDA',
    'explicit-resource-management', 'Temporal', 'ShadowRealm', 'SharedArrayBuffer', 'Atomics',
    'host-gc-required', 'FinalizationRegistry', 'WeakRef', 'regexp-v-flag',
    'regexp-duplicate-named-groups', 'regexp-modifiers', 'resizable-arraybuffer', 'class-fields-private-in',
}

PRELUDE = (
    "var __t262resolve; var __t262done = new Promise(function (r) { __t262resolve = r; });\n"
    "var print = function (m) { console.log(String(m)); if (String(m).indexOf('Test262:Async') === 0) __t262resolve(); };\n"
)

NODE_DRIVER = r"""
const vm = require('vm'), fs = require('fs');
const files = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
(async () => {
  const out = [];
  for (const f of files) {
    const lines = [];
    const fmt = (v) => typeof v === 'string' ? v : (v instanceof Error ? v.name + ': ' + v.message : String(v));
    const console = { log: (...a) => lines.push(a.map(fmt).join(' ')) };
    const ctx = vm.createContext({ console });
    let err = null;
    try {
      const src = '(async function () {\n' + fs.readFileSync(f, 'utf8') + '\n})()';
      const p = new vm.Script(src).runInContext(ctx, { timeout: 5000 });
      await Promise.race([p, new Promise((_, j) => setTimeout(() => j({ name: 'Timeout' }), 3000))]);
    } catch (e) {
      err = (e && e.constructor && e.constructor.name) || (e && e.name) || 'Error';
      if (e && e.name === 'Timeout') err = 'Timeout';
    }
    out.push({ f, err, lines });
  }
  fs.writeFileSync(process.argv[3], JSON.stringify(out));
  process.exit(0);
})();
"""


def metadata(src):
    m = re.search(r'/\*---(.*?)---\*/', src, re.S)
    meta = {'includes': [], 'flags': [], 'features': [], 'negative': None}
    if not m:
        return meta
    text = m.group(1)
    for key in ('includes', 'flags', 'features'):
        mm = re.search(r'^%s:\s*\[(.*?)\]' % key, text, re.M | re.S)
        if mm:
            meta[key] = [x.strip() for x in mm.group(1).split(',') if x.strip()]
        else:
            mm = re.search(r'^%s:\s*\n((?:\s+-\s*.*\n)+)' % key, text, re.M)
            if mm:
                meta[key] = [x.strip()[1:].strip() for x in mm.group(1).strip().split('\n')]
    mm = re.search(r'^negative:\s*\n\s+phase:\s*(\w+)\s*\n\s+type:\s*(\w+)', text, re.M)
    if mm:
        meta['negative'] = {'phase': mm.group(1), 'type': mm.group(2)}
    return meta


def build(t262, path, tmpdir, n):
    src = open(path, encoding='utf-8').read()
    meta = metadata(src)
    flags = set(meta['flags'])
    if flags & {'module', 'onlyStrict', 'raw', 'CanBlockIsFalse', 'CanBlockIsTrue'}:
        return None
    if SKIP_FEATURES & set(meta['features']) or '$262' in src:
        return None
    parts = [PRELUDE]
    includes = ['assert.js', 'sta.js'] + (['doneprintHandle.js'] if 'async' in flags else []) + meta['includes']
    for inc in includes:
        parts.append(open(os.path.join(t262, 'harness', inc), encoding='utf-8').read())
    # Lets run-code show the assertion message (it renders Errors as "Name: message").
    parts.append("Object.setPrototypeOf(Test262Error.prototype, Error.prototype);")
    parts.append(src)
    if 'async' in flags:
        parts.append('\nawait __t262done;\n')
    prog = os.path.join(tmpdir, '%05d.js' % n)
    with open(prog, 'w', encoding='utf-8') as f:
        f.write('\n'.join(parts))
    return {'path': path, 'prog': prog, 'async': 'async' in flags, 'negative': meta['negative']}


def judge(t, err, lines):
    neg = t['negative']
    if neg:
        return err is not None and err == neg['type']
    if err is not None:
        return False
    if t['async']:
        return 'Test262:AsyncTestComplete' in lines
    return True


def run_ours(t):
    try:
        p = subprocess.run([RUN_CODE, '--timeout-ms', '5000', t['prog']], capture_output=True, text=True, timeout=20)
    except subprocess.TimeoutExpired:
        return 'Timeout', []
    out = p.stdout.splitlines()
    if p.returncode == 0:
        return None, out
    m = re.match(r'code run failed \((\w[\w-]*)\): (\w+)', out[0] if out else '')
    if not m:
        return 'Crash', out
    if m.group(1) != 'exception':
        return m.group(1), out
    return m.group(2), out


def main():
    global RUN_CODE
    ap = argparse.ArgumentParser()
    ap.add_argument('test262')
    ap.add_argument('folders', nargs='*')
    ap.add_argument('--max-per-folder', type=int, default=0, help='sample evenly down to N tests')
    ap.add_argument('--jobs', type=int, default=2)
    ap.add_argument('--fails', help='write the tests node passes and we fail here')
    ap.add_argument('--run-code', default=RUN_CODE, help='the run-code binary (default build/bin/run-code)')
    a = ap.parse_intermixed_args()
    RUN_CODE = a.run_code
    folders = a.folders or FOLDERS
    tmpdir = tempfile.mkdtemp(prefix='t262-')
    tests = {}
    n = 0
    for folder in folders:
        base = os.path.join(a.test262, 'test', 'language', folder)
        files = sorted(os.path.join(d, f) for d, _, fs in os.walk(base) for f in fs
                       if f.endswith('.js') and not f.endswith('_FIXTURE.js'))
        if a.max_per_folder and len(files) > a.max_per_folder:
            step = len(files) / a.max_per_folder
            files = [files[int(i * step)] for i in range(a.max_per_folder)]
        built = []
        for f in files:
            n += 1
            t = build(a.test262, f, tmpdir, n)
            if t:
                built.append(t)
        tests[folder] = built
    everything = [t for ts in tests.values() for t in ts]
    # node: a few drivers, each over a share of the tests in fresh vm contexts.
    shares = [everything[i::a.jobs] for i in range(a.jobs)]
    driver = os.path.join(tmpdir, 'driver.js')
    open(driver, 'w').write(NODE_DRIVER)
    procs = []
    for i, share in enumerate(shares):
        lst = os.path.join(tmpdir, 'list%d.json' % i)
        json.dump([t['prog'] for t in share], open(lst, 'w'))
        procs.append((subprocess.Popen(['node', driver, lst, lst + '.out']), lst + '.out'))
    node = {}
    for p, res in procs:
        p.wait()
        for r in json.load(open(res)):
            node[r['f']] = judge(next(t for t in everything if t['prog'] == r['f']) if False else by_prog(everything, r['f']), r['err'], r['lines'])
    with cf.ThreadPoolExecutor(a.jobs) as ex:
        ours = dict(zip([t['prog'] for t in everything], ex.map(run_ours, everything)))
    fails = []
    print('%-36s %6s %6s %6s %8s' % ('folder', 'tests', 'node', 'ours', 'ours/node'))
    tot = [0, 0, 0, 0]
    for folder, ts in tests.items():
        c = [len(ts), 0, 0, 0]
        for t in ts:
            nd = node.get(t['prog'], False)
            err, lines = ours[t['prog']]
            us = judge(t, err, lines)
            c[1] += nd
            c[2] += us
            c[3] += nd and us
            if nd and not us:
                fails.append('%s\t%s\t%s' % (t['path'], err, ' | '.join(lines[:2])))
        tot = [x + y for x, y in zip(tot, c)]
        print('%-36s %6d %6d %6d %7.1f%%' % (folder, c[0], c[1], c[2], 100.0 * c[3] / c[1] if c[1] else 100))
    print('%-36s %6d %6d %6d %7.1f%%' % ('total', tot[0], tot[1], tot[2], 100.0 * tot[3] / tot[1] if tot[1] else 100))
    if a.fails:
        open(a.fails, 'w').write('\n'.join(fails) + '\n')


_index = {}


def by_prog(everything, prog):
    if not _index:
        for t in everything:
            _index[t['prog']] = t
    return _index[prog]


if __name__ == '__main__':
    sys.exit(main())
