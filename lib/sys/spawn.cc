// posix_spawn of a child on three pipes (lib/sys/spawn.h).
#include "sys/spawn.h"

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <unistd.h>

#include <cerrno>

extern char** environ;

namespace oda::sys {

int spawn_piped(const std::vector<std::string>& argv, const std::vector<std::string>* envp,
                Detach how, PipedChild* child, const std::string& cwd) {
  if (argv.empty()) return EINVAL;
  int in[2], out[2], err[2];
  if (::pipe2(in, O_CLOEXEC) != 0) return errno;
  UniqueFd in_r(in[0]), in_w(in[1]);
  if (::pipe2(out, O_CLOEXEC) != 0) return errno;
  UniqueFd out_r(out[0]), out_w(out[1]);
  if (::pipe2(err, O_CLOEXEC) != 0) return errno;
  UniqueFd err_r(err[0]), err_w(err[1]);
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_adddup2(&fa, in_r.get(), 0);
  posix_spawn_file_actions_adddup2(&fa, out_w.get(), 1);
  posix_spawn_file_actions_adddup2(&fa, err_w.get(), 2);
  if (!cwd.empty()) posix_spawn_file_actions_addchdir_np(&fa, cwd.c_str());
  posix_spawnattr_t at;
  posix_spawnattr_init(&at);
  sigset_t none, all;
  sigemptyset(&none);
  sigfillset(&all);
  posix_spawnattr_setsigmask(&at, &none);
  posix_spawnattr_setsigdefault(&at, &all);
  short flags = POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF;
  if (how == Detach::Session) {
    flags |= POSIX_SPAWN_SETSID;
  } else {
    posix_spawnattr_setpgroup(&at, 0);
    flags |= POSIX_SPAWN_SETPGROUP;
  }
  posix_spawnattr_setflags(&at, flags);
  std::vector<char*> av, ev;
  for (const auto& a : argv) av.push_back(const_cast<char*>(a.c_str()));
  av.push_back(nullptr);
  if (envp) {
    for (const auto& e : *envp) ev.push_back(const_cast<char*>(e.c_str()));
    ev.push_back(nullptr);
  }
  pid_t pid = -1;
  int rc = ::posix_spawn(&pid, av[0], &fa, &at, av.data(), envp ? ev.data() : environ);
  posix_spawn_file_actions_destroy(&fa);
  posix_spawnattr_destroy(&at);
  if (rc != 0) return rc;
  child->pid = pid;
  child->in = std::move(in_w);
  child->out = std::move(out_r);
  child->err = std::move(err_r);
  return 0;
}

}  // namespace oda::sys
