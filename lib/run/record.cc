// Run records on disk (see record.h).
#include "run/record.h"

#include <dirent.h>
#include <fcntl.h>
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

namespace oda::run {

std::string runs_dir() {
  const char* state = getenv("ODA_STATE_DIR");
  if (state && *state) return std::string(state) + "/runs";
  const char* xdg = getenv("XDG_STATE_HOME");
  if (xdg && *xdg) return std::string(xdg) + "/oda/runs";
  const char* home = getenv("HOME");
  return std::string(home && *home ? home : ".") + "/.local/state/oda/runs";
}

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

// mkdir -p with private folders: records hold programs and their outputs.
bool make_dirs(const std::string& path, std::string* err) {
  for (size_t i = 1; i <= path.size(); ++i) {
    if (i != path.size() && path[i] != '/') continue;
    std::string part = path.substr(0, i);
    if (mkdir(part.c_str(), 0700) != 0 && errno != EEXIST) {
      *err = "cannot create '" + part + "': " + std::strerror(errno);
      return false;
    }
  }
  return true;
}

bool valid_id(const std::string& id) {
  if (id.empty() || id.size() > 64) return false;
  for (char c : id)
    if (!(isalnum(static_cast<unsigned char>(c)) || c == '-')) return false;
  return true;
}

}  // namespace

bool save_record(const json::Value& record, std::string* err) {
  std::string dir = runs_dir();
  if (!make_dirs(dir, err)) return false;
  const json::Value* id = record.get("runId");
  if (!id || !id->is_string() || !valid_id(id->as_string())) {
    *err = "a run record needs a run id";
    return false;
  }
  std::string path = dir + "/" + id->as_string() + ".json";
  std::string tmp = path + ".tmp";
  std::string text = json::write(record) + "\n";
  int fd = open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
  if (fd < 0) {
    *err = "cannot write '" + tmp + "': " + std::strerror(errno);
    return false;
  }
  size_t done = 0;
  while (done < text.size()) {
    ssize_t w = ::write(fd, text.data() + done, text.size() - done);
    if (w < 0) {
      if (errno == EINTR) continue;
      *err = "cannot write '" + tmp + "': " + std::strerror(errno);
      close(fd);
      unlink(tmp.c_str());
      return false;
    }
    done += static_cast<size_t>(w);
  }
  close(fd);
  if (rename(tmp.c_str(), path.c_str()) != 0) {
    *err = "cannot write '" + path + "': " + std::strerror(errno);
    unlink(tmp.c_str());
    return false;
  }
  return true;
}

bool load_record(const std::string& id, json::Value* record, std::string* err) {
  std::string text, rerr;
  if (!valid_id(id) || !cli::read_input(runs_dir() + "/" + id + ".json", &text, &rerr)) {
    *err = "no run '" + id + "'";
    return false;
  }
  std::string perr;
  if (!json::parse(text, record, &perr) || !record->is_object()) {
    *err = "run record '" + id + "' is damaged: " + perr;
    return false;
  }
  return true;
}

std::vector<json::Value> recent_records(size_t n) {
  std::vector<std::string> ids;
  if (DIR* d = opendir(runs_dir().c_str())) {
    while (dirent* e = readdir(d)) {
      std::string name = e->d_name;
      if (name.size() > 5 && name.compare(name.size() - 5, 5, ".json") == 0) ids.push_back(name.substr(0, name.size() - 5));
    }
    closedir(d);
  }
  std::sort(ids.rbegin(), ids.rend());
  std::vector<json::Value> out;
  for (const auto& id : ids) {
    if (out.size() >= n) break;
    json::Value r;
    std::string err;
    if (load_record(id, &r, &err)) out.push_back(std::move(r));
  }
  return out;
}

}  // namespace oda::run
