// The natives of a program's `fs`, over fs::Files (lib/sandbox/fs.js builds `fs` from them).
//
// Duktape reports errors by longjmp, which skips C++ destructors. So each native works in
// three steps: read its arguments (may throw; nothing owning is alive yet), do the C++ work
// inside a noexcept function that keeps every result in the static Scratch, then push the
// results from Scratch (may throw; again nothing owning is alive on the stack).
#include "sandbox/fs_natives.h"

#include <duktape.h>

#include <cstring>
#include <exception>
#include <string>
#include <vector>

#include "sandbox/fs_ops.h"

namespace oda::sandbox::fs {

namespace {

// The one native call under way: its arguments and results, outside the Duktape stack.
struct Scratch {
  Files* files = nullptr;
  std::string a, b;              // path arguments, as UTF-8
  std::string data;              // bytes read or to write
  std::string text;              // a result string in Duktape's CESU-8
  std::vector<DirEntry> entries;
  Stat st;
  Error err;
};

Scratch& S() {
  static Scratch s;
  return s;
}

// Runs fn with every C++ exception caught; an escaping one becomes an EIO error.
template <class F>
bool guarded(F&& fn) noexcept {
  try {
    return fn();
  } catch (const std::exception& e) {
    try {
      S().err = Error{"EIO", std::string("internal error: ") + e.what()};
    } catch (...) {
    }
  } catch (...) {
  }
  return false;
}

// The path argument at idx, or a TypeError thrown (nothing owning is alive at the call).
const char* path_arg(duk_context* ctx, duk_idx_t idx, duk_size_t* len, const char* name) {
  if (!duk_is_string(ctx, idx)) {
    (void)duk_type_error(ctx, "The \"%s\" argument must be of type string", name);
  }
  if (!S().files) (void)duk_error(ctx, DUK_ERR_ERROR, "fs is not available in this run");
  return duk_get_lstring(ctx, idx, len);
}

// Throws S().err as a Node-like Error: message, code, errno, syscall, path.
duk_ret_t throw_err(duk_context* ctx) {
  const Error& e = S().err;
  duk_push_error_object(ctx, DUK_ERR_ERROR, "%s", e.message.c_str());
  duk_push_string(ctx, e.code.c_str());
  duk_put_prop_string(ctx, -2, "code");
  if (e.errno_value != 0) {
    duk_push_int(ctx, -e.errno_value);
    duk_put_prop_string(ctx, -2, "errno");
  }
  if (!e.syscall.empty()) {
    duk_push_string(ctx, e.syscall.c_str());
    duk_put_prop_string(ctx, -2, "syscall");
  }
  duk_push_lstring(ctx, e.path.data(), e.path.size());
  duk_put_prop_string(ctx, -2, "path");
  if (e.denied) {
    duk_push_string(ctx, "FileSystemWrite");
    duk_put_prop_string(ctx, -2, "permission");
  }
  return duk_throw(ctx);
}

// The data argument of writeFile/appendFile: a string (written as UTF-8) or bytes.
bool take_data(duk_context* ctx, duk_idx_t idx) {
  if (duk_is_string(ctx, idx)) {
    duk_size_t n;
    const char* p = duk_get_lstring(ctx, idx, &n);
    return guarded([&] {
      S().data = engine::cesu8_to_utf8({p, n});
      return true;
    });
  }
  if (duk_is_buffer_data(ctx, idx)) {
    duk_size_t n = 0;
    void* p = duk_get_buffer_data(ctx, idx, &n);
    return guarded([&] {
      S().data.assign(static_cast<const char*>(p), n);
      return true;
    });
  }
  (void)duk_type_error(ctx,
                       "The \"data\" argument must be of type string or an instance of "
                       "Uint8Array");
  return false;
}

// readFile(path, encoding): a string when encoding is "utf8", else a Uint8Array.
duk_ret_t js_read_file(duk_context* ctx) {
  duk_size_t n;
  const char* p = path_arg(ctx, 0, &n, "path");
  bool text = false;
  if (duk_is_string(ctx, 1)) {
    const char* enc = duk_get_string(ctx, 1);
    std::string_view e(enc);
    if (e == "utf8" || e == "utf-8" || e == "UTF-8" || e == "UTF8") {
      text = true;
    } else {
      (void)duk_type_error(ctx, "unsupported encoding '%s' (expected 'utf8' or none)", enc);
    }
  }
  bool ok = guarded([&] {
    Scratch& s = S();
    s.a = engine::cesu8_to_utf8({p, n});
    if (!s.files->read_file(s.a, &s.data, &s.err)) return false;
    if (text) s.text = engine::utf8_to_cesu8(s.data);
    return true;
  });
  if (!ok) return throw_err(ctx);
  if (text) {
    duk_push_lstring(ctx, S().text.data(), S().text.size());
    return 1;
  }
  void* buf = duk_push_fixed_buffer(ctx, S().data.size());
  if (!S().data.empty()) memcpy(buf, S().data.data(), S().data.size());
  duk_push_buffer_object(ctx, -1, 0, S().data.size(), DUK_BUFOBJ_UINT8ARRAY);
  return 1;
}

duk_ret_t write_like(duk_context* ctx, bool append) {
  duk_size_t n;
  const char* p = path_arg(ctx, 0, &n, "path");
  const char* op = duk_get_string(ctx, 2);  // the caller's name for a denial, or NULL
  if (!take_data(ctx, 1)) return throw_err(ctx);
  bool ok = guarded([&] {
    Scratch& s = S();
    s.a = engine::cesu8_to_utf8({p, n});
    return append ? s.files->append_file(s.a, s.data, &s.err)
                  : s.files->write_file(s.a, s.data, &s.err, op ? op : "writeFile");
  });
  if (!ok) return throw_err(ctx);
  return 0;
}

duk_ret_t js_write_file(duk_context* ctx) { return write_like(ctx, false); }
duk_ret_t js_append_file(duk_context* ctx) { return write_like(ctx, true); }

// readdir(path): [[name, type], ...] with type "f", "d", "l" or "o".
duk_ret_t js_readdir(duk_context* ctx) {
  duk_size_t n;
  const char* p = path_arg(ctx, 0, &n, "path");
  bool ok = guarded([&] {
    Scratch& s = S();
    s.a = engine::cesu8_to_utf8({p, n});
    if (!s.files->readdir(s.a, &s.entries, &s.err)) return false;
    for (auto& e : s.entries) e.name = engine::utf8_to_cesu8(e.name);
    return true;
  });
  if (!ok) return throw_err(ctx);
  duk_push_array(ctx);
  for (size_t i = 0; i < S().entries.size(); ++i) {
    const DirEntry& e = S().entries[i];
    duk_push_array(ctx);
    duk_push_lstring(ctx, e.name.data(), e.name.size());
    duk_put_prop_index(ctx, -2, 0);
    char t[2] = {e.type, 0};
    duk_push_string(ctx, t);
    duk_put_prop_index(ctx, -2, 1);
    duk_put_prop_index(ctx, -2, static_cast<duk_uarridx_t>(i));
  }
  return 1;
}

// stat(path, follow): the plain numbers of a Stats object plus "type".
duk_ret_t js_stat(duk_context* ctx) {
  duk_size_t n;
  const char* p = path_arg(ctx, 0, &n, "path");
  bool follow = duk_to_boolean(ctx, 1);
  bool ok = guarded([&] {
    Scratch& s = S();
    s.a = engine::cesu8_to_utf8({p, n});
    return s.files->stat(s.a, follow, &s.st, &s.err);
  });
  if (!ok) return throw_err(ctx);
  const Stat& st = S().st;
  duk_push_object(ctx);
  auto num = [&](const char* k, double v) {
    duk_push_number(ctx, v);
    duk_put_prop_string(ctx, -2, k);
  };
  num("dev", static_cast<double>(st.dev));
  num("mode", st.mode);
  num("nlink", static_cast<double>(st.nlink));
  num("uid", static_cast<double>(st.uid));
  num("gid", static_cast<double>(st.gid));
  num("ino", static_cast<double>(st.ino));
  num("size", static_cast<double>(st.size));
  num("atimeMs", st.atime_ms);
  num("mtimeMs", st.mtime_ms);
  num("ctimeMs", st.ctime_ms);
  num("birthtimeMs", st.birthtime_ms);
  duk_push_string(ctx, st.is_file ? "f" : st.is_dir ? "d" : st.is_symlink ? "l" : "o");
  duk_put_prop_string(ctx, -2, "type");
  return 1;
}

duk_ret_t js_mkdir(duk_context* ctx) {
  duk_size_t n;
  const char* p = path_arg(ctx, 0, &n, "path");
  bool recursive = duk_to_boolean(ctx, 1);
  bool ok = guarded([&] {
    Scratch& s = S();
    s.a = engine::cesu8_to_utf8({p, n});
    return s.files->mkdir(s.a, recursive, &s.err);
  });
  if (!ok) return throw_err(ctx);
  return 0;
}

duk_ret_t js_rm(duk_context* ctx) {
  duk_size_t n;
  const char* p = path_arg(ctx, 0, &n, "path");
  bool recursive = duk_to_boolean(ctx, 1);
  bool force = duk_to_boolean(ctx, 2);
  const char* op = duk_get_string(ctx, 3);
  bool ok = guarded([&] {
    Scratch& s = S();
    s.a = engine::cesu8_to_utf8({p, n});
    return s.files->rm(s.a, recursive, force, &s.err, op ? op : "rm");
  });
  if (!ok) return throw_err(ctx);
  return 0;
}

duk_ret_t js_rename(duk_context* ctx) {
  duk_size_t n1, n2;
  const char* p1 = path_arg(ctx, 0, &n1, "oldPath");
  const char* p2 = path_arg(ctx, 1, &n2, "newPath");
  bool ok = guarded([&] {
    Scratch& s = S();
    s.a = engine::cesu8_to_utf8({p1, n1});
    s.b = engine::cesu8_to_utf8({p2, n2});
    return s.files->rename(s.a, s.b, &s.err);
  });
  if (!ok) return throw_err(ctx);
  return 0;
}

duk_ret_t js_exists(duk_context* ctx) {
  duk_size_t n;
  const char* p = path_arg(ctx, 0, &n, "path");
  bool yes = false;
  guarded([&] {
    Scratch& s = S();
    s.a = engine::cesu8_to_utf8({p, n});
    yes = s.files->exists(s.a);
    return true;
  });
  duk_push_boolean(ctx, yes);
  return 1;
}

// The run's own temp folder (its TMPDIR), for os.tmpdir().
duk_ret_t js_tmpdir(duk_context* ctx) {
  if (!S().files) (void)duk_error(ctx, DUK_ERR_ERROR, "fs is not available in this run");
  guarded([&] {
    Scratch& s = S();
    s.text = engine::utf8_to_cesu8(s.files->policy().temp);
    return true;
  });
  duk_push_lstring(ctx, S().text.data(), S().text.size());
  return 1;
}

const duk_function_list_entry kNatives[] = {
    {"readFile", js_read_file, 2},
    {"writeFile", js_write_file, 3},
    {"appendFile", js_append_file, 2},
    {"readdir", js_readdir, 1},
    {"stat", js_stat, 2},
    {"mkdir", js_mkdir, 2},
    {"rm", js_rm, 4},
    {"rename", js_rename, 2},
    {"exists", js_exists, 1},
    {"tmpdir", js_tmpdir, 0},
    {nullptr, nullptr, 0},
};

// The natives go on the global object as __oda_fs; lib/sandbox/fs.js (in the prelude) takes
// them from there and builds the global `fs`.
duk_ret_t install(duk_context* ctx, void*) {
  duk_push_object(ctx);
  duk_put_function_list(ctx, -1, kNatives);
  duk_put_global_string(ctx, "__oda_fs");
  return 0;
}

}  // namespace

void attach(Files* files) { S().files = files; }

bool register_fs(duk_hthread* ctx, const char** err) {
  if (duk_safe_call(ctx, install, nullptr, 0, 1) != DUK_EXEC_SUCCESS) {
    *err = "cannot install the fs natives";
    duk_pop(ctx);
    return false;
  }
  duk_pop(ctx);
  return true;
}

}  // namespace oda::sandbox::fs
