# Terminal sessions (termd, term-*): the screen of --screen comes from libvterm; the shell and
# relaying-program tests need zsh, ssh to a local sshd, and sudo.
PKGS += libvterm-dev openssh-server openssh-client sudo zsh
LDLIBS += -lvterm
