# An sshd of the test's own on 127.0.0.1, for tests that ssh into localhost: a free port, a
# host key and a user key made in the test's folder, the daemon in the foreground under that
# folder (its config, log and pid file there), stopped in teardown. After start_sshd [USER]
# (default: the test's own user), $ODA_SSH is the ssh command that logs into it as USER without
# a question, and ODA_SSH_OPTIONS the same settings as term-open's --ssh-option words.

# A TCP port nobody listens on now.
free_port() {
  python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

sshd_answers() {
  (exec 3<>"/dev/tcp/127.0.0.1/$SSHD_PORT") 2>/dev/null
}

start_sshd() {
  local user=${1:-$(id -un)}
  command -v /usr/sbin/sshd >/dev/null || skip "no sshd (openssh-server)"
  # sshd wants its privilege separation folder, made by its service otherwise.
  [[ -d /run/sshd ]] || mkdir -p -m 0755 /run/sshd 2>/dev/null || skip "no /run/sshd"
  SSHD_DIR="$BATS_TEST_TMPDIR/sshd"
  mkdir -p -m 0700 "$SSHD_DIR"
  ssh-keygen -q -t ed25519 -N '' -f "$SSHD_DIR/host_key"
  ssh-keygen -q -t ed25519 -N '' -f "$SSHD_DIR/user_key"
  cp "$SSHD_DIR/user_key.pub" "$SSHD_DIR/authorized_keys"
  # sshd reads a user's keys as that user: another user's go in their own home.
  if [[ "$user" != "$(id -un)" ]]; then
    local home
    home=$(getent passwd "$user" | cut -d: -f6)
    mkdir -p -m 0700 "$home/.ssh" && cp "$SSHD_DIR/user_key.pub" "$home/.ssh/authorized_keys" &&
      chown -R "$user:" "$home/.ssh" || skip "cannot give $user the test's key"
  fi
  SSHD_PORT=$(free_port)
  cat >"$SSHD_DIR/sshd_config" <<CONF
Port $SSHD_PORT
ListenAddress 127.0.0.1
HostKey $SSHD_DIR/host_key
AuthorizedKeysFile $SSHD_DIR/authorized_keys .ssh/authorized_keys
StrictModes no
PasswordAuthentication no
KbdInteractiveAuthentication no
PermitRootLogin prohibit-password
UsePAM no
PrintMotd no
PrintLastLog no
CONF
  echo "[127.0.0.1]:$SSHD_PORT $(cat "$SSHD_DIR/host_key.pub")" >"$SSHD_DIR/known_hosts"
  cat >"$SSHD_DIR/ssh_config" <<CONF
Host oda-test
  HostName 127.0.0.1
  Port $SSHD_PORT
  User $user
  IdentityFile $SSHD_DIR/user_key
  IdentitiesOnly yes
  UserKnownHostsFile $SSHD_DIR/known_hosts
  StrictHostKeyChecking yes
  BatchMode yes
  LogLevel ERROR
CONF
  /usr/sbin/sshd -D -f "$SSHD_DIR/sshd_config" -E "$SSHD_DIR/sshd.log" -o "PidFile=$SSHD_DIR/sshd.pid" &
  echo $! >"$SSHD_DIR/sshd.bg"
  poll_until sshd_answers
  export ODA_SSH="ssh -tt -F $SSHD_DIR/ssh_config oda-test"
  ODA_SSH_OPTIONS=()
  local o
  for o in HostName=127.0.0.1 "Port=$SSHD_PORT" "User=$user" "IdentityFile=$SSHD_DIR/user_key" IdentitiesOnly=yes \
    "UserKnownHostsFile=$SSHD_DIR/known_hosts" StrictHostKeyChecking=yes BatchMode=yes LogLevel=ERROR; do
    ODA_SSH_OPTIONS+=(--ssh-option "$o")
  done
}

stop_sshd() {
  [[ -n "${SSHD_DIR:-}" && -f "$SSHD_DIR/sshd.bg" ]] || return 0
  local pid
  pid=$(cat "$SSHD_DIR/sshd.bg")
  kill -TERM "$pid" 2>/dev/null || return 0
  wait "$pid" 2>/dev/null || true
}
