# lib/json parses with simdjson. Its single-file build, from Debian's source package of the
# libsimdjson-dev installed here (tools/fetch-simdjson, never committed), is compiled into our
# binaries statically: Debian's shared library pulls libstdc++.so into every short command,
# which costs each ~0.4 ms of start-up. When the source cannot be had, the build links that
# shared library instead (and says so). build/simdjson/simdjson.mk records which, so make
# reads it (remaking it first: make restarts itself once it has).
PKGS += libsimdjson-dev
SJ_DIR := $(B)/simdjson

$(SJ_DIR)/simdjson.mk: tools/fetch-simdjson lib/json/json.mk | $(B)/.deps-installed
	tools/fetch-simdjson $(SJ_DIR)
	@if [ -s $(SJ_DIR)/simdjson.cpp ]; then echo 'SJ_STATIC := 1'; else echo 'SJ_STATIC := 0'; fi > $@

ifeq ($(filter clean deps,$(MAKECMDGOALS)),)
-include $(SJ_DIR)/simdjson.mk
endif

# Only parse.cc includes simdjson.h. NDEBUG drops simdjson's development checks from its
# inline code; without exceptions every result must be checked (a conversion that would
# throw does not compile).
SJ_FLAGS := -DNDEBUG -DSIMDJSON_EXCEPTIONS=0
ifeq ($(SJ_STATIC),1)
EXTRA_OBJS += $(SJ_DIR)/simdjson.o
# From our copy of the source, ahead of Debian's header.
$(B)/obj/lib/json/parse.o: CPPFLAGS += -I$(SJ_DIR) $(SJ_FLAGS)
$(B)/obj/lib/json/parse.o: $(SJ_DIR)/simdjson.mk
# simdjson picks its fastest kernels for the CPU at run time, so no -march here.
$(SJ_DIR)/simdjson.o: $(SJ_DIR)/simdjson.mk
	$(CXX) -std=c++17 -O2 -g0 -w $(SJ_FLAGS) -c $(SJ_DIR)/simdjson.cpp -o $@
else ifeq ($(SJ_STATIC),0)
$(B)/obj/lib/json/parse.o: CPPFLAGS += $(SJ_FLAGS)
LDLIBS += -lsimdjson
endif
