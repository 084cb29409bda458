#!/usr/bin/env bats
# Each function of a program's `fs` (SPEC 4.7), with the errors a user meets: Node's codes,
# the system's reason, the syscall and the path as the program gave it.
load helpers

local_setup() {
  mkdir -p ws tmp
  export TMPDIR="$PWD/tmp"
  cd ws || return 1
}

js() {
  run --separate-stderr run-code --code "$1"
}

# A program whose promise rejects prints "code|message|syscall|path" of the error.
ERR='.then(function () { return "no error"; }, function (e) { return [e.code, e.message, e.syscall, e.path].join("|"); })'

@test "readFile: utf8 text, or bytes as a Uint8Array" {
  printf 'h\xc3\xa9llo \xf0\x9f\x98\x80' > t.txt
  js 'return fs.readFile("t.txt", "utf8").then(function (s) { return [s, s.length]; })'
  assert_success
  assert_output '["héllo 😀",8]'
  js 'return fs.readFile("t.txt", {encoding: "utf8"})'
  assert_output 'héllo 😀'
  js 'return fs.readFile("t.txt").then(function (b) { return [b instanceof Uint8Array, b.length, b[0]]; })'
  assert_output '[true,11,104]'
}

@test "readFile: ENOENT and EISDIR" {
  js "return fs.readFile('missing.txt', 'utf8')$ERR"
  assert_output "ENOENT|ENOENT: no such file or directory, open 'missing.txt'|open|missing.txt"
  mkdir d
  js "return fs.readFile('d')$ERR"
  assert_output "EISDIR|EISDIR: illegal operation on a directory, read 'd'|read|d"
}

@test "readFile: an unhandled rejection fails the run with the error" {
  js 'return fs.readFile("missing.txt", "utf8")'
  assert_failure 1
  assert_output "code run failed (exception): Error: ENOENT: no such file or directory, open 'missing.txt'"
}

@test "writeFile: text as UTF-8, bytes as they are, replacing what was there" {
  js 'return fs.writeFile("w.txt", "old old").then(function () { return fs.writeFile("w.txt", "\u00e9\ud83d\ude00"); })
        .then(function () { return fs.writeFile("b.bin", new Uint8Array([0, 255, 10])); })'
  assert_success
  [[ $(cat w.txt) == 'é😀' ]]
  [[ $(od -An -tu1 b.bin | tr -s ' ') == ' 0 255 10' ]]
}

@test "writeFile: ENOENT for a missing folder, EISDIR for a folder, TypeError for bad data" {
  js "return fs.writeFile('no/such/dir.txt', 'x')$ERR"
  assert_output "ENOENT|ENOENT: no such file or directory, open 'no/such/dir.txt'|open|no/such/dir.txt"
  mkdir d
  js "return fs.writeFile('d', 'x')$ERR"
  assert_output "EISDIR|EISDIR: illegal operation on a directory, open 'd'|open|d"
  js 'return fs.writeFile("x.txt", 42).catch(function (e) { return e.name + ": " + e.message; })'
  assert_output 'TypeError: The "data" argument must be of type string or an instance of Uint8Array'
}

@test "appendFile: adds at the end, creating the file" {
  js 'return fs.appendFile("log.txt", "one\n").then(function () { return fs.appendFile("log.txt", "two\n"); })'
  assert_success
  [[ $(cat log.txt) == $'one\ntwo' ]]
  js "return fs.appendFile('gone/log.txt', 'x')$ERR"
  assert_output "ENOENT|ENOENT: no such file or directory, open 'gone/log.txt'|open|gone/log.txt"
}

@test "readdir: names sorted, withFileTypes, recursive, and its errors" {
  mkdir -p sub/inner && touch b.txt a.txt sub/inner/c.txt && ln -s a.txt l
  js 'return fs.readdir(".")'
  assert_output '["a.txt","b.txt","l","sub"]'
  js 'return fs.readdir(".", {withFileTypes: true}).then(function (list) {
        return list.map(function (d) { return d.name + ":" + (d.isDirectory() ? "d" : d.isSymbolicLink() ? "l" : "f"); });
      })'
  assert_output '["a.txt:f","b.txt:f","l:l","sub:d"]'
  js 'return fs.readdir("sub", {recursive: true})'
  assert_output '["inner","inner/c.txt"]'
  js "return fs.readdir('nope')$ERR"
  assert_output "ENOENT|ENOENT: no such file or directory, scandir 'nope'|scandir|nope"
  js "return fs.readdir('a.txt')$ERR"
  assert_output "ENOTDIR|ENOTDIR: not a directory, scandir 'a.txt'|scandir|a.txt"
}

