# The engine every run-code worker runs on: a configured copy of Debian's single-file Duktape
# (never vendored), built profile-guided, and the prelude compiler that turns the JavaScript
# files of PRELUDE_JS (lib/run/run.mk says which) into Duktape bytecode at build time, so a
# run never parses them.

PKGS += duktape-dev patch
LDLIBS += -lm

DUK_SRC := /usr/share/duktape
DUK_DIR := $(B)/duktape
DUK_HDRS := $(DUK_DIR)/duktape.h $(DUK_DIR)/duk_config.h
# Ours before /usr/include's, for every `#include "duktape.h"` under lib/.
CPPFLAGS += -I$(DUK_DIR)
EXTRA_OBJS += $(DUK_DIR)/duktape.o
GEN_SRCS += $(B)/gen/engine/prelude_bytecode.cc $(B)/gen/engine/unicode_breaks.cc

# Intl.Segmenter's code-point table (lib/engine/segment.h), generated from Debian's Unicode
# Character Database (unicode-data; UCD_DIR is lib/js/js.mk's), never committed.
$(B)/gen/engine/unicode_breaks.cc: tools/gen-unicode-breaks | $(B)/.deps-installed
	@mkdir -p $(@D)
	tools/gen-unicode-breaks $(UCD_DIR) $@

# duktape.c includes "duktape.h" and that includes "duk_config.h" from its own folder, so all
# three are copied side by side; the config gets our overrides at Duktape's marker.
$(DUK_DIR)/duk_config.h: $(DUK_SRC)/duk_config.h lib/engine/duk_overrides.h | $(B)/.deps-installed
	@mkdir -p $(@D)
	sed '/__OVERRIDE_DEFINES__/r lib/engine/duk_overrides.h' $< > $@.tmp && mv $@.tmp $@
$(DUK_DIR)/duktape.h: $(DUK_SRC)/duktape.h | $(B)/.deps-installed
	@mkdir -p $(@D)
	cp $< $@
# Our patches to Debian's source (lib/engine/patches/NNNN-name.patch, in order; each says why
# and what it measured) go onto the copy, then our additions follow it.
DUK_PATCHES := $(sort $(wildcard lib/engine/patches/*.patch))
$(DUK_DIR)/duktape.c: $(DUK_SRC)/duktape.c $(DUK_PATCHES) lib/engine/duk_extra.c | $(B)/.deps-installed
	@mkdir -p $(@D)
	cp $(DUK_SRC)/duktape.c $@.tmp
	for p in $(DUK_PATCHES); do patch --quiet --forward --no-backup-if-mismatch -p1 $@.tmp < $$p || exit 1; done
	cat lib/engine/duk_extra.c >> $@.tmp && mv $@.tmp $@
# The engine is built profile-guided: an instrumented copy runs lib/engine/pgo (a training
# program of what agents' code does, and a compile of the prelude), and GCC lays out and
# inlines the executor's hot paths from those counts (2 to 10% off CPU-bound programs, for
# about 20 s more CPU time than the plain compile's 12 s). The training is deterministic and
# takes half a second; if any step fails the engine is built the plain way. `make DUK_PGO=0`
# skips it.
DUK_PGO ?= 1
# (DUK_EXTRA_CFLAGS: a build folder's own, from its config.mk; check-sanitize's sanitizers.)
DUK_CFLAGS := -std=gnu99 -O2 -g -w -fno-strict-aliasing -ffunction-sections $(DUK_EXTRA_CFLAGS)
# With a profile, -O3's extra inlining pays (a few % on call-heavy code; the plain -O3 build
# measured no faster than -O2).
DUK_PGO_CFLAGS := $(DUK_CFLAGS) -O3
DUK_PGO_DIR := $(DUK_DIR)/pgo
# The same counts every build: Duktape seeds its string hashes with the heap's address.
DUK_NO_ASLR = $(shell setarch -R true 2>/dev/null && echo setarch -R)
# (The training also compiles the prelude, but an edit there does not rebuild the engine.)
$(DUK_DIR)/duktape.o: $(DUK_DIR)/duktape.c $(DUK_HDRS) lib/engine/pgo/train.c lib/engine/pgo/train.js $(BUILD_CONFIG)
	@rm -rf $(DUK_PGO_DIR) && mkdir -p $(DUK_PGO_DIR)
	@if [ "$(DUK_PGO)" = 1 ] \
	  && $(CC) $(DUK_PGO_CFLAGS) -fprofile-generate -fprofile-update=single -c $< -o $(DUK_PGO_DIR)/duktape.o \
	  && $(CC) $(DUK_PGO_CFLAGS) -I$(DUK_DIR) lib/engine/pgo/train.c $(DUK_PGO_DIR)/duktape.o \
	       -fprofile-generate -lm -o $(DUK_PGO_DIR)/duk-train \
	  && $(DUK_NO_ASLR) $(DUK_PGO_DIR)/duk-train -c $(PRELUDE_JS) -r lib/engine/pgo/train.js \
	  && test -s $(DUK_PGO_DIR)/duktape.gcda \
	  && $(CC) $(DUK_PGO_CFLAGS) -fprofile-use -fprofile-partial-training -c $< -o $(DUK_PGO_DIR)/duktape.o; \
	then echo "built $@ profile-guided"; mv $(DUK_PGO_DIR)/duktape.o $@; \
	else [ "$(DUK_PGO)" != 1 ] || echo "engine.mk: the profile-guided build failed; building Duktape without it" >&2; \
	  echo "$(CC) $(DUK_CFLAGS) -c $< -o $@"; $(CC) $(DUK_CFLAGS) -c $< -o $@; fi
	@rm -rf $(DUK_PGO_DIR)

# Everything that may include duktape.h waits for the configured headers.
$(patsubst %.cc,$(B)/obj/%.o,$(wildcard lib/*/*.cc cmd/*.cc)): | $(DUK_HDRS)

$(B)/tools/prelude-compile: lib/engine/prelude/compile.cc $(DUK_DIR)/duktape.o $(DUK_HDRS)
	@mkdir -p $(@D)
	$(CXX) $(CPPFLAGS) $(CXXFLAGS) $< $(DUK_DIR)/duktape.o -lm -o $@

# PRELUDE_JS is read after every fragment (the parts after this one add to it).
.SECONDEXPANSION:
$(B)/gen/engine/prelude_bytecode.cc: $(B)/tools/prelude-compile $$(PRELUDE_JS)
	@mkdir -p $(@D)
	$(B)/tools/prelude-compile $@ $(PRELUDE_JS)
