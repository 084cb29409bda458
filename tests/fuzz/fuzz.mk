# tests/fuzz: libFuzzer targets over the parts that read untrusted bytes (the lowering, the
# JSON codec, the RegExp translation, termd's requests, the run's frames), built by clang
# with ASan and UBSan in build-fuzz/ (the library too, instrumented for coverage), never in
# build/. `make fuzz` runs each for FUZZ_SECONDS from its seed corpus (corpus/<target>/;
# what it learns stays in build-fuzz/corpus/); a crash, a leak, a sanitizer report or a
# broken invariant fails it, its input kept in build-fuzz/findings/.
PKGS += clang-14 libclang-rt-14-dev

FUZZ_B := build-fuzz
FUZZ_TARGETS := lower json regexp term_request frames
FUZZ_SECONDS ?= 20
# The sanitizers of make check-sanitize (SAN_FLAGS, in the Makefile), plus libFuzzer's coverage.
# The folder remembers them (its config.mk, see the Makefile).
FUZZ_CONFIG = 'CC := clang-14' 'CXX := clang++-14' 'DUK_PGO := 0' 'CXXFLAGS := $(SAN_FLAGS) -fsanitize=fuzzer-no-link'
FUZZ_MAKE = $(MAKE) B=$(FUZZ_B)

# The targets need the parts they cover and what those use (no engine): a library of their
# own, so the fuzz build compiles a third of the tree. (Read after every fragment, with
# engine.mk's .SECONDEXPANSION, since LIB_SRCS is set after the fragments.)
FUZZ_LIB_OBJS = $(patsubst %.cc,$(B)/obj/%.o,$(filter lib/js/% lib/json/% lib/sys/% lib/term/% lib/cli/% lib/config/% \
                  lib/run/protocol.cc lib/sandbox/sandbox.cc lib/sandbox/sandbox_shell.cc lib/sandbox/fs_ops.cc,$(LIB_SRCS)) $(filter %/unicode_props.cc,$(GEN_SRCS))) \
                $(filter %/simdjson.o,$(EXTRA_OBJS))
.PHONY: fuzz fuzz-build
$(B)/libfuzz.a: $$(FUZZ_LIB_OBJS)
	@rm -f $@
	ar rcs $@ $^
$(B)/fuzz/%: tests/fuzz/%.cc $(B)/libfuzz.a
	@mkdir -p $(@D)
	$(CXX) $(CPPFLAGS) $(CXXFLAGS) -fsanitize=fuzzer $< $(B)/libfuzz.a $(LDLIBS) -o $@

fuzz-build:
	@$(call remember_build,$(FUZZ_B),$(FUZZ_CONFIG))
	+$(FUZZ_MAKE) $(FUZZ_TARGETS:%=$(FUZZ_B)/fuzz/%)

# Every target runs even when one finds something; the run fails at the end if any did.
fuzz: fuzz-build
	@mkdir -p $(FUZZ_B)/findings; failed=; \
	for t in $(FUZZ_TARGETS); do \
	  mkdir -p $(FUZZ_B)/corpus/$$t; \
	  echo "fuzz: $$t for $(FUZZ_SECONDS)s"; \
	  ASAN_OPTIONS=halt_on_error=1 UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
	  $(FUZZ_B)/fuzz/$$t -max_total_time=$(FUZZ_SECONDS) -timeout=25 -print_final_stats=1 \
	    -artifact_prefix=$(FUZZ_B)/findings/$$t- $(FUZZ_B)/corpus/$$t tests/fuzz/corpus/$$t \
	    >$(FUZZ_B)/findings/$$t.log 2>&1 \
	  || { failed="$$failed $$t"; tail -40 $(FUZZ_B)/findings/$$t.log; }; \
	  grep -h '^stat::number_of_executed_units' $(FUZZ_B)/findings/$$t.log | sed "s/^/  $$t: /"; \
	done; \
	if [ -n "$$failed" ]; then echo "fuzz: findings in$$failed (inputs in $(FUZZ_B)/findings/)"; exit 1; fi
