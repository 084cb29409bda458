# run-code: its prelude (the order the engine compiles it in) and the binary that carries the
# heap image. The engine itself is lib/engine/engine.mk.

# The runtime's own files first (lib/engine/runtime), then run-code's (Promise, timers,
# console, __oda_host), then the JavaScript halves of the parts built on them, which each
# part's .mk adds to PARTS_JS (lib/calls, then lib/sandbox); the per-run files (`// @per-run`,
# not in the heap image) come last, as the prelude compiler requires.
PRELUDE_JS = $(sort $(wildcard lib/engine/runtime/*.js)) $(sort $(wildcard lib/run/prelude/*.js)) $(PARTS_JS) \
             $(PARTS_PER_RUN_JS)

# run-code carries the heap every worker starts from (lib/engine/heap_image.h): the linked
# binary writes a copy of itself with the image appended. It is linked without PIE because the
# image points at the binary's code and data.
# lld lays out the functions a worker runs first and together (lib/run/worker.order, written
# by tools/gen-worker-order): the kernel maps code 64 KiB around each page a process touches,
# so the worker's few hundred KiB of code spread over the whole text cost it 2.5 MiB of
# resident memory.
PKGS += lld
RUN_CODE_LDFLAGS := -fuse-ld=lld -Wl,--symbol-ordering-file=lib/run/worker.order -Wl,--no-warn-symbol-ordering
$(B)/bin/run-code: $(B)/obj/cmd/run-code.o $(B)/liboda.a lib/run/worker.order
	@mkdir -p $(@D)
	$(CXX) $(CXXFLAGS) -no-pie $(RUN_CODE_LDFLAGS) $< $(B)/liboda.a $(LDLIBS) -o $@.bare
	$@.bare --build-heap-image $@
	@rm -f $@.bare
