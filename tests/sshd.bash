# An sshd of the test's own on 127.0.0.1, for tests that ssh into localhost: a free port, a
# host key and a user key made in the test's folder, the daemon in the foreground under that
# folder (its config, log and pid file there), stopped in teardown. After start_sshd,
# $ODA_SSH is the ssh command that logs into it without a question.

# A TCP port nobody listens on now.
free_port() {
  python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

sshd_answers() {
  (exec 3<>"/dev/tcp/127.0.0.1/$SSHD_PORT") 2>/dev/null
}

start_sshd() {
  command -v /usr/sbin/sshd >/dev/null || skip "no sshd (openssh-server)"
  # sshd wants its privilege separation folder, made by its service otherwise.
  [[ -d /run/sshd ]] || mkdir -p -m 0755 /run/sshd 2>/dev/null || skip "no /run/sshd"
  SSHD_DIR="$BATS_TEST_TMPDIR/sshd"
  mkdir -p -m 0700 "$SSHD_DIR"
  ssh-keygen -q -t ed25519 -N '' -f "$SSHD_DIR/host_key"
  ssh-keygen -q -t ed25519 -N '' -f "$SSHD_DIR/user_key"
  cp "$SSHD_DIR/user_key.pub" "$SSHD_DIR/authorized_keys"
  SSHD_PORT=$(free_port)
  cat >"$SSHD_DIR/sshd_config" <<CONF
Port $SSHD_PORT
ListenAddress 127.0.0.1
HostKey $SSHD_DIR/host_key
AuthorizedKeysFile $SSHD_DIR/authorized_keys
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
  User $(id -un)
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
}

stop_sshd() {
  [[ -n "${SSHD_DIR:-}" && -f "$SSHD_DIR/sshd.bg" ]] || return 0
  local pid
  pid=$(cat "$SSHD_DIR/sshd.bg")
  kill -TERM "$pid" 2>/dev/null || return 0
  wait "$pid" 2>/dev/null || true
}
