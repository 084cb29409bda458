// Sessions whose shell the daemon does not start itself: type `ssh` (the system's OpenSSH
// client to a host, with the user's config, keys and agent, its connection shared through a
// control socket under the runtime folder) and type `command` (any program that yields an
// interactive shell: `docker exec -it C bash`, `kubectl exec -it P -- sh`, `bash --norc`).
// The daemon's integration is written into that shell once it is up, as one line that bash,
// zsh and a POSIX sh each run, so waits and exit statuses are exact there too.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace oda::term {

class Session;
class TtyProbe;

enum class SessionType { Shell, Ssh, Command };
// "shell", "ssh", "command"; false for another word.
bool parse_session_type(std::string_view word, SessionType* type);
std::string_view session_type_name(SessionType type);

// The control socket the sessions to one host (with one set of options) share:
// <runtime>/ssh/<hash of host and options>, short enough for a socket's path.
std::string control_socket(const std::string& runtime, const std::string& host, const std::vector<std::string>& options);

// The session's ssh: a terminal on the far side (-tt), the user's options first (OpenSSH keeps
// the first value it is given), then the shared connection through `socket`, as a client
// only: the master lives outside every session, so closing one never cuts another.
std::vector<std::string> ssh_argv(const std::string& ssh, const std::string& host, const std::vector<std::string>& options,
                                  const std::string& socket);
// The shared connection's master: no terminal, no command, no question it could ask
// (BatchMode), kept for kPersistSeconds after its last session.
std::vector<std::string> ssh_master_argv(const std::string& ssh, const std::string& host,
                                         const std::vector<std::string>& options, const std::string& socket);
constexpr int kPersistSeconds = 60;

// Starts the master for `socket` unless one answers there: a child of the daemon in a
// session of its own, its output to /dev/null (a failed master only means no sharing).
void start_ssh_master(const std::vector<std::string>& argv, const std::vector<std::string>& env, const std::string& socket);

// `name` found on `path` (a PATH value) as execvp would; `name` itself when it holds a '/';
// "" when nothing executable is found.
std::string find_program(const std::string& name, const std::string& path);

// The line that installs the integration in the far shell, whichever of bash, zsh or a POSIX
// sh it is: echo off first, then the family's own integration (spawn.h integration_script),
// PAGER=cat and GIT_PAGER=cat, and a `cd` to cwd when one was asked (failing: the shell ends,
// so the open says why).
std::string bootstrap_script(const std::string& nonce, const std::string& cwd);

// Whether a remote session's far shell is up to take the bootstrap, at time now: the program
// itself is a shell (bash, zsh, sh by its executable) reading the terminal; or, with a relay in front (ssh,
// docker exec), the relay has put the terminal in raw mode (it relays a session now, past
// any password or host-key question) and the output is quiet after an unfinished line (the
// far shell's prompt; never earlier, as typed-ahead keys would go to its rc files). Output
// quiet for kBootstrapQuietMs first.
bool bootstrap_due(Session& s, const TtyProbe& probe, int64_t now);
// Whether a remote session not up yet asks a question (ssh's password or host-key question:
// it reads the terminal itself, after an unfinished line): the open answers with it.
bool remote_asks(Session& s, const TtyProbe& probe, int64_t now);
constexpr int64_t kBootstrapQuietMs = 100;

}  // namespace oda::term
