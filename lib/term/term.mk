# Terminal sessions (termd, term-*): the screen of --screen comes from libvterm.
PKGS += libvterm-dev
# Real programs the terminal tests drive (tests/term-programs.bats); the shell and
# relaying-program tests need zsh, ssh to a local sshd, and sudo.
PKGS += bc sqlite3 gdb vim less procps openssh-server openssh-client sudo zsh
LDLIBS += -lvterm
# `make NO_JOBS=1`: a build without background jobs (lib/term/job_support.cc, the only reader
# of the macro): run_in_background leaves terminal_send's schema and a background send is
# refused. The object depends on a stamp named after the switch, so switching it rebuilds it
# (make tracks files, not flags).
NO_JOBS_STAMP := $(B)/.no-jobs-$(if $(filter 1,$(NO_JOBS)),on,off)
ifeq ($(NO_JOBS),1)
$(B)/obj/lib/term/job_support.o $(B)/obj/lib/term/job_support_test.o: CPPFLAGS += -DODA_NO_JOBS
endif
$(B)/obj/lib/term/job_support.o $(B)/obj/lib/term/job_support_test.o: $(NO_JOBS_STAMP)
$(B)/.no-jobs-%:
	@mkdir -p $(B)
	@rm -f $(B)/.no-jobs-*
	@touch $@
