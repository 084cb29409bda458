# Builds the oda tools: one static library (build/liboda.a) under one small binary per
# command (build/bin/), plus the unit tests. Each subsystem adds its packages, libraries and
# generated sources in its own lib/<name>/<name>.mk, so a new one never edits this file.

CXX ?= g++
CXXFLAGS ?= -O2 -g
# What the code needs to build at all: `override` keeps them when the user sets CXXFLAGS on
# the command line (`make CXXFLAGS="-O1 -fsanitize=address"`), whose value would otherwise
# replace the whole variable.
override CXXFLAGS += -std=c++20 -Wall -Wextra -Wno-missing-field-initializers -MMD -MP
CPPFLAGS += -Ilib -I$(B)/gen
B := build
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

include $(sort $(wildcard lib/*/*.mk))

COMMANDS := $(shell awk '!/^\#/ && NF {print $$1}' commands.list)
BINS := $(COMMANDS:%=$(B)/bin/%)
LIB_SRCS := $(filter-out %_test.cc,$(wildcard lib/*/*.cc))
LIB_OBJS := $(LIB_SRCS:%.cc=$(B)/obj/%.o) $(GEN_SRCS:%.cc=$(B)/obj/%.o) $(EXTRA_OBJS)
UNIT_SRCS := $(wildcard lib/*/*_test.cc)
UNIT_OBJS := $(UNIT_SRCS:%.cc=$(B)/obj/%.o)
DEPS_STAMP := $(B)/.deps-installed

.PHONY: all deps test demo install uninstall clean completions FORCE
all: $(BINS) $(B)/unit-tests

# Re-checked whenever a fragment (and so the package list) changes.
$(DEPS_STAMP): tools/install-deps Makefile $(wildcard lib/*/*.mk)
	@mkdir -p $(B)
	tools/install-deps $(sort $(PKGS))
	@touch $@
deps:
	tools/install-deps $(sort $(PKGS))

$(B)/obj/%.o: %.cc | $(DEPS_STAMP)
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
