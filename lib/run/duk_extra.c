
/* run-code's one addition to Duktape, appended to the configured copy of duktape.c by
 * lib/run/run.mk: makes the running thread take its executor interrupt, and with it the
 * deadline hook, at its next instruction. The worker calls it the moment the heap ceiling or
 * the output cap is reached, so a program spending its time in slow natives stops at once
 * instead of after the next 256K instructions. */
void oda_duk_interrupt_soon(void *ctx) {
	duk_hthread *thr = (duk_hthread *) ctx;
	if (thr != NULL && thr->heap != NULL && thr->heap->curr_thread != NULL) {
		thr->heap->curr_thread->interrupt_counter = 0;
	}
}

/* Makes the function at idx (ECMAScript, or a native of ours) a non-constructor without a `prototype`, as the spec
 * has built-in methods: the runtime's methods are written in JavaScript, whose function
 * expressions Duktape makes constructors with a non-configurable `prototype`. Returns 1 when
 * it was such a function. */
int oda_duk_make_method(void *ctx, int idx) {
	duk_hthread *thr = (duk_hthread *) ctx;
	duk_hobject *h = duk_get_hobject(thr, (duk_idx_t) idx);
	if (h != NULL && DUK_HOBJECT_IS_NATFUNC(h)) {
		DUK_HOBJECT_CLEAR_CONSTRUCTABLE(h);  /* a native of ours; it has no prototype */
		return 1;
	}
	if (h == NULL || !DUK_HOBJECT_IS_COMPFUNC(h)) {
		return 0;
	}
	DUK_HOBJECT_CLEAR_CONSTRUCTABLE(h);
	(void) duk_hobject_delprop_raw(thr, h, DUK_HTHREAD_STRING_PROTOTYPE(thr), DUK_DELPROP_FLAG_FORCE);
	return 1;
}
