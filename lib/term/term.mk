# Terminal sessions (termd, term-*): the screen of --screen comes from libvterm.
PKGS += libvterm-dev
# Real programs the terminal tests drive (tests/term-programs.bats).
PKGS += bc sqlite3 gdb vim less procps
LDLIBS += -lvterm