@test "stat and lstat: size, kind, times, and ENOENT" {
  printf '12345' > s.txt && ln -s s.txt link
  js 'return fs.stat("s.txt").then(function (s) {
        return [s.size, s.isFile(), s.isDirectory(), s.mtimeMs > 0, s.mtime instanceof Date];
      })'
  assert_output '[5,true,false,true,true]'
  js 'return Promise.all([fs.lstat("link"), fs.stat("link")]).then(function (r) {
        return [r[0].isSymbolicLink(), r[1].isFile()];
      })'
  assert_output '[true,true]'
  js "return fs.stat('none')$ERR"
  assert_output "ENOENT|ENOENT: no such file or directory, stat 'none'|stat|none"
}

@test "a Stats object comes back as plain data" {
  printf 'abc' > s.txt
  js 'return fs.stat("s.txt").then(function (s) { return Object.keys(s).indexOf("size") >= 0 && JSON.parse(JSON.stringify(s)).size; })'
  assert_output '3'
}

@test "mkdir: one folder, recursive folders, EEXIST and ENOENT" {
  js 'return fs.mkdir("one").then(function () { return fs.mkdir("a/b/c", {recursive: true}); })
        .then(function () { return fs.mkdir("a/b/c", {recursive: true}); })'
  assert_success
  [[ -d one && -d a/b/c ]]
  js "return fs.mkdir('one')$ERR"
  assert_output "EEXIST|EEXIST: file already exists, mkdir 'one'|mkdir|one"
  js "return fs.mkdir('x/y')$ERR"
  assert_output "ENOENT|ENOENT: no such file or directory, mkdir 'x/y'|mkdir|x/y"
}

@test "rm: a file, a tree with recursive, force on a missing path, and its errors" {
  mkdir -p t/u && touch f t/u/g
  js 'return fs.rm("f").then(function () { return fs.rm("t", {recursive: true}); })
        .then(function () { return fs.rm("never", {force: true}); })'
  assert_success
  [[ ! -e f && ! -e t ]]
  mkdir d
  js "return fs.rm('d')$ERR"
  assert_output "EISDIR|EISDIR: illegal operation on a directory, rm 'd' (pass { recursive: true } to remove a folder)|rm|d"
  js "return fs.rm('never')$ERR"
  assert_output "ENOENT|ENOENT: no such file or directory, rm 'never'|rm|never"
}

@test "rename: moves a file, and ENOENT names both paths" {
  echo A > a
  js 'return fs.rename("a", "b")'
  assert_success
  [[ ! -e a && $(cat b) == A ]]
  js "return fs.rename('a', 'c')$ERR"
  assert_output "ENOENT|ENOENT: no such file or directory, rename 'a' -> 'c'|rename|a"
}

@test "exists: true or false, never a rejection" {
  touch here
  js 'return Promise.all([fs.exists("here"), fs.exists("nowhere"), fs.exists(".")])'
  assert_output '[true,false,true]'
}

@test "fs.promises is fs, and the Sync forms work too" {
  js 'fs.writeFileSync("s.txt", "sync"); return [fs.promises === fs, fs.readFileSync("s.txt", "utf8"), fs.existsSync("s.txt")]'
  assert_output '[true,"sync",true]'
}

@test "a path must be a string without NUL bytes" {
  js 'return fs.readFile(42).catch(function (e) { return e.name + ": " + e.message; })'
  assert_output 'TypeError: The "path" argument must be of type string'
  js 'return fs.writeFile("/etc/passwd\u0000/../../x", "x").catch(function (e) { return e.code; })'
  assert_output 'ERR_INVALID_ARG_VALUE'
}

@test "a sandbox denial is an error with a code a program can test" {
  js 'return fs.writeFile("/etc/oda-no", "x").catch(function (e) { return [e.code, e.permission, e.path]; })'
  assert_output '["ERR_ACCESS_DENIED","FileSystemWrite","/etc/oda-no"]'
}

@test "unlink and copyFile, as Node names them" {
  printf 'data' > a
  js 'return fs.copyFile("a", "b").then(function () { return fs.unlink("a"); })'
  assert_success
  [[ ! -e a && $(cat b) == data ]]
  js "return fs.unlink('a')$ERR"
  assert_output "ENOENT|ENOENT: no such file or directory, unlink 'a'|unlink|a"
  js 'return fs.copyFile("b", "/etc/oda-copy").catch(function (e) { return e.message; })'
  assert_output "File sandbox: workspace-write; enforcement: full; operation denied: copyFile '/etc/oda-copy'"
}

@test "the raw natives are not reachable from a program" {
  js 'return [typeof __oda_fs, typeof fs, typeof fs.readFile]'
  assert_output '["undefined","object","function"]'
}
