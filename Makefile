# Builds the oda tools: one static library (build/liboda.a) under one small binary per
# command (build/bin/), plus the unit tests. Each subsystem adds its packages, libraries and
# generated sources in its own lib/<name>/<name>.mk, so a new one never edits this file.

B := build
# A build folder may remember how it is built: make check-sanitize and make fuzz write
# $(B)/config.mk with their compilers and flags, so any later make with B=that folder
# (make install, a rebuild after an edit) builds the same way instead of relinking plain.
-include $(B)/config.mk
# (What is built waits for it too, so a change of flags rebuilds.)
BUILD_CONFIG := $(wildcard $(B)/config.mk)
CXX ?= g++
CXXFLAGS ?= -O2 -g
# What the code needs to build at all: `override` keeps them when the user sets CXXFLAGS on
# the command line (`make CXXFLAGS="-O1 -fsanitize=address"`), whose value would otherwise
# replace the whole variable.
override CXXFLAGS += -std=c++20 -Wall -Wextra -Wno-missing-field-initializers -MMD -MP
# A section per function, so a link can lay the code out in the order it runs in
# (lib/run/run.mk orders run-code's by what a worker runs).
override CXXFLAGS += -ffunction-sections
CPPFLAGS += -Ilib -I$(B)/gen
PREFIX ?= /usr/local
DESTDIR ?=

# Debian packages the build and the tests need; fragments add theirs.
PKGS := g++ make pkg-config man-db libcli11-dev libgtest-dev bats bats-assert bats-support zsh
# The C++ runtime is linked in: loading libstdc++.so costs every command about 0.4 ms of
# start-up (its relocations), most of what a short command takes.
LDLIBS := -static-libstdc++ -static-libgcc -pthread
GEN_SRCS :=
EXTRA_OBJS :=
UNIT_LDLIBS :=

