// Where the daemon lives: the runtime folder (created 0700 and checked like tmux checks its
// socket folder), the socket, the pid file and the start lock.
#pragma once

#include <string>

namespace oda::term {

// $ODA_RUNTIME_DIR, else $XDG_RUNTIME_DIR/oda, else /tmp/oda-<uid>.
std::string runtime_dir();
std::string socket_path();
std::string pid_path();
std::string lock_path();

// Creates the folder (0700) when missing, then refuses it when it is a link, not a folder,
// not ours or open to others. false with *err a sentence naming the folder.
bool ensure_runtime_dir(std::string* err);
// The same checks without creating: false when missing (*err empty) or unsafe (*err set).
bool check_runtime_dir(std::string* err);

}  // namespace oda::term
