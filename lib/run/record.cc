// Run records on disk (see record.h).
#include "run/record.h"

#include <dirent.h>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <sys/random.h>

#include "cli/cli.h"
#include "sys/dirs.h"

namespace oda::run {

std::string state_dir() {
  const char* state = getenv("ODA_STATE_DIR");
  if (state && *state) return state;
  const char* xdg = getenv("XDG_STATE_HOME");
  if (xdg && *xdg) return std::string(xdg) + "/oda";
  const char* home = getenv("HOME");
  return std::string(home && *home ? home : ".") + "/.local/state/oda";
}

std::string runs_dir() { return state_dir() + "/runs"; }

std::string new_run_id() {
  timeval tv;
  gettimeofday(&tv, nullptr);
  tm t;
  gmtime_r(&tv.tv_sec, &t);
  unsigned short tail = 0;
  if (getrandom(&tail, sizeof tail, GRND_NONBLOCK) != sizeof tail) tail = static_cast<unsigned short>(getpid());
  char buf[64];
  std::snprintf(buf, sizeof buf, "%04d%02d%02d-%02d%02d%02d-%03d-%04x", t.tm_year + 1900, t.tm_mon + 1,
                t.tm_mday, t.tm_hour, t.tm_min, t.tm_sec, static_cast<int>(tv.tv_usec / 1000),
                static_cast<unsigned>(tail));
  return buf;
}

namespace {

bool valid_id(const std::string& id) {
  if (id.empty() || id.size() > 64) return false;
  for (char c : id)
    if (!(isalnum(static_cast<unsigned char>(c)) || c == '-')) return false;
  return true;
}

}  // namespace

namespace {

// Records are lines of two append-only logs: the current one and, once that passed its
// maximum size, the one before it (an older one is dropped). Appending costs a write, where a file per
// run cost an inode: a quarter of a short run's time. Each line starts with its run id, so
// a record is found without parsing the others. Records from before the logs (RUN_ID.json
// files) are still read.
constexpr const char* kLog = "runs.jsonl";
constexpr const char* kOldLog = "runs.1.jsonl";

std::string line_prefix(const std::string& id) { return "{\"runId\":\"" + id + "\","; }

// A log mapped read-only; empty when missing. Only whole lines count: a record being
// appended by another run is not there yet.
struct Mapped {
  const char* data = nullptr;
  size_t size = 0;
  explicit Mapped(const std::string& path) {
    int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) return;
    struct stat st;
    if (fstat(fd, &st) == 0 && st.st_size > 0) {
      void* p = mmap(nullptr, static_cast<size_t>(st.st_size), PROT_READ, MAP_PRIVATE, fd, 0);
      if (p != MAP_FAILED) {
        data = static_cast<const char*>(p);
        size = static_cast<size_t>(st.st_size);
      }
    }
    close(fd);
    const void* nl = size ? memrchr(data, '\n', size) : nullptr;
    mapped_ = size;
    size = nl ? static_cast<size_t>(static_cast<const char*>(nl) - data) + 1 : 0;
  }
  ~Mapped() {
    if (data) munmap(const_cast<char*>(data), mapped_);
  }
  Mapped(const Mapped&) = delete;
  Mapped& operator=(const Mapped&) = delete;

 private:
  size_t mapped_ = 0;
};

bool parse_line(std::string_view line, json::Value* record) {
  std::string perr;
  return json::parse(line, record, &perr) && record->is_object();
}

// Finds id's line in one log.
bool find_in_log(const std::string& path, const std::string& id, json::Value* record) {
  Mapped m(path);
  std::string needle = "\n" + line_prefix(id);
  std::string_view all(m.data ? m.data : "", m.size);
  size_t at;
  if (all.substr(0, needle.size() - 1) == std::string_view(needle).substr(1)) at = 0;
  else if ((at = all.find(needle)) != std::string_view::npos) ++at;
  else return false;
  size_t end = all.find('\n', at);
  return parse_line(all.substr(at, end - at), record);
}

// The ids of the pre-log record files, newest first.
std::vector<std::string> file_ids() {
  std::vector<std::string> ids;
  if (DIR* d = opendir(runs_dir().c_str())) {
    while (dirent* e = readdir(d)) {
      std::string name = e->d_name;
      if (name.size() > 5 && name.compare(name.size() - 5, 5, ".json") == 0) ids.push_back(name.substr(0, name.size() - 5));
    }
    closedir(d);
  }
  std::sort(ids.rbegin(), ids.rend());
  return ids;
}

}  // namespace

bool save_record(const json::Value& record, std::string* err, size_t max_log_bytes) {
  const json::Value* id = record.get("runId");
  if (!id || !id->is_string() || !valid_id(id->as_string())) {
    *err = "a run record needs a run id";
    return false;
  }
  // The id first, then the other members in their order (written in place: a record can
  // hold 64 MiB of output).
  std::string text = line_prefix(id->as_string());
  for (const auto& [key, value] : record.members()) {
    if (key == "runId") continue;
    json::append_quoted(&text, key);
    text += ':';
    json::write_to(value, &text);
    text += ',';
  }
  text.back() = '}';
  text += '\n';
  std::string dir = runs_dir(), path = dir + "/" + kLog;
  int fd = open(path.c_str(), O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0600);
  if (fd < 0 && errno == ENOENT) {
    if (!sys::make_dirs(dir, err)) return false;
    fd = open(path.c_str(), O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0600);
  }
  if (fd < 0) {
    *err = "cannot write '" + path + "': " + std::strerror(errno);
    return false;
  }
  // One write: appends of concurrent runs never interleave.
  ssize_t w;
  do w = ::write(fd, text.data(), text.size());
  while (w < 0 && errno == EINTR);
  struct stat st;
  bool full = fstat(fd, &st) == 0 && static_cast<size_t>(st.st_size) > max_log_bytes;
  close(fd);
  if (w != static_cast<ssize_t>(text.size())) {
    *err = "cannot write '" + path + "': " + (w < 0 ? std::strerror(errno) : "short write");
    return false;
  }
  if (full) rename(path.c_str(), (dir + "/" + kOldLog).c_str());
  return true;
}

bool load_record(const std::string& id, json::Value* record, std::string* err) {
  std::string dir = runs_dir();
  if (valid_id(id)) {
    if (find_in_log(dir + "/" + kLog, id, record) || find_in_log(dir + "/" + kOldLog, id, record)) return true;
    std::string text, rerr;
    if (cli::read_input(dir + "/" + id + ".json", &text, &rerr)) {
      if (parse_line(text, record)) return true;
      *err = "run record '" + id + "' is damaged";
      return false;
    }
  }
  *err = "no run '" + id + "'";
  return false;
}

std::vector<json::Value> recent_records(size_t n) {
  std::vector<json::Value> out;
  std::string dir = runs_dir();
  for (const char* log : {kLog, kOldLog}) {
    Mapped m(dir + "/" + log);
    size_t end = m.size;  // past the newline of the line being looked at
    while (out.size() < n && end > 0) {
      const void* nl = end > 1 ? memrchr(m.data, '\n', end - 1) : nullptr;
      size_t begin = nl ? static_cast<size_t>(static_cast<const char*>(nl) - m.data) + 1 : 0;
      json::Value r;
      if (parse_line(std::string_view(m.data + begin, end - 1 - begin), &r)) out.push_back(std::move(r));
      end = begin;
    }
  }
  for (const auto& id : file_ids()) {
    if (out.size() >= n) break;
    json::Value r;
    std::string err;
    if (load_record(id, &r, &err)) out.push_back(std::move(r));
  }
  return out;
}

}  // namespace oda::run
