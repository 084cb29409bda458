# lib/js: the runtime natives; RegExp runs on PCRE2's 16-bit library (JIT-compiled).
PKGS += libpcre2-dev
LDLIBS += -lpcre2-16

# Until lib/run brings the configured Duktape (its object and header come first then), the
# unit tests of the runtime link Debian's stock build.
ifeq ($(wildcard lib/run/run.mk),)
PKGS += duktape-dev
UNIT_LDLIBS += -lduktape
endif

# RegExp property escapes (\p{...}): range tables generated from the Unicode Character
# Database (Debian's unicode-data) at build time; never committed.
PKGS += unicode-data python3
UCD_DIR ?= /usr/share/unicode
GEN_SRCS += $(B)/gen/js/unicode_props.cc

$(B)/gen/js/unicode_props.cc: tools/gen-unicode-props | $(B)/.deps-installed
	@mkdir -p $(@D)
	tools/gen-unicode-props $(UCD_DIR) $@
