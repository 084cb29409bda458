#!/usr/bin/env bats
# The built-ins the worker loads on first use (Intl, collation, normalize, URL, Map/Set and
# the Weak* collections, atob/btoa, structuredClone, DOMException): before and after that
# first use they look and behave exactly like the eagerly loaded ones (as node prints them).

load helpers

@test "a lazily loaded global is a writable, configurable, non-enumerable data property" {
  run run-code --code '
    var d = Object.getOwnPropertyDescriptor(globalThis, "Intl");
    var names = ["Intl", "URL", "URLSearchParams", "Map", "Set", "WeakMap", "WeakSet", "WeakRef",
                 "FinalizationRegistry", "atob", "btoa", "structuredClone", "DOMException"];
    var all = Object.getOwnPropertyDescriptors(globalThis);
    return [d.writable, d.enumerable, d.configurable, "get" in d,
            names.every(function (n) { var e = all[n]; return e.writable && !e.enumerable && e.configurable && typeof e.value !== "undefined"; }),
            Object.keys(globalThis).filter(function (k) { return names.indexOf(k) >= 0; }).length]'
  assert_success
  assert_output '[true,false,true,false,true,0]'
}

@test "a method captured before its module loads works and is then the loaded one" {
  run run-code --code '
    var norm = String.prototype.normalize, cmp = String.prototype.localeCompare, tls = Number.prototype.toLocaleString;
    var before = [norm.name, norm.length, cmp.length, tls.length];
    var out = [norm.call("e\u0301").length, cmp.call("a", "B"), tls.call(1234.5)];
    return before.concat(out, [String.prototype.normalize.name, ["b", "a", "C"].sort(function (x, y) { return x.localeCompare(y); })])'
  assert_success
  assert_output '["normalize",0,1,0,1,-1,"1,234.5","normalize",["a","b","C"]]'
}

@test "assigning a lazily loaded global replaces it; its siblings still load" {
  run run-code --code '
    URL = 42;
    var d = Object.getOwnPropertyDescriptor(globalThis, "URL");
    return [URL, d.enumerable, new URLSearchParams("a=1&b=2").get("b"), typeof Map, new Map([[1, 2]]).get(1)]'
  assert_success
  assert_output '[42,false,"2","function",2]'
}

@test "the lazily loaded built-ins work from their first use" {
  run run-code --code '
    var u = new URL("https://example.com/a/b?x=1#h");
    u.searchParams.append("y", "2");
    var s = new Set([1, 1, 2]);
    return [u.href, Intl.NumberFormat.name, new Intl.NumberFormat("de-DE").format(1234.5), btoa("hi"), atob("aGk="),
            structuredClone({a: [1, {b: 2}]}), new DOMException("x", "AbortError").code, s.size, Map[Symbol.species] === Map,
            new Date(0).toLocaleDateString("en-US", {timeZone: "UTC"}), Object.prototype.toString.call(new Map().keys())]'
  assert_success
  assert_output '["https://example.com/a/b?x=1&y=2#h","NumberFormat","1.234,5","aGk=","hi",{"a":[1,{"b":2}]},20,2,true,"1/1/1970","[object Map Iterator]"]'
}