# tests/fuzz/fuzz.mk adds the fuzz targets (make fuzz) and the clang they are built with.
FRAGMENTS := $(sort $(wildcard lib/*/*.mk)) tests/fuzz/fuzz.mk
include $(FRAGMENTS)

COMMANDS := $(shell awk '!/^\#/ && NF {print $$1}' commands.list)
BINS := $(COMMANDS:%=$(B)/bin/%)
LIB_SRCS := $(filter-out %_test.cc,$(wildcard lib/*/*.cc))
LIB_OBJS := $(LIB_SRCS:%.cc=$(B)/obj/%.o) $(GEN_SRCS:%.cc=$(B)/obj/%.o) $(EXTRA_OBJS)
UNIT_SRCS := $(wildcard lib/*/*_test.cc)
UNIT_OBJS := $(UNIT_SRCS:%.cc=$(B)/obj/%.o)
DEPS_STAMP := $(B)/.deps-installed

.PHONY: all deps test demo install uninstall clean completions check-sanitize FORCE
all: $(BINS) $(B)/unit-tests

# Re-checked whenever a fragment (and so the package list) changes.
$(DEPS_STAMP): tools/install-deps Makefile $(FRAGMENTS)
	@mkdir -p $(B)
	tools/install-deps $(sort $(PKGS))
	@touch $@
deps:
	tools/install-deps $(sort $(PKGS))

$(B)/obj/%.o: %.cc $(BUILD_CONFIG) | $(DEPS_STAMP)
	@mkdir -p $(@D)
	$(CXX) $(CPPFLAGS) $(CXXFLAGS) -c $< -o $@

$(B)/liboda.a: $(LIB_OBJS)
	@rm -f $@
	ar rcs $@ $^

$(B)/bin/%: $(B)/obj/cmd/%.o $(B)/liboda.a
	@mkdir -p $(@D)
	$(CXX) $(CXXFLAGS) $< $(B)/liboda.a $(LDLIBS) -o $@

# The list of test objects as a file that changes only when the list does, so removing a
# test file relinks the unit tests instead of keeping a stale binary.
$(B)/.unit-objs: FORCE
	@mkdir -p $(B)
	@echo '$(UNIT_OBJS)' | cmp -s - $@ || echo '$(UNIT_OBJS)' > $@
FORCE:

$(B)/unit-tests: $(UNIT_OBJS) $(B)/liboda.a $(B)/.unit-objs
	$(CXX) $(CXXFLAGS) $(UNIT_OBJS) $(B)/liboda.a -lgtest -lgtest_main $(UNIT_LDLIBS) $(LDLIBS) -o $@

test: all
	tests/run

demo: all
	tools/demo

# The whole project (the engine included, without its profile step) under ASan and UBSan in
# its own folder, and the whole suite run on those binaries (tests/run reads ODA_BUILD). A
# process stops at its first report; every report is also kept under $(SAN_B)/sanitizer/,
# and any there fails the target, also one from a process whose death a test expected.
SAN_B := build-sanitize
SAN_FLAGS := -O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=all
SAN_OPTS := halt_on_error=1:detect_leaks=0:log_path=$(CURDIR)/$(SAN_B)/sanitizer/report
# (The build runs sanitized tools too, the heap image's writer among them: the pointers it
# leaves in the image's arena, which LeakSanitizer does not scan, are no leaks.)
# The run's stack is 64 MiB: ASan's frames are several times a plain build's, and the nesting
# limit (lib/js/nesting.h, 750 levels) is sized for the plain build's 8 MiB, which
# lib/js/nesting_test.cc measures; threads take their default size from the same limit.
# $(call remember_build,FOLDER,LINES): writes FOLDER/config.mk, only when its text changes.
remember_build = mkdir -p $(1) && printf '%s\n' $(2) | cmp -s - $(1)/config.mk || printf '%s\n' $(2) > $(1)/config.mk
check-sanitize:
	@$(call remember_build,$(SAN_B),'CXXFLAGS := $(SAN_FLAGS)' 'DUK_EXTRA_CFLAGS := $(SAN_FLAGS)' 'DUK_PGO := 0')
	ulimit -s 65536; ASAN_OPTIONS=detect_leaks=0 $(MAKE) B=$(SAN_B) all
	@rm -rf $(SAN_B)/sanitizer && mkdir -p $(SAN_B)/sanitizer
	ulimit -s 65536; ODA_BUILD=$(SAN_B) ASAN_OPTIONS=$(SAN_OPTS) UBSAN_OPTIONS=$(SAN_OPTS):print_stacktrace=1 tests/run; \
	  rc=$$?; if ls $(SAN_B)/sanitizer/report* >/dev/null 2>&1; then \
	  echo "check-sanitize: sanitizer reports:"; head -40 $(SAN_B)/sanitizer/report*; exit 1; fi; exit $$rc

completions: $(BINS)
	tools/gen-completions $(B)/bin $(COMMANDS)

install: $(BINS)
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/man/man1 $(DESTDIR)$(PREFIX)/share/man/man8 \
	  $(DESTDIR)$(PREFIX)/share/bash-completion/completions $(DESTDIR)$(PREFIX)/share/zsh/site-functions \
	  $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d
	install -m 755 $(BINS) $(DESTDIR)$(PREFIX)/bin/
	install -m 644 man/*.1 $(DESTDIR)$(PREFIX)/share/man/man1/
	install -m 644 man/*.8 $(DESTDIR)$(PREFIX)/share/man/man8/
	for c in $(COMMANDS); do \
	  install -m 644 completions/bash/$$c $(DESTDIR)$(PREFIX)/share/bash-completion/completions/$$c; \
	  install -m 644 completions/zsh/_$$c $(DESTDIR)$(PREFIX)/share/zsh/site-functions/_$$c; \
	  install -m 644 completions/fish/$$c.fish $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/$$c.fish; \
	done

uninstall:
	for c in $(COMMANDS); do \
	  rm -f $(DESTDIR)$(PREFIX)/bin/$$c $(DESTDIR)$(PREFIX)/share/man/man1/$$c.1 $(DESTDIR)$(PREFIX)/share/man/man8/$$c.8 \
	    $(DESTDIR)$(PREFIX)/share/bash-completion/completions/$$c $(DESTDIR)$(PREFIX)/share/zsh/site-functions/_$$c \
	    $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/$$c.fish; \
	done

clean:
	rm -rf $(B)

-include $(shell find $(B)/obj -name '*.d' 2>/dev/null)
