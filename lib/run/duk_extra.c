
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
