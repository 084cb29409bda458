# lib/js: the compiler. Its RegExp translator checks patterns with PCRE2 (the engine runs
# them on PCRE2's 16-bit library, JIT-compiled, and patterns with the u flag on its 32-bit
# one), linked statically.
PKGS += libpcre2-dev
LDLIBS += -Wl,-Bstatic -lpcre2-16 -lpcre2-32 -Wl,-Bdynamic

# RegExp property escapes (\p{...}): code-point range tables generated at build time, never
# committed. The sets come from the npm packages below when the registry answers (Unicode 17,
# what test262 and node have), else from Debian's unicode-data (Unicode 15); the UCD also
# gives the property aliases. UNICODE_NPM= (empty) builds from Debian's data alone.
PKGS += unicode-data python3
UCD_DIR ?= /usr/share/unicode
UNICODE_NPM ?= regenerate-unicode-properties@10.2.2 unicode-property-value-aliases-ecmascript@2.2.1
GEN_SRCS += $(B)/gen/js/unicode_props.cc

$(B)/unicode-npm/.fetched: tools/fetch-unicode-data lib/js/js.mk | $(B)/.deps-installed
	tools/fetch-unicode-data $(@D) $(UNICODE_NPM)
	@touch $@

$(B)/gen/js/unicode_props.cc: tools/gen-unicode-props $(B)/unicode-npm/.fetched | $(B)/.deps-installed
	@mkdir -p $(@D)
	tools/gen-unicode-props $(UCD_DIR) --npm $(B)/unicode-npm $@
