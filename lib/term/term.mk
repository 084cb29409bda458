# Terminal sessions (termd, term-*): the screen of --screen comes from libvterm.
PKGS += libvterm-dev
LDLIBS += -lvterm
