/* The training run of the profile-guided Duktape build (lib/engine/engine.mk): an engine built with
 * -fprofile-generate runs this, and its branch and call counts steer the optimised build.
 * Usage: duk-train [-c FILE...] [-r FILE...]
 *   -c  compiles each following file, dumps the bytecode and loads it back (what the build's
 *       prelude-compile and each run's start-up do);
 *   -r  runs each following file as a program in a fresh heap.
 * Exits non-zero on any error, so a broken training falls back to the normal build. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "duktape.h"

/* The engine's deadline hook (lib/engine/duk_overrides.h); never due in training. */
int oda_duk_exec_timeout(void *udata) {
	(void) udata;
	return 0;
}

static char *read_file(const char *path, long *len) {
	FILE *f = fopen(path, "rb");
	char *buf = NULL;
	long n;
	if (f == NULL) return NULL;
	if (fseek(f, 0, SEEK_END) == 0 && (n = ftell(f)) >= 0 && fseek(f, 0, SEEK_SET) == 0) {
		buf = malloc((size_t) n + 1);
		if (buf != NULL && fread(buf, 1, (size_t) n, f) != (size_t) n) {
			free(buf);
			buf = NULL;
		}
		*len = n;
	}
	fclose(f);
	return buf;
}

/* [source filename] -> [function]: compiled, dumped and loaded back. */
static duk_ret_t compile_round_trip(duk_context *ctx, void *udata) {
	(void) udata;
	duk_compile(ctx, 0);
	duk_dump_function(ctx);
	duk_load_function(ctx);
	return 1;
}

int main(int argc, char **argv) {
	int i, compile_only = 0;
	for (i = 1; i < argc; i++) {
		duk_context *ctx;
		char *src;
		long len = 0;
		int rc;
		if (strcmp(argv[i], "-c") == 0 || strcmp(argv[i], "-r") == 0) {
			compile_only = argv[i][1] == 'c';
			continue;
		}
		src = read_file(argv[i], &len);
		if (src == NULL) {
			fprintf(stderr, "duk-train: error: cannot read '%s'\n", argv[i]);
			return 1;
		}
		ctx = duk_create_heap_default();
		if (ctx == NULL) return 1;
		if (compile_only) {
			duk_push_lstring(ctx, src, (duk_size_t) len);
			duk_push_string(ctx, argv[i]);
			rc = duk_safe_call(ctx, compile_round_trip, NULL, 2, 1);
		} else {
			rc = duk_peval_lstring(ctx, src, (duk_size_t) len);
		}
		if (rc != 0) {
			fprintf(stderr, "duk-train: error: '%s': %s\n", argv[i], duk_safe_to_string(ctx, -1));
			return 1;
		}
		duk_destroy_heap(ctx);
		free(src);
	}
	return 0;
}
