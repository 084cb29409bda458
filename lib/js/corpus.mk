# The library corpus of tests/js-libs.bats: popular npm libraries' single-file builds,
# pinned in tests/js-libs/libs.list and fetched into the build folder (never committed).
# Without npm or the registry the build still succeeds and the corpus tests say what is
# missing.
all: $(B)/js-libs/.fetched

$(B)/js-libs/.fetched: tests/js-libs/fetch tests/js-libs/libs.list lib/js/corpus.mk
	tests/js-libs/fetch $(@D) tests/js-libs/libs.list
	@touch $@
