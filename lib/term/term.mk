# Terminal sessions (termd, term-*): the screen of --screen comes from libvterm.
PKGS += libvterm-dev
# Real programs the terminal tests drive (tests/term-programs.bats); the shell and
# relaying-program tests need zsh, ssh to a local sshd, and sudo.
PKGS += bc sqlite3 gdb vim less procps openssh-server openssh-client sudo zsh
LDLIBS += -lvterm
