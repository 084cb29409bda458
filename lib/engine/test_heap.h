// A Duktape heap with the natives and the runtime prelude (lib/engine/runtime, from 10-*.js on)
// loaded from source, for the unit tests of the built-ins and the RegExp natives.
#pragma once

#include <dirent.h>
#include <duktape.h>

#include <time.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "engine/natives.h"

namespace oda::js::testing {

inline std::string runtime_dir() {
  std::string f = __FILE__;
  return f.substr(0, f.rfind('/')) + "/runtime";  // this file sits in lib/engine, beside runtime/
}

// The driver shows a value as JSON with every non-ASCII character escaped, so expectations
// taken from node compare byte for byte; a throw shows as "THROW Name: message".
constexpr const char* kDriver = R"JS(
(function (g) {
  function esc(s) {
    var o = '';
    for (var i = 0; i < s.length; i++) {
      var c = s.charCodeAt(i);
      o += c < 0x7f ? s.charAt(i) : '\\u' + ('000' + c.toString(16)).slice(-4);
    }
    return o;
  }
  g.__t_show = function (f) {
    try {
      var v = f();
      return v === undefined ? 'undefined' : esc(String(JSON.stringify(v)));
    } catch (e) { return 'THROW ' + (e && e.name) + ': ' + esc(String(e && e.message)); }
  };
})(this);
)JS";

class Heap {
 public:
  Heap() {
    // Expectations were taken from node in UTC; local-time formatting must match them.
    setenv("TZ", "UTC", 1);
    tzset();
    ctx_ = duk_create_heap_default();
    oda::engine::register_natives(ctx_);
    std::vector<std::string> files;
    if (DIR* d = opendir(runtime_dir().c_str())) {
      while (dirent* e = readdir(d)) {
        std::string n = e->d_name;
        if (n.size() > 3 && n.compare(n.size() - 3, 3, ".js") == 0 && n >= "10") files.push_back(n);
      }
      closedir(d);
    }
    std::sort(files.begin(), files.end());
    for (const auto& f : files) {
      std::ifstream in(runtime_dir() + "/" + f);
      std::stringstream ss;
      ss << in.rdbuf();
      std::string err = run(ss.str(), f);
      if (!err.empty()) load_error_ += f + ": " + err + "\n";
    }
    run(kDriver, "driver");
  }
  ~Heap() { duk_destroy_heap(ctx_); }
  Heap(const Heap&) = delete;
  Heap& operator=(const Heap&) = delete;

  const std::string& load_error() const { return load_error_; }

  // Evaluates the expression through the driver; returns its shown value.
  std::string show(const std::string& expr) {
    std::string src = "__t_show(function () { return (" + expr + "\n); })";
    return eval(src);
  }
  // Evaluates a program; returns String(completion value) or "ERROR ...".
  std::string eval(const std::string& src) {
    duk_push_string(ctx_, "test");
    if (duk_pcompile_lstring_filename(ctx_, DUK_COMPILE_EVAL, src.data(), src.size()) != 0) {
      std::string e = std::string("ERROR ") + duk_safe_to_string(ctx_, -1);
      duk_pop(ctx_);
      return e;
    }
    if (duk_pcall(ctx_, 0) != 0) {
      std::string e = std::string("ERROR ") + duk_safe_to_string(ctx_, -1);
      duk_pop(ctx_);
      return e;
    }
    std::string r = duk_safe_to_string(ctx_, -1);
    duk_pop(ctx_);
    return r;
  }
  duk_context* ctx() { return ctx_; }

 private:
  std::string run(const std::string& src, const std::string& name) {
    duk_push_string(ctx_, name.c_str());
    if (duk_pcompile_lstring_filename(ctx_, 0, src.data(), src.size()) != 0 || duk_pcall(ctx_, 0) != 0) {
      std::string e = duk_safe_to_string(ctx_, -1);
      duk_pop(ctx_);
      return e;
    }
    duk_pop(ctx_);
    return "";
  }

  duk_context* ctx_;
  std::string load_error_;
};

}  // namespace oda::js::testing
