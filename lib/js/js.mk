# lib/js: the runtime natives; RegExp runs on PCRE2's 16-bit library (JIT-compiled).
PKGS += libpcre2-dev
LDLIBS += -Wl,-Bstatic -lpcre2-16 -Wl,-Bdynamic

# Until lib/run brings the configured Duktape (its object and header come first then), the
# unit tests of the runtime link Debian's stock build.
ifeq ($(wildcard lib/run/run.mk),)
PKGS += duktape-dev
UNIT_LDLIBS += -lduktape
endif
