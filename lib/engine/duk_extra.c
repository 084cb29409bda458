
/* run-code's one addition to Duktape, appended to the configured copy of duktape.c by
 * lib/engine/engine.mk: makes the running thread take its executor interrupt, and with it the
 * deadline hook, at its next instruction. The worker calls it the moment the heap ceiling or
 * the output cap is reached, so a program spending its time in slow natives stops at once
 * instead of after the next 256K instructions. */
/* The call depth a run may reach (lib/engine/duk_overrides.h): Duktape's own default. */
unsigned int oda_duk_callstack_limit = 10000;

void oda_duk_interrupt_soon(void *ctx) {
	duk_hthread *thr = (duk_hthread *) ctx;
	if (thr != NULL && thr->heap != NULL && thr->heap->curr_thread != NULL) {
		thr->heap->curr_thread->interrupt_counter = 0;
	}
}

/* Makes the function at idx (ECMAScript, or a native of ours) a non-constructor without a
 * `prototype`, as the spec has built-in methods: the runtime's methods are written in
 * JavaScript, whose function expressions Duktape makes constructors with a non-configurable
 * `prototype`. Returns 1 when it was such a function. */
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

/* Gives Math.random a new seed. A worker that starts from the heap image (lib/engine/heap_image.h)
 * would otherwise replay the sequence the image was built with. */
void oda_duk_reseed(void *ctx, unsigned long long seed) {
	duk_hthread *thr = (duk_hthread *) ctx;
	int i;
	thr->heap->rnd_state[0] = (duk_uint64_t) seed;
	thr->heap->rnd_state[1] = 0;
	duk_util_tinyrandom_prepare_seed(thr);
	for (i = 0; i < 10; i++) {
		(void) duk_util_tinyrandom_get_double(thr);
	}
}

/* Grows the string table until it is at most 80% full (so 40% to 80%: sizes are powers of
 * two). The heap image is built with this, so a worker's first thousands of new strings do
 * not resize the table: a resize relinks every string, which in a worker means copying every
 * page of the image that holds one. */
void oda_duk_strtable_headroom(void *ctx) {
	duk_heap *heap = ((duk_hthread *) ctx)->heap;
	while ((duk_uint64_t) heap->st_count * 10U > (duk_uint64_t) heap->st_size * 8U &&
	       heap->st_size < DUK_USE_STRTAB_MAXSIZE) {
		duk__strtable_grow_inplace(heap);
	}
}

/* Whether the function at idx is one a sloppy-mode program may ask for its `caller` and
 * `arguments` (Function.prototype's accessors answer null for it): an ECMAScript function
 * that is neither strict nor one of those that are no constructors (arrows, methods, async
 * functions; lib/engine/patches/0003). Everything else (strict and bound functions,
 * natives) throws there, as in node. */
int oda_duk_is_sloppy_function(void *ctx, int idx) {
	duk_hthread *thr = (duk_hthread *) ctx;
	duk_hobject *h = duk_get_hobject(thr, (duk_idx_t) idx);
	return h != NULL && DUK_HOBJECT_IS_COMPFUNC(h) && !DUK_HOBJECT_HAS_STRICT(h) && DUK_HOBJECT_HAS_CONSTRUCTABLE(h);
}

/* CreateDataPropertyOrThrow(o, k, v) for the stack [o k v] (lib/engine/natives.cc's
 * __oda_define_data). An index of an extensible array with an array part is written into
 * its slot, length raised past it: all of that part's elements are plain writable,
 * enumerable, configurable data, so the define can neither fail nor differ, and the key is
 * not interned as a string (Array.from over a million elements spent a fifth of its time
 * interning "0".."999999"). Anything else is duk_def_prop, which throws as
 * Object.defineProperty does. Returns 0, and does nothing, for a primitive or a Proxy, whose
 * own property table is not what the program sees: the caller goes through the traps. */
int oda_duk_define_data(void *ctx) {
	duk_hthread *thr = (duk_hthread *) ctx;
	duk_hobject *h = duk_get_hobject(thr, 0);
	duk_tval *key = duk_get_tval(thr, 1);
	if (h == NULL || DUK_HOBJECT_IS_PROXY(h)) {
		return 0;
	}
	if (key != NULL && DUK_TVAL_IS_NUMBER(key) && DUK_HOBJECT_HAS_EXOTIC_ARRAY(h) && DUK_HOBJECT_HAS_ARRAY_PART(h) &&
	    DUK_HOBJECT_HAS_EXTENSIBLE(h) && DUK_HARRAY_LENGTH_WRITABLE((duk_harray *) h)) {
		duk_double_t d = DUK_TVAL_GET_NUMBER(key);
		duk_uint32_t idx = (duk_uint32_t) d;
		if (d >= 0.0 && d < 4294967295.0 && (duk_double_t) idx == d) {
			duk_tval *slot = duk__obtain_arridx_slot(thr, idx, h);
			if (slot != NULL) {
				duk_tval *tv = duk_require_tval(thr, 2);
				DUK_TVAL_SET_TVAL_UPDREF(thr, slot, tv);
				if (idx >= ((duk_harray *) h)->length) {
					((duk_harray *) h)->length = idx + 1;
				}
				return 1;
			}
		}
	}
	duk_set_top(thr, 3);
	duk_def_prop(thr, 0, DUK_DEFPROP_HAVE_VALUE | DUK_DEFPROP_SET_WEC);
	return 1;
}

/* __oda_pdef's common case (lib/engine/natives.cc private_define), the object at 0 and one
 * element's [key, v, mode, name] at base..base+3: a private field (mode 0, writable) or
 * method (mode 1, read-only) added straight to the own property table of an extensible object
 * that is no Proxy, without the descriptor object duk_get_prop_desc builds to ask whether it
 * is there (the key is a hidden key, never an index nor a virtual property). Returns 1 when
 * added, 0 when the object already has the key, -1 for anything else (an accessor pair, a
 * Proxy, a non-extensible object, a primitive): the caller goes the long way. */
int oda_duk_private_define(void *ctx, int base) {
	duk_hthread *thr = (duk_hthread *) ctx;
	duk_hobject *h = duk_get_hobject(thr, 0);
	duk_hstring *key = duk_get_hstring(thr, (duk_idx_t) base);
	duk_int_t mode = duk_get_int(thr, (duk_idx_t) base + 2);
	duk_propdesc desc;
	if (h == NULL || key == NULL || DUK_HOBJECT_IS_PROXY(h) || !DUK_HOBJECT_HAS_EXTENSIBLE(h) || (mode != 0 && mode != 1)) {
		return -1;
	}
	if (duk__get_own_propdesc_raw(thr, h, key, DUK_HSTRING_NO_ARRAY_INDEX, &desc, 0 /*flags*/)) {
		return 0;
	}
	duk_dup(thr, (duk_idx_t) base + 1);
	duk_hobject_define_property_internal(thr, h, key, mode == 0 ? DUK_PROPDESC_FLAG_WRITABLE : 0);
	return 1;
}

/* A BigInt of the runtime (lib/engine/patches/0010, 0085) is a duk_hobject followed by three
 * words (DUK_ODA_BIGINT_WORDS): its value's low and high 64 bits and 1 when it is below 2^127
 * in magnitude (a "small" one), 0 when it is not (then the words are unused). A small one has
 * no properties until its decimal text is asked for (duk_oda_bigint_hstring); any other has
 * the text from the start. Every value below 2^127 is made small, so two BigInts are equal
 * exactly when both are small with the same words or both are not with the same text. */
#define DUK__ODA_BIGINT_SIZE (sizeof(duk_hobject) + 3 * sizeof(duk_uint64_t))

/* A new BigInt of the prototype proto, made as Object.freeze leaves one (not extensible), with
 * no properties, pushed. */
DUK_LOCAL duk_hobject *duk__oda_push_bigint_object(duk_hthread *thr, duk_hobject *proto) {
	duk_hobject *h;
	duk_tval *tv_slot;
	duk_require_stack(thr, 1);
	h = (duk_hobject *) DUK_ALLOC_CHECKED_ZEROED(thr, DUK__ODA_BIGINT_SIZE);
	h->hdr.h_flags = DUK_HOBJECT_FLAG_FASTREFS | DUK_HOBJECT_CLASS_AS_FLAGS(DUK_HOBJECT_CLASS_ODA_BIGINT) | DUK_HTYPE_OBJECT;
#if defined(DUK_USE_EXPLICIT_NULL_INIT)
	DUK_HOBJECT_SET_PROTOTYPE(thr->heap, h, NULL);
	DUK_HOBJECT_SET_PROPS(thr->heap, h, NULL);
#endif
	DUK_HEAP_INSERT_INTO_HEAP_ALLOCATED(thr->heap, &h->hdr);
	tv_slot = thr->valstack_top;
	DUK_TVAL_SET_OBJECT(tv_slot, h);
	DUK_HOBJECT_INCREF(thr, h);
	thr->valstack_top++;
	DUK_HOBJECT_SET_PROTOTYPE_INIT_INCREF(thr, h, proto);
	return h;
}

/* Gives the BigInt h (no properties yet) its one property: the string at the top of the stack
 * under the hidden key key, not writable, enumerable or configurable. The table is allocated
 * at its final size and filled in place (a define grew it twice and looked the key up first;
 * duk_hobject_realloc_props copies and rehashes, about 120 instructions, in the layouts whose
 * entry count needs no rounding). Leaves the stack as it was. */
DUK_LOCAL void duk__oda_bigint_set_text(duk_hthread *thr, duk_hobject *h, duk_hstring *key) {
	duk_heap *heap = thr->heap;
	duk_hstring *s = duk_known_hstring(thr, -1);
	duk_tval *tv;
#if defined(DUK_USE_HOBJECT_LAYOUT_2) || (defined(DUK_USE_HOBJECT_LAYOUT_1) && (DUK_HOBJECT_ALIGN_TARGET == 1))
	duk_uint8_t *props = (duk_uint8_t *) DUK_ALLOC_CHECKED(thr, DUK_HOBJECT_P_COMPUTE_SIZE(1, 0, 0));
	if (DUK_HOBJECT_GET_PROPS(heap, h) != NULL) { /* the allocation's GC gave it one (a finalizer) */
		DUK_FREE(heap, props);
		return;
	}
	DUK_HOBJECT_SET_PROPS(heap, h, props);
	DUK_HOBJECT_SET_ESIZE(h, 1);
	DUK_HOBJECT_SET_ENEXT(h, 0);
	DUK_HOBJECT_SET_ASIZE(h, 0);
	DUK_HOBJECT_SET_HSIZE(h, 0);
#else
	duk_hobject_realloc_props(thr, h, 1, 0, 0, 0);
	if (DUK_HOBJECT_GET_ENEXT(h) != 0) {
		return;
	}
#endif
	DUK_HOBJECT_E_SET_KEY(heap, h, 0, key);
	DUK_HSTRING_INCREF(thr, key);
	tv = DUK_HOBJECT_E_GET_VALUE_TVAL_PTR(heap, h, 0);
	DUK_TVAL_SET_STRING(tv, s);
	DUK_HSTRING_INCREF(thr, s);
	DUK_HOBJECT_E_SET_FLAGS(heap, h, 0, 0 /* not writable, enumerable or configurable */);
	DUK_HOBJECT_SET_ENEXT(h, 1);
}

/* The canonical decimal text of the 128-bit value (lo, hi) (|v| < 2^127) at out (40 bytes);
 * its length. */
DUK_LOCAL duk_size_t duk__oda_write_i128(duk_uint64_t lo, duk_uint64_t hi, char *out) {
	__int128 v = (__int128) (((unsigned __int128) hi << 64) | lo);
	unsigned __int128 m = v < 0 ? -(unsigned __int128) v : (unsigned __int128) v;
	char buf[48];
	char *p = buf + sizeof buf;
	duk_uint64_t low;
	int i;
	duk_size_t n;
	while (m >= (unsigned __int128) 10000000000000000000ULL) {
		low = (duk_uint64_t) (m % 10000000000000000000ULL);
		m /= 10000000000000000000ULL;
		for (i = 0; i < 19; i++) {
			*--p = (char) ('0' + low % 10);
			low /= 10;
		}
	}
	low = (duk_uint64_t) m;
	do {
		*--p = (char) ('0' + low % 10);
		low /= 10;
	} while (low != 0);
	if (v < 0) {
		*--p = '-';
	}
	n = (duk_size_t) (buf + sizeof buf - p);
	duk_memcpy((void *) out, (const void *) p, n);
	return n;
}

/* The decimal text of the BigInt h, which the caller keeps reachable: a small one's is written
 * and kept (its one property) the first time it is asked for. May allocate, so may run the
 * garbage collector. */
DUK_INTERNAL duk_hstring *duk_oda_bigint_hstring(duk_hthread *thr, duk_hobject *h) {
	duk_uint64_t *w = DUK_ODA_BIGINT_WORDS(h);
	char text[48];
	if (DUK_HOBJECT_GET_ENEXT(h) == 0) {
		duk_push_lstring(thr, text, duk__oda_write_i128(w[0], w[1], text));
		duk_push_lstring(thr, "\xFF" "oda_bit", 8); /* the runtime's hidden('bit') */
		duk_swap_top(thr, -2);
		duk__oda_bigint_set_text(thr, h, duk_known_hstring(thr, -2));
		duk_pop_2(thr);
	}
	return DUK_ODA_BIGINT_TEXT_KEPT(h);
}

/* The value of the BigInt at idx: 1 with its low and high 64 bits in w[0], w[1] when it is
 * below 2^127 in magnitude, 0 for any other BigInt, -1 when the value there is none. */
int oda_duk_bigint_value(void *ctx, int idx, unsigned long long *w) {
	duk_hthread *thr = (duk_hthread *) ctx;
	duk_tval *tv = duk_get_tval_or_unused(thr, (duk_idx_t) idx);
	duk_hobject *h;
	if (!DUK_TVAL_IS_OBJECT(tv) || !DUK_ODA_IS_BIGINT(h = DUK_TVAL_GET_OBJECT(tv))) {
		return -1;
	}
	if (!DUK_ODA_BIGINT_WORDS(h)[2]) {
		return 0;
	}
	w[0] = DUK_ODA_BIGINT_WORDS(h)[0];
	w[1] = DUK_ODA_BIGINT_WORDS(h)[1];
	return 1;
}

/* oda_duk_bigint_value of the values at 0 and 1, for an operator's two operands at once:
 * w[0], w[1] the first's words, w[2], w[3] the second's; returns the first's answer plus 1,
 * plus 4 times the second's plus 1. */
int oda_duk_bigint_pair(void *ctx, unsigned long long *w) {
	duk_hthread *thr = (duk_hthread *) ctx;
	int k = 0, i;
	for (i = 0; i < 2; i++) {
		duk_tval *tv = thr->valstack_bottom + i;
		duk_hobject *h;
		int kind = -1;
		if (tv < thr->valstack_top && DUK_TVAL_IS_OBJECT(tv) && DUK_ODA_IS_BIGINT(h = DUK_TVAL_GET_OBJECT(tv))) {
			duk_uint64_t *words = DUK_ODA_BIGINT_WORDS(h);
			kind = words[2] ? 1 : 0;
			w[2 * i] = words[0];
			w[2 * i + 1] = words[1];
		}
		k += (kind + 1) << (2 * i);
	}
	return k;
}

/* The decimal text of the BigInt at idx (lib/engine/patches/0010), its length in *len; NULL
 * when the value there is no BigInt. The text lives as long as the value. */
const char *oda_duk_bigint_text(void *ctx, int idx, size_t *len) {
	duk_hthread *thr = (duk_hthread *) ctx;
	duk_hobject *h = duk_get_hobject(thr, (duk_idx_t) idx);
	duk_hstring *s;
	if (h == NULL || !DUK_ODA_IS_BIGINT(h)) {
		return NULL;
	}
	s = duk_oda_bigint_hstring(thr, h);
	*len = (size_t) DUK_HSTRING_GET_BYTELEN(s);
	return (const char *) DUK_HSTRING_GET_DATA(s);
}

/* Pushes a new small BigInt (|v| < 2^127) of the 128-bit value (lo, hi) and the prototype
 * proto (lib/engine/patches/0085); the caller keeps proto reachable. Its text is written
 * when it is asked for. */
void oda_duk_push_bigint_small(void *ctx, unsigned long long lo, unsigned long long hi, void *proto) {
	duk_hobject *h = duk__oda_push_bigint_object((duk_hthread *) ctx, (duk_hobject *) proto);
	duk_uint64_t *w = DUK_ODA_BIGINT_WORDS(h);
	w[0] = lo;
	w[1] = hi;
	w[2] = 1;
}

/* oda_duk_push_bigint_small with the prototype of the BigInt at 0, which every BigInt shares
 * (none can change it: they are not extensible). */
void oda_duk_push_bigint_small_like(void *ctx, unsigned long long lo, unsigned long long hi) {
	duk_hthread *thr = (duk_hthread *) ctx;
	oda_duk_push_bigint_small(ctx, lo, hi, DUK_HOBJECT_GET_PROTOTYPE(thr->heap, DUK_TVAL_GET_OBJECT(thr->valstack_bottom)));
}

/* Pushes a new BigInt of at least 2^127 in magnitude holding text, canonical decimal (a value
 * below that is made by oda_duk_push_bigint_small): the prototype proto, its one property the
 * text under the hidden key key (a string's heap pointer). The caller keeps proto and key
 * reachable. */
void oda_duk_push_bigint(void *ctx, const char *text, size_t len, void *proto, void *key) {
	duk_hthread *thr = (duk_hthread *) ctx;
	duk_hobject *h = duk__oda_push_bigint_object(thr, (duk_hobject *) proto);
	duk_push_lstring(thr, text, (duk_size_t) len);
	duk__oda_bigint_set_text(thr, h, (duk_hstring *) key);
	duk_pop(thr);
}

/* The BigInt that Object(1n) wrapped (lib/engine/patches/0010), pushed; or nothing pushed and
 * 0 when the value at idx is no such wrapper. */
int oda_duk_bigint_unwrap(void *ctx, int idx) {
	duk_hthread *thr = (duk_hthread *) ctx;
	duk_hobject *h = duk_get_hobject(thr, (duk_idx_t) idx);
	duk_tval *tv;
	if (h == NULL || DUK_ODA_IS_BIGINT(h)) {
		return 0;
	}
	tv = duk_hobject_find_entry_tval_ptr_stridx(thr->heap, h, DUK_STRIDX_INT_VALUE);
	if (tv == NULL || !DUK_ODA_IS_BIGINT_TVAL(tv)) {
		return 0;
	}
	duk_push_tval(thr, tv);
	return 1;
}

/* The SameValueZero identity of the value at idx, for the Map and Set tables of
 * lib/engine/collections.cc: a type code (1 and up) and 64 bits such that two values are
 * SameValueZero exactly when both agree. Strings and symbols are interned, so their heap
 * pointer is their content; objects are their pointer; a BigInt (patch 0010) is the pointer
 * of its decimal text; a number is its double's bits with -0 as +0 and every NaN as one. */
int oda_duk_svz_key(void *ctx, int idx, unsigned long long *bits) {
	duk_hthread *thr = (duk_hthread *) ctx;
	duk_tval *tv = duk_get_tval_or_unused(thr, (duk_idx_t) idx);
	if (DUK_TVAL_IS_NUMBER(tv)) {
		duk_double_t d = DUK_TVAL_GET_NUMBER(tv);
		duk_uint64_t u;
		if (d == 0) {
			d = 0;
		}
		if (d != d) {
			u = 0x7ff8000000000000ULL;
		} else {
			duk_memcpy((void *) &u, (const void *) &d, sizeof u);
		}
		*bits = u;
		return 1;
	}
	if (DUK_TVAL_IS_STRING(tv)) {
		*bits = (duk_uint64_t) (duk_uintptr_t) DUK_TVAL_GET_STRING(tv);
		return 2;
	}
	if (DUK_TVAL_IS_OBJECT(tv)) {
		duk_hobject *h = DUK_TVAL_GET_OBJECT(tv);
		if (DUK_UNLIKELY(DUK_ODA_IS_BIGINT(h))) {
			/* A small one that fits 64 bits by its value, any other by its text. */
			duk_uint64_t *w = DUK_ODA_BIGINT_WORDS(h);
			if (w[2] && w[1] == (duk_uint64_t) 0 - (w[0] >> 63)) {
				*bits = w[0];
				return 11;
			}
			*bits = (duk_uint64_t) (duk_uintptr_t) duk_oda_bigint_hstring(thr, h);
			return 4;
		}
		*bits = (duk_uint64_t) (duk_uintptr_t) h;
		return 3;
	}
	if (DUK_TVAL_IS_BOOLEAN(tv)) {
		*bits = DUK_TVAL_GET_BOOLEAN(tv) ? 1 : 0;
		return 5;
	}
	if (DUK_TVAL_IS_NULL(tv)) {
		*bits = 0;
		return 6;
	}
	if (DUK_TVAL_IS_BUFFER(tv)) {
		*bits = (duk_uint64_t) (duk_uintptr_t) DUK_TVAL_GET_BUFFER(tv);
		return 7;
	}
	if (DUK_TVAL_IS_POINTER(tv)) {
		*bits = (duk_uint64_t) (duk_uintptr_t) DUK_TVAL_GET_POINTER(tv);
		return 8;
	}
	if (DUK_TVAL_IS_LIGHTFUNC(tv)) {
		duk_c_function fp;
		duk_small_uint_t flags;
		DUK_TVAL_GET_LIGHTFUNC(tv, fp, flags);
		/* User-space pointers fit in 48 bits, so the flags above them keep this exact. */
		*bits = ((duk_uint64_t) flags << 48) ^ (duk_uint64_t) (duk_uintptr_t) fp;
		return 9;
	}
	*bits = 0;
	return 10;  /* undefined */
}

/* Replaces the key on top of the stack (a hidden symbol) with the value of the object at
 * idx's own data property of that key, or with undefined when it has none (or idx holds no
 * object); returns whether it had one. No prototype walk, no Proxy trap: the internal slots
 * of lib/engine/collections.cc are always own. idx must not be relative to the top. */
int oda_duk_get_own_slot(void *ctx, int idx) {
	duk_hthread *thr = (duk_hthread *) ctx;
	duk_hobject *h = duk_get_hobject(thr, (duk_idx_t) idx);
	duk_hstring *key = duk_require_hstring(thr, -1);
	duk_tval *tv = h != NULL ? duk_hobject_find_entry_tval_ptr(thr->heap, h, key) : NULL;
	if (tv == NULL) {
		duk_pop(thr);
		duk_push_undefined(thr);
		return 0;
	}
	duk_push_tval(thr, tv);
	duk_remove(thr, -2);
	return 1;
}

/* Gives the bare array at idx a dense part of n elements (its length unchanged), so that the
 * Map and Set tables of lib/engine/collections.cc take their entries without growing it
 * one step at a time. */
void oda_duk_array_room(void *ctx, int idx, unsigned int n) {
	duk_hthread *thr = (duk_hthread *) ctx;
	duk_hobject *h = duk_require_hobject(thr, (duk_idx_t) idx);
	if (DUK_HOBJECT_HAS_ARRAY_PART(h) && DUK_HOBJECT_GET_ASIZE(h) < n) {
		duk_hobject_realloc_props(thr, h, DUK_HOBJECT_GET_ESIZE(h), (duk_uint32_t) n, DUK_HOBJECT_GET_HSIZE(h), 0);
	}
}

/* Element i's slot in the array part of h, or NULL when h is NULL or has no array part, i is
 * past it, or the slot is a hole. */
static duk_tval *oda__dense_slot(duk_hthread *thr, duk_hobject *h, duk_uint32_t i) {
	duk_tval *tv;
	if (h == NULL || !DUK_HOBJECT_HAS_ARRAY_PART(h) || i >= DUK_HOBJECT_GET_ASIZE(h)) {
		return NULL;
	}
	tv = DUK_HOBJECT_A_GET_VALUE_PTR(thr->heap, h, i);
	return DUK_TVAL_IS_UNUSED(tv) ? NULL : tv;
}

/* Pushes element i of the array part of the object at idx and returns 1, or pushes nothing
 * and returns 0 when the object has no array part, i is past it, or the slot is a hole: a
 * read with no key made and no property lookup, for natives walking an array only they hold
 * (lib/engine/natives.cc's sort), whose other elements they read through duk_get_prop_index. */
int oda_duk_push_dense(void *ctx, int idx, unsigned int i) {
	duk_hthread *thr = (duk_hthread *) ctx;
	duk_tval *tv = oda__dense_slot(thr, duk_get_hobject(thr, (duk_idx_t) idx), (duk_uint32_t) i);
	if (tv == NULL) {
		return 0;
	}
	duk_push_tval(thr, tv);
	return 1;
}

/* Moves element i of the array part of the object at idx onto the stack, leaving undefined
 * in its slot (the reference goes with it: no count changes), and returns 1; or pushes nothing
 * and returns 0, as oda_duk_push_dense. The job queue of lib/engine/promise.cc takes its jobs
 * with it (a read and a write of undefined through the API were 300 instructions a slot). */
int oda_duk_take_dense(void *ctx, int idx, unsigned int i) {
	duk_hthread *thr = (duk_hthread *) ctx;
	duk_hobject *h = duk_get_hobject(thr, (duk_idx_t) idx);
	duk_tval *tv;
	if (DUK_UNLIKELY(thr->valstack_top >= thr->valstack_end)) {
		duk_require_stack(thr, 1); /* may resize the value stack, not h's array part */
	}
	tv = oda__dense_slot(thr, h, (duk_uint32_t) i);
	if (tv == NULL) {
		return 0;
	}
	DUK_TVAL_SET_TVAL(thr->valstack_top, tv);
	thr->valstack_top++;
	DUK_TVAL_SET_UNDEFINED(tv);
	return 1;
}

/* Pushes element i of the array h (at idx) for oda_duk_sorts_after: from its array part
 * when the slot is there, else through a property read. */
static void oda__push_item(duk_hthread *thr, duk_hobject *h, duk_idx_t idx, duk_uint32_t i) {
	duk_tval *tv = oda__dense_slot(thr, h, i);
	if (tv != NULL) {
		duk_tval *top = thr->valstack_top++;
		DUK_TVAL_SET_TVAL(top, tv);
		DUK_TVAL_INCREF(thr, top);
		return;
	}
	duk_get_prop_index(thr, idx, (duk_uarridx_t) i);
}

/* Defines the key below the value on the stack top as a writable, enumerable and configurable
 * property of the object at obj_idx, and pops both: for an object a native has just made,
 * extensible and without that key (lib/engine/regexp_natives.cc's match array: index, input,
 * groups), where it is CreateDataProperty without the general define's checks. */
void oda_duk_def_new_wec(void *ctx, int obj_idx) {
	duk_xdef_prop((duk_hthread *) ctx, (duk_idx_t) obj_idx, DUK_PROPDESC_FLAGS_WEC);
}

/* Whether cmp(items[a], items[b]) > 0 after ToNumber (NaN: no), for the comparator at cmp_idx
 * and the array items at arr_idx (lib/engine/natives.cc's sort, whose items cmp never sees:
 * an object, checked by the caller).
 * The same call duk_call_method makes (this undefined, errors thrown through), with the
 * values written onto the value stack as tagged values and the answer read back the same
 * way: through the API the pushes, the reads and their checks cost about a third of a
 * comparison. */
int oda_duk_sorts_after(void *ctx, int arr_idx, int cmp_idx, unsigned int a, unsigned int b) {
	duk_hthread *thr = (duk_hthread *) ctx;
	duk_hobject *h;
	duk_tval *tv;
	duk_idx_t idx_func;
	duk_double_t r;
	if (DUK_UNLIKELY(thr->valstack_end - thr->valstack_top < 4)) {
		duk_require_stack(thr, 4);
	}
	h = DUK_TVAL_GET_OBJECT(thr->valstack_bottom + arr_idx);  /* the caller's own array */
	idx_func = (duk_idx_t) (thr->valstack_top - thr->valstack_bottom);
	tv = thr->valstack_top;
	DUK_TVAL_SET_TVAL(tv, thr->valstack_bottom + cmp_idx);
	DUK_TVAL_INCREF(thr, tv);
	DUK_TVAL_SET_UNDEFINED(tv + 1);
	thr->valstack_top = tv + 2;
	oda__push_item(thr, h, (duk_idx_t) arr_idx, (duk_uint32_t) a);
	oda__push_item(thr, h, (duk_idx_t) arr_idx, (duk_uint32_t) b);
	duk_handle_call_unprotected(thr, idx_func, 0);  /* patch 0066: a direct call */
	tv = thr->valstack_top - 1;
	if (DUK_TVAL_IS_NUMBER(tv)) {
		r = DUK_TVAL_GET_NUMBER(tv);
		DUK_TVAL_SET_UNDEFINED(tv);  /* a number holds no reference */
		thr->valstack_top = tv;
	} else {
		r = duk_to_number(thr, -1);
		duk_pop(thr);
	}
	return r > 0;
}

/* Puts the elements 0..n-1 of the array at idx, all in its array part, in the order perm
 * gives (element k becomes the one at perm[k]), moving the values with no count changed:
 * the sort's own array of values (lib/engine/natives.cc) is reordered in place instead of
 * copied into a new array of the same size. perm is used up (its top bits mark what was
 * moved); n is below 2^31. Returns 0, with nothing moved, when the array is not that. */
int oda_duk_permute_dense(void *ctx, int idx, unsigned int *perm, unsigned int n) {
	duk_hthread *thr = (duk_hthread *) ctx;
	duk_hobject *h = duk_get_hobject(thr, (duk_idx_t) idx);
	duk_tval *base;
	duk_tval saved;
	duk_uint32_t s, k, j;
	if (h == NULL || !DUK_HOBJECT_HAS_ARRAY_PART(h) || DUK_HOBJECT_GET_ASIZE(h) < n) {
		return 0;
	}
	base = DUK_HOBJECT_A_GET_BASE(thr->heap, h);
	for (k = 0; k < n; k++) {
		if (DUK_TVAL_IS_UNUSED(base + k)) {
			return 0;
		}
	}
	for (s = 0; s < n; s++) {
		if (perm[s] & 0x80000000UL) {
			continue;
		}
		DUK_TVAL_SET_TVAL(&saved, base + s);
		for (k = s;;) {
			j = perm[k];
			perm[k] = j | 0x80000000UL;
			if (j == s) {
				DUK_TVAL_SET_TVAL(base + k, &saved);
				break;
			}
			DUK_TVAL_SET_TVAL(base + k, base + j);
			k = j;
		}
	}
	return 1;
}

/* For Array.prototype.sort and toSorted (lib/engine/runtime/40-array.js): when the object at
 * idx is an Array whose length is len and whose elements are all in its array part (no hole,
 * so no read goes to a prototype or runs code), pushes a new array of its values other than
 * undefined, allocated at its size once, and returns 1; otherwise pushes nothing and returns
 * 0 and the runtime reads the elements one by one. A push loop grew its copy by halves, each
 * step holding the old and the new array part: 1,000,000 numbers peaked at 40 MB for a copy
 * of 16 MB. */
int oda_duk_push_defined_values(void *ctx, int idx, double len) {
	duk_hthread *thr = (duk_hthread *) ctx;
	duk_hobject *h = duk_get_hobject(thr, (duk_idx_t) idx);
	duk_harray *copy;
	duk_tval *src;
	duk_tval *dst;
	duk_uint32_t n, i, count = 0, k = 0;
	if (h == NULL || DUK_HOBJECT_GET_CLASS_NUMBER(h) != DUK_HOBJECT_CLASS_ARRAY || DUK_HOBJECT_HAS_EXOTIC_PROXYOBJ(h) ||
	    !DUK_HOBJECT_HAS_ARRAY_PART(h) || len < 0 || len > (double) DUK_HOBJECT_GET_ASIZE(h) || (double) ((duk_harray *) h)->length != len) {
		return 0;
	}
	n = (duk_uint32_t) len;
	src = DUK_HOBJECT_A_GET_BASE(thr->heap, h);
	for (i = 0; i < n; i++) {
		if (DUK_TVAL_IS_UNUSED(src + i)) {
			return 0;
		}
		count += DUK_TVAL_IS_UNDEFINED(src + i) ? 0 : 1;
	}
	copy = duk_push_harray_with_size(thr, count); /* may run a GC, and with it finalizers */
	if (DUK_HOBJECT_GET_ASIZE((duk_hobject *) copy) < count) {
		duk_pop(thr);
		return 0;
	}
	dst = DUK_HOBJECT_A_GET_BASE(thr->heap, (duk_hobject *) copy);
	for (i = 0; i < n; i++) {
		duk_tval *tv = oda__dense_slot(thr, h, i);  /* looked up again: h may have changed */
		if (tv == NULL || k >= count || (double) ((duk_harray *) h)->length != len) {
			duk_pop(thr);
			return 0;
		}
		if (!DUK_TVAL_IS_UNDEFINED(tv)) {
			DUK_TVAL_SET_TVAL(dst + k, tv);
			DUK_TVAL_INCREF(thr, dst + k);
			k++;
		}
	}
	if (k != count) {
		duk_pop(thr);
		return 0;
	}
	return 1;
}

/* Writes items[i] into o[i] for i from 0 while o (an Array at o_idx) has element i in its array
 * part, a plain overwrite of an own data property ([[Set]] finds no setter, runs no code);
 * returns the first i it did not write, from which the runtime writes with o[i] = v. For the
 * sort's write-back of 1,000,000 values. */
unsigned int oda_duk_write_dense(void *ctx, int o_idx, int items_idx, unsigned int n) {
	duk_hthread *thr = (duk_hthread *) ctx;
	duk_hobject *o = duk_get_hobject(thr, (duk_idx_t) o_idx);
	duk_hobject *items = duk_get_hobject(thr, (duk_idx_t) items_idx);
	duk_uint32_t i;
	if (o == NULL || DUK_HOBJECT_GET_CLASS_NUMBER(o) != DUK_HOBJECT_CLASS_ARRAY || DUK_HOBJECT_HAS_EXOTIC_PROXYOBJ(o)) {
		return 0;
	}
	for (i = 0; i < n; i++) {
		duk_tval *to = oda__dense_slot(thr, o, i);
		duk_tval *from = oda__dense_slot(thr, items, i);
		if (to == NULL || from == NULL) {
			break;
		}
		DUK_TVAL_SET_TVAL_UPDREF(thr, to, from); /* side effects: slots looked up again */
	}
	return i;
}

/* How many slots oda__no_index_keys looks at before it gives up: the check is made again for
 * each element, so its cost is bounded by this and not by the size of the object's chain
 * (an array-like with thousands of keys falls back to plain reads, linear as they are). */
#define ODA__NO_INDEX_KEYS_BUDGET 256

/* Whether every index key read of the object at idx is certainly undefined with nothing run:
 * it and each object on its prototype chain are ordinary (no Proxy, array, arguments, String
 * object or buffer), with no element in an array part and no array-index key in their
 * tables, all found within ODA__NO_INDEX_KEYS_BUDGET slots (0 past it). Array.from over
 * {length: n} (lib/engine/natives.cc) skips the reads then. */
static int oda__no_index_keys(duk_hthread *thr, duk_hobject *h) {
	duk_uint_t sanity = DUK_HOBJECT_PROTOTYPE_CHAIN_SANITY;
	duk_uint_fast32_t budget = ODA__NO_INDEX_KEYS_BUDGET;
	for (; h != NULL; h = DUK_HOBJECT_GET_PROTOTYPE(thr->heap, h)) {
		duk_uint_fast32_t i, asize, enext;
		if (DUK_HOBJECT_HAS_EXOTIC_BEHAVIOR(h) || --sanity == 0) {
			return 0;
		}
		asize = DUK_HOBJECT_HAS_ARRAY_PART(h) ? DUK_HOBJECT_GET_ASIZE(h) : 0;
		enext = DUK_HOBJECT_GET_ENEXT(h);
		if (asize + enext > budget) {
			return 0;
		}
		budget -= asize + enext;
		for (i = 0; i < asize; i++) {
			if (!DUK_TVAL_IS_UNUSED(DUK_HOBJECT_A_GET_VALUE_PTR(thr->heap, h, i))) {
				return 0;
			}
		}
		for (i = 0; i < enext; i++) {
			duk_hstring *k = DUK_HOBJECT_E_GET_KEY(thr->heap, h, i);
			if (k != NULL && DUK_HSTRING_HAS_ARRIDX(k)) {
				return 0;
			}
		}
	}
	return 1;
}

/* Array.from's loop over an array-like (lib/engine/natives.cc's from_like, whose stack is
 * [a, o, len, mapFn or undefined, thisArg]): a[k] = mapFn.call(thisArg, o[k], k) for each k
 * below len, each stored as CreateDataPropertyOrThrow does (a is a new Array, no Proxy), and
 * o[k] not read where it can only be undefined. */
void oda_duk_from_like(void *ctx) {
	duk_hthread *thr = (duk_hthread *) ctx;
	duk_hobject *a = duk_require_hobject(thr, 0);
	duk_double_t len = duk_require_number(thr, 2);
	duk_bool_t mapping = !duk_is_undefined(thr, 3);
	duk_hobject *o = duk_get_hobject(thr, 1);
	/* Without a callback no code runs between two skipped reads, so one check holds for the
	 * whole loop; a callback may add an index key, so with one it is made for each element. */
	duk_bool_t skip = o != NULL && oda__no_index_keys(thr, o);
	duk_double_t k;
	for (k = 0; k < len; k++) {
		duk_tval *slot;
		if (mapping) {
			duk_dup(thr, 3);
			duk_dup(thr, 4);
			if (k > 0 && skip) {
				skip = oda__no_index_keys(thr, o);
			}
		}
		if (skip) {
			duk_push_undefined(thr);
		} else {
			duk_push_number(thr, k);
			duk_get_prop(thr, 1);
		}
		if (mapping) {
			duk_push_number(thr, k);
			duk_call_method(thr, 2);
		}
		slot = NULL;
		if (k < 4294967295.0 && DUK_HOBJECT_HAS_EXOTIC_ARRAY(a) && DUK_HOBJECT_HAS_ARRAY_PART(a) &&
		    DUK_HOBJECT_HAS_EXTENSIBLE(a) && DUK_HARRAY_LENGTH_WRITABLE((duk_harray *) a)) {
			slot = duk__obtain_arridx_slot(thr, (duk_uint32_t) k, a);
		}
		if (slot != NULL) {
			DUK_TVAL_SET_TVAL_UPDREF(thr, slot, duk_get_tval(thr, -1));
			if ((duk_uint32_t) k >= ((duk_harray *) a)->length) {
				((duk_harray *) a)->length = (duk_uint32_t) k + 1;
			}
			duk_pop(thr);
		} else {
			duk_push_number(thr, k);
			duk_swap_top(thr, -2);
			duk_def_prop(thr, 0, DUK_DEFPROP_HAVE_VALUE | DUK_DEFPROP_SET_WEC);
		}
	}
}

/* Replaces the value on top of the stack with an iterator result {value, done} (done a
 * boolean), made at its final size and defined without a [[Set]] walking up Object.prototype:
 * the Map and Set iterators of lib/engine/collections.cc make one a step. */
void oda_duk_iter_result(void *ctx, int done) {
	duk_hthread *thr = (duk_hthread *) ctx;
	duk_push_object(thr);
	duk_hobject_realloc_props(thr, duk_known_hobject(thr, -1), 2, 0, 0, 0);
	duk_push_hstring_stridx(thr, DUK_STRIDX_VALUE);
	duk_dup(thr, -3);
	duk_xdef_prop(thr, -3, DUK_PROPDESC_FLAGS_WEC);
	duk_push_literal(thr, "done");
	duk_push_boolean(thr, done);
	duk_xdef_prop(thr, -3, DUK_PROPDESC_FLAGS_WEC);
	duk_remove(thr, -2);
}

/* The heap ctx's thread belongs to: natives that cache heap pointers (lib/engine/promise.cc)
 * key them by heap, as each coroutine is a thread, and so a ctx, of its own. */
void *oda_duk_heap_of(void *ctx) {
	return ((duk_hthread *) ctx)->heap;
}

/* JSON.parse's numbers (lib/engine/patches/0020): a number in JSON's strict grammar spanning
 * [p, end) becomes its double here and is pushed, without the text interned as a string and
 * without Duktape's arbitrary-precision parse (about 10,000 instructions a number). Short
 * integers are exact in a double as read digit by digit; anything else goes to the C
 * library's strtod, which rounds correctly (Duktape's parse missed halfway cases; the worker never sets a
 * locale, so the decimal point is '.'). Returns 0, pushing nothing, for text outside the
 * grammar or too long: Duktape's own path then parses it or reports the error. */
duk_bool_t oda_duk_json_number(duk_hthread *thr, const duk_uint8_t *p, const duk_uint8_t *end) {
	const duk_uint8_t *q = p;
	char buf[64];
	duk_size_t n = (duk_size_t) (end - p);
	int is_int = 1;
	if (n >= sizeof buf) {
		return 0;
	}
	if (*q == '-') q++;
	if (q == end) return 0;
	if (*q == '0') {
		q++;
	} else if (*q >= '1' && *q <= '9') {
		while (q < end && *q >= '0' && *q <= '9') q++;
	} else {
		return 0;
	}
	if (q < end && *q == '.') {
		const duk_uint8_t *d = ++q;
		while (q < end && *q >= '0' && *q <= '9') q++;
		if (q == d) return 0;
		is_int = 0;
	}
	if (q < end && (*q == 'e' || *q == 'E')) {
		const duk_uint8_t *d;
		q++;
		if (q < end && (*q == '+' || *q == '-')) q++;
		d = q;
		while (q < end && *q >= '0' && *q <= '9') q++;
		if (q == d) return 0;
		is_int = 0;
	}
	if (q != end) {
		return 0;
	}
	if (is_int && n <= 16) { /* at most 15 digits after a sign: below 2^53 */
		const duk_uint8_t *d = p + (*p == '-');
		duk_double_t v = 0.0;
		if (end - d <= 15) {
			for (; d < end; d++) v = v * 10.0 + (duk_double_t) (*d - '0');
			duk_push_number(thr, *p == '-' ? -v : v);
			return 1;
		}
	}
	DUK_MEMCPY(buf, p, n);
	buf[n] = 0;
	duk_push_number(thr, (duk_double_t) strtod(buf, NULL));
	return 1;
}

/* duk_numconv_parse's decimal case (lib/engine/patches/0084): number literals, Number(s),
 * +s, parseFloat and parseInt(s, 10) of the string at the stack top. A plain decimal (ASCII
 * white space around it where flags trim it, a sign they allow, digits with leading zeros
 * only where they allow them and no legacy octal, a fraction with digits and an exponent
 * where they allow those, then the end, or any character that cannot continue a number
 * where they allow garbage) is replaced by the C library's correctly rounded strtod of it.
 * Returns 0, changing nothing, for anything else (".5", "Infinity", hex, "1e", long text,
 * other white space): Duktape's own parse then takes it as before. */
static int oda__ascii_white(duk_uint8_t c) { return c == ' ' || (c >= 0x09 && c <= 0x0d); }
static int oda__digit(duk_uint8_t c) { return c >= '0' && c <= '9'; }

duk_bool_t oda_duk_decimal_number(duk_hthread *thr, duk_small_uint_t flags) {
	duk_hstring *h = duk_get_hstring(thr, -1);
	const duk_uint8_t *p, *end, *q, *d;
	char buf[64];
	if (h == NULL || DUK_HSTRING_HAS_SYMBOL(h)) return 0;
	p = DUK_HSTRING_GET_DATA(h);
	end = p + DUK_HSTRING_GET_BYTELEN(h);
	if (flags & DUK_S2N_FLAG_TRIM_WHITE) {
		while (p < end && oda__ascii_white(*p)) p++;
		while (end > p && oda__ascii_white(end[-1])) end--;
	}
	q = p;
	if (q < end && (*q == '+' || *q == '-')) {
		if (!(flags & (*q == '+' ? DUK_S2N_FLAG_ALLOW_PLUS : DUK_S2N_FLAG_ALLOW_MINUS))) return 0;
		q++;
	}
	d = q;
	while (q < end && oda__digit(*q)) q++;
	if (q == d) return 0;
	if (*d == '0' && q - d > 1 &&
	    (!(flags & DUK_S2N_FLAG_ALLOW_LEADING_ZERO) || (flags & DUK_S2N_FLAG_ALLOW_AUTO_LEGACY_OCT_INT))) {
		return 0;
	}
	if (q < end && *q == '.' && (flags & DUK_S2N_FLAG_ALLOW_FRAC)) {
		d = ++q;
		while (q < end && oda__digit(*q)) q++;
		if (q == d) return 0;
	}
	if (q < end && (*q == 'e' || *q == 'E') && (flags & DUK_S2N_FLAG_ALLOW_EXP)) {
		q++;
		if (q < end && (*q == '+' || *q == '-')) q++;
		d = q;
		while (q < end && oda__digit(*q)) q++;
		if (q == d) return 0;
	}
	if (q < end) {
		/* Garbage after the number, when allowed, only if it cannot be read as more of it. */
		if (!(flags & DUK_S2N_FLAG_ALLOW_GARBAGE) || strchr("0123456789.eExXoObB_", *q) != NULL || *q >= 0x80) return 0;
	}
	if ((duk_size_t) (q - p) >= sizeof buf) return 0;
	DUK_MEMCPY(buf, p, (duk_size_t) (q - p));
	buf[q - p] = 0;
	duk_push_number(thr, (duk_double_t) strtod(buf, NULL));
	duk_replace(thr, -2);
	return 1;
}

/* Makes the native at idx look like a specification built-in: Function.prototype as its
 * prototype (not Duktape's native-function one), own `length` then `name` (empty),
 * configurable only, with room for extra slots of the caller's. lib/engine/promise.cc makes two
 * such functions for every new Promise, which the public duk_set_prototype and duk_def_prop
 * made 15% dearer. */
void oda_duk_plain_builtin(void *ctx, int idx, int length) {
	duk_hthread *thr = (duk_hthread *) ctx;
	duk_idx_t i = duk_require_normalize_index(thr, (duk_idx_t) idx);
	duk_hobject *h = duk_require_hobject(thr, i);
	DUK_HOBJECT_SET_PROTOTYPE_UPDREF(thr, h, thr->builtins[DUK_BIDX_FUNCTION_PROTOTYPE]);
	/* Room for these two and the caller's two slots at once, not a resize for each. */
	if (DUK_HOBJECT_GET_ESIZE(h) < DUK_HOBJECT_GET_ENEXT(h) + 4) {
		duk_hobject_realloc_props(thr, h, DUK_HOBJECT_GET_ENEXT(h) + 4, DUK_HOBJECT_GET_ASIZE(h), DUK_HOBJECT_GET_HSIZE(h), 0);
	}
	duk_push_int(thr, length);
	duk_xdef_prop_stridx_short(thr, i, DUK_STRIDX_LENGTH, DUK_PROPDESC_FLAGS_C);
	duk_push_hstring_empty(thr);
	duk_xdef_prop_stridx_short(thr, i, DUK_STRIDX_NAME, DUK_PROPDESC_FLAGS_C);
}

/* The hidden slots of a promise (lib/engine/promise.cc), by number: state, value, reactions,
 * and for a promise made by then its two handlers. A promise gets them as its first own
 * properties, in this order, so they are found at their entry index after a check of the key
 * there, not by a property lookup (a read or write from the public API was 150 to 400
 * instructions, and an await made a dozen). An object whose entries are otherwise (a
 * subclass instance that had properties first) is searched. Being internal slots, they are
 * written whatever Object.freeze did to the object. */
#define ODA__PROMISE_SLOTS 5
static const char oda__promise_keys[ODA__PROMISE_SLOTS][8] = {
	DUK_HIDDEN_SYMBOL("oda_ps"), DUK_HIDDEN_SYMBOL("oda_pv"), DUK_HIDDEN_SYMBOL("oda_pr"),
	DUK_HIDDEN_SYMBOL("oda_pf"), DUK_HIDDEN_SYMBOL("oda_pj")
};

DUK_LOCAL duk_bool_t oda__is_promise_key(duk_hstring *k, int slot) {
	return k != NULL && DUK_HSTRING_GET_BYTELEN(k) == 7 &&
	       duk_memcmp((const void *) DUK_HSTRING_GET_DATA(k), (const void *) oda__promise_keys[slot], 7) == 0;
}

DUK_LOCAL duk_tval *oda__promise_slot(duk_hthread *thr, duk_hobject *h, int slot) {
	duk_uint_fast32_t i, n = DUK_HOBJECT_GET_ENEXT(h);
	if ((duk_uint_fast32_t) slot < n && oda__is_promise_key(DUK_HOBJECT_E_GET_KEY(thr->heap, h, slot), slot)) {
		i = (duk_uint_fast32_t) slot;
	} else {
		for (i = 0; i < n; i++) {
			if (oda__is_promise_key(DUK_HOBJECT_E_GET_KEY(thr->heap, h, i), slot)) break;
		}
		if (i == n) return NULL;
	}
	if (DUK_UNLIKELY(DUK_HOBJECT_E_SLOT_IS_ACCESSOR(thr->heap, h, i))) return NULL;
	return DUK_HOBJECT_E_GET_VALUE_TVAL_PTR(thr->heap, h, i);
}

/* The state of the promise at idx (an int), or -1 when the value there is none. */
int oda_duk_promise_state(void *ctx, int idx) {
	duk_hthread *thr = (duk_hthread *) ctx;
	duk_hobject *h = duk_get_hobject(thr, (duk_idx_t) idx);
	duk_tval *tv = h != NULL ? oda__promise_slot(thr, h, 0) : NULL;
	return tv != NULL && DUK_TVAL_IS_NUMBER(tv) ? (int) DUK_TVAL_GET_NUMBER(tv) : -1;
}

/* Pushes slot `slot` of the promise at idx, undefined when it has none. */
void oda_duk_promise_get(void *ctx, int idx, int slot) {
	duk_hthread *thr = (duk_hthread *) ctx;
	duk_hobject *h = duk_get_hobject(thr, (duk_idx_t) idx);
	duk_tval *tv = h != NULL ? oda__promise_slot(thr, h, slot) : NULL;
	if (tv == NULL) duk_push_undefined(thr); else duk_push_tval(thr, tv);
}

/* Makes slot `slot` of h, undefined; h has none yet. */
DUK_LOCAL duk_tval *oda__promise_new_slot(duk_hthread *thr, duk_hobject *h, int slot) {
	duk_int_t e;
	duk_tval *tv;
	switch (slot) {  /* literals: Duktape's cache of them saves an intern each */
	case 0: duk_push_literal(thr, DUK_HIDDEN_SYMBOL("oda_ps")); break;
	case 1: duk_push_literal(thr, DUK_HIDDEN_SYMBOL("oda_pv")); break;
	case 2: duk_push_literal(thr, DUK_HIDDEN_SYMBOL("oda_pr")); break;
	case 3: duk_push_literal(thr, DUK_HIDDEN_SYMBOL("oda_pf")); break;
	default: duk_push_literal(thr, DUK_HIDDEN_SYMBOL("oda_pj")); break;
	}
	e = duk__hobject_alloc_entry_checked(thr, h, duk_known_hstring(thr, -1));
	duk_pop(thr);
	DUK_HOBJECT_E_SET_FLAGS(thr->heap, h, e, DUK_PROPDESC_FLAGS_WC);
	tv = DUK_HOBJECT_E_GET_VALUE_TVAL_PTR(thr->heap, h, e);
	DUK_TVAL_SET_UNDEFINED(tv);
	return tv;
}

/* Pops the value on top of the stack into slot `slot` of the object at idx, made when it has
 * none. */
void oda_duk_promise_put(void *ctx, int idx, int slot) {
	duk_hthread *thr = (duk_hthread *) ctx;
	duk_hobject *h = duk_require_hobject(thr, (duk_idx_t) idx);
	duk_tval *tv = oda__promise_slot(thr, h, slot);
	if (tv == NULL) tv = oda__promise_new_slot(thr, h, slot);
	DUK_TVAL_SET_TVAL_UPDREF(thr, tv, duk_require_tval(thr, -1));
	duk_pop(thr);
}

/* Gives the object at idx its first n promise slots, the state pending (0), the rest
 * undefined; a fresh object gets room for exactly these. */
void oda_duk_promise_init(void *ctx, int idx, int n) {
	duk_hthread *thr = (duk_hthread *) ctx;
	duk_idx_t i = duk_require_normalize_index(thr, (duk_idx_t) idx);
	duk_hobject *h = duk_require_hobject(thr, i);
	int slot;
	if (DUK_HOBJECT_GET_ENEXT(h) == 0) {
		if (DUK_HOBJECT_GET_ESIZE(h) < (duk_uint32_t) n) {
			duk_hobject_realloc_props(thr, h, (duk_uint32_t) n, DUK_HOBJECT_GET_ASIZE(h), 0, 0);
		}
		for (slot = 0; slot < n; slot++) (void) oda__promise_new_slot(thr, h, slot);
		DUK_TVAL_SET_I32(DUK_HOBJECT_E_GET_VALUE_TVAL_PTR(thr->heap, h, 0), 0);
		return;
	}
	for (slot = 0; slot < n; slot++) {
		if (slot == 0) duk_push_int(thr, 0); else duk_push_undefined(thr);
		oda_duk_promise_put(ctx, i, slot);
	}
}

/* Pushes a new promise: an object of class Object inheriting from proto whose entries are
 * exactly its first n slots, their keys those of the promise `keys` (which has all of them:
 * it keeps the keys alive), the state `state` and the value the one at v (undefined for
 * DUK_INVALID_INDEX). duk_push_object, duk_set_prototype and oda_duk_promise_init cost a
 * new promise about 800 instructions, this about 250. */
void oda_duk_push_promise(void *ctx, void *proto, void *keys, int n, int state, int v) {
	duk_hthread *thr = (duk_hthread *) ctx;
	duk_hobject *k = (duk_hobject *) keys;
	duk_hobject *h;
	duk_tval *tv;
	int slot;
	if (v != DUK_INVALID_INDEX) v = duk_require_normalize_index(thr, (duk_idx_t) v);
	h = duk_push_object_helper_proto(thr,
	                                 DUK_HOBJECT_FLAG_EXTENSIBLE | DUK_HOBJECT_FLAG_FASTREFS |
	                                     DUK_HOBJECT_CLASS_AS_FLAGS(DUK_HOBJECT_CLASS_OBJECT),
	                                 (duk_hobject *) proto);
#if defined(DUK_USE_HOBJECT_LAYOUT_2) || (defined(DUK_USE_HOBJECT_LAYOUT_1) && (DUK_HOBJECT_ALIGN_TARGET == 1))
	/* The table allocated as is, as oda_duk_push_bigint does (no entry until ENEXT is set). */
	DUK_HOBJECT_SET_PROPS(thr->heap, h, (duk_uint8_t *) DUK_ALLOC_CHECKED(thr, DUK_HOBJECT_P_COMPUTE_SIZE((duk_uint32_t) n, 0, 0)));
	DUK_HOBJECT_SET_ESIZE(h, (duk_uint32_t) n);
	DUK_HOBJECT_SET_ENEXT(h, 0);
	DUK_HOBJECT_SET_ASIZE(h, 0);
	DUK_HOBJECT_SET_HSIZE(h, 0);
#else
	duk_hobject_realloc_props(thr, h, (duk_uint32_t) n, 0, 0, 0);
#endif
	DUK_ASSERT(DUK_HOBJECT_GET_ENEXT(k) >= (duk_uint32_t) n);
	for (slot = 0; slot < n; slot++) {
		duk_hstring *key = DUK_HOBJECT_E_GET_KEY(thr->heap, k, slot);
		DUK_HOBJECT_E_SET_KEY(thr->heap, h, slot, key);
		DUK_HSTRING_INCREF(thr, key);
		DUK_HOBJECT_E_SET_FLAGS(thr->heap, h, slot, DUK_PROPDESC_FLAGS_WC);
		DUK_TVAL_SET_UNDEFINED(DUK_HOBJECT_E_GET_VALUE_TVAL_PTR(thr->heap, h, slot));
	}
	DUK_HOBJECT_SET_ENEXT(h, (duk_uint32_t) n);
	DUK_TVAL_SET_I32(DUK_HOBJECT_E_GET_VALUE_TVAL_PTR(thr->heap, h, 0), state);
	if (v != DUK_INVALID_INDEX) {
		tv = DUK_HOBJECT_E_GET_VALUE_TVAL_PTR(thr->heap, h, 1);
		DUK_TVAL_SET_TVAL(tv, duk_get_tval(thr, (duk_idx_t) v));
		DUK_TVAL_INCREF(thr, tv);
	}
}

/* Pops the value on top of the stack onto the end of the array at idx (the job queue and a
 * promise's reactions of lib/engine/promise.cc): straight into its array part, where
 * [[Set]] on these bare arrays went through the string key of every index (patch 0016's
 * slow path for a hole of an array without Array.prototype). */
void oda_duk_array_append(void *ctx, int idx) {
	duk_hthread *thr = (duk_hthread *) ctx;
	duk_idx_t i = duk_require_normalize_index(thr, (duk_idx_t) idx);
	duk_hobject *h = duk_require_hobject(thr, i);
	duk_tval *slot = NULL;
	duk_uint32_t n;
	DUK_ASSERT(DUK_HOBJECT_HAS_EXOTIC_ARRAY(h));
	n = ((duk_harray *) h)->length;
	if (DUK_HOBJECT_HAS_ARRAY_PART(h) && n < 0xfffffffeUL) slot = duk__obtain_arridx_slot(thr, n, h);
	if (slot == NULL) {
		duk_put_prop_index(thr, i, n);
		return;
	}
	DUK_TVAL_SET_TVAL_UPDREF(thr, slot, duk_require_tval(thr, -1));
	((duk_harray *) h)->length = n + 1;
	duk_pop(thr);
}

/* Appends the values at a, b and c (undefined for DUK_INVALID_INDEX) to the bare array arr:
 * one job of lib/engine/promise.cc's queue, without a push of the array and three appends
 * (about 530 instructions a job). */
void oda_duk_queue_push(void *ctx, void *arr, int a, int b, int c) {
	duk_hthread *thr = (duk_hthread *) ctx;
	duk_hobject *h = (duk_hobject *) arr;
	duk_idx_t at[3];
	int i;
	at[0] = (duk_idx_t) a;
	at[1] = (duk_idx_t) b;
	at[2] = (duk_idx_t) c;
	for (i = 0; i < 3; i++) {
		duk_uint32_t n = ((duk_harray *) h)->length;
		duk_tval *slot = NULL;
		if (at[i] == DUK_INVALID_INDEX) duk_push_undefined(thr); else duk_dup(thr, at[i]);
		if (DUK_HOBJECT_HAS_ARRAY_PART(h) && n < 0xfffffffeUL) slot = duk__obtain_arridx_slot(thr, n, h);
		if (slot == NULL) {
			duk_push_heapptr(thr, h);
			duk_swap_top(thr, -2);
			duk_put_prop_index(thr, -2, n);
			duk_pop(thr);
			continue;
		}
		DUK_TVAL_SET_TVAL_UPDREF(thr, slot, duk_get_tval(thr, -1));
		((duk_harray *) h)->length = n + 1;
		duk_pop(thr);
	}
}

/* Pops the top of the stack into element i of the bare array arr, which its array part
 * holds (lib/engine/regexp_natives.cc's holder of the string it converted last); anything
 * else is a [[Set]]. */
void oda_duk_array_put(void *ctx, void *arr, unsigned int i) {
	duk_hthread *thr = (duk_hthread *) ctx;
	duk_hobject *h = (duk_hobject *) arr;
	if (DUK_HOBJECT_HAS_ARRAY_PART(h) && i < DUK_HOBJECT_GET_ASIZE(h) && i < ((duk_harray *) h)->length) {
		duk_tval *slot = DUK_HOBJECT_A_GET_VALUE_PTR(thr->heap, h, i);
		DUK_TVAL_SET_TVAL_UPDREF(thr, slot, duk_require_tval(thr, -1));
		duk_pop(thr);
		return;
	}
	duk_push_heapptr(thr, h);
	duk_swap_top(thr, -2);
	duk_put_prop_index(thr, -2, (duk_uarridx_t) i);
	duk_pop(thr);
}

/* Whether the object at idx has prototype proto, no own `constructor`, and proto a plain data
 * `constructor` holding ctor: then its `constructor` is ctor without a [[Get]] (which cost an
 * await 400 instructions). 0 says nothing: the caller reads the property. */
int oda_duk_constructor_is(void *ctx, int idx, void *proto, void *ctor) {
	duk_hthread *thr = (duk_hthread *) ctx;
	duk_hobject *h = duk_get_hobject(thr, (duk_idx_t) idx);
	duk_hobject *p = (duk_hobject *) proto;
	duk_tval *tv;
	duk_int_t e_idx, h_idx;
	if (h == NULL || p == NULL || DUK_HOBJECT_GET_PROTOTYPE(thr->heap, h) != p || DUK_HOBJECT_IS_PROXY(h) ||
	    DUK_HOBJECT_IS_PROXY(p) ||
	    duk_hobject_find_entry(thr->heap, h, DUK_HTHREAD_STRING_CONSTRUCTOR(thr), &e_idx, &h_idx)) {
		return 0;
	}
	tv = duk_hobject_find_entry_tval_ptr_stridx(thr->heap, p, DUK_STRIDX_CONSTRUCTOR);
	return tv != NULL && DUK_TVAL_IS_OBJECT(tv) && DUK_TVAL_GET_OBJECT(tv) == (duk_hobject *) ctor;
}

/* Whether the coroutine at idx has finished (returned or thrown), so that what its resume
 * returned is its result, not a value it yielded to await (lib/engine/promise.cc). */
int oda_duk_thread_done(void *ctx, int idx) {
	duk_hthread *t = duk_require_hthread((duk_hthread *) ctx, (duk_idx_t) idx);
	return t->state == DUK_HTHREAD_STATE_TERMINATED;
}

/* Whether obj's own property of the key at key_idx is an accessor whose getter is `getter`
 * (Promise's untouched @@species, so that then makes a plain promise without two [[Get]]s
 * and a call; lib/engine/promise.cc). */
int oda_duk_own_getter_is(void *ctx, void *obj, int key_idx, void *getter) {
	duk_hthread *thr = (duk_hthread *) ctx;
	duk_hobject *h = (duk_hobject *) obj;
	duk_hstring *k = duk_get_hstring(thr, (duk_idx_t) key_idx);
	duk_int_t e_idx, h_idx;
	if (h == NULL || k == NULL || getter == NULL || DUK_HOBJECT_IS_PROXY(h) ||
	    !duk_hobject_find_entry(thr->heap, h, k, &e_idx, &h_idx)) {
		return 0;
	}
	return DUK_HOBJECT_E_SLOT_IS_ACCESSOR(thr->heap, h, e_idx) &&
	       DUK_HOBJECT_E_GET_VALUE_GETTER(thr->heap, h, e_idx) == (duk_hobject *) getter;
}

/* Number to text for ToString(Number) (lib/engine/patches/0021): the shortest digits that read
 * back as x and, among those, the nearest to x, found with 64-bit arithmetic after Loitsch's
 * Grisu3 ("Printing floating-point numbers quickly and accurately with integers", PLDI 2010)
 * instead of Duktape's bignum Dragon4 (about 9,000 instructions a number). Grisu3 knows when
 * its approximations cannot decide (about 0.5% of doubles); those answer 0 here and go to
 * Dragon4, which is exact. */

/* 10^p for p = -348, -340, ..., 340 as f * 2^e, f normalized to 64 bits and rounded to
 * nearest (generated with exact rationals). */
static const struct { duk_uint64_t f; int e; } oda__pow10[] = {
	{0xfa8fd5a0081c0288ULL, -1220}, /* 1e-348 */
	{0xbaaee17fa23ebf76ULL, -1193}, /* 1e-340 */
	{0x8b16fb203055ac76ULL, -1166}, /* 1e-332 */
	{0xcf42894a5dce35eaULL, -1140}, /* 1e-324 */
	{0x9a6bb0aa55653b2dULL, -1113}, /* 1e-316 */
	{0xe61acf033d1a45dfULL, -1087}, /* 1e-308 */
	{0xab70fe17c79ac6caULL, -1060}, /* 1e-300 */
	{0xff77b1fcbebcdc4fULL, -1034}, /* 1e-292 */
	{0xbe5691ef416bd60cULL, -1007}, /* 1e-284 */
	{0x8dd01fad907ffc3cULL, -980}, /* 1e-276 */
	{0xd3515c2831559a83ULL, -954}, /* 1e-268 */
	{0x9d71ac8fada6c9b5ULL, -927}, /* 1e-260 */
	{0xea9c227723ee8bcbULL, -901}, /* 1e-252 */
	{0xaecc49914078536dULL, -874}, /* 1e-244 */
	{0x823c12795db6ce57ULL, -847}, /* 1e-236 */
	{0xc21094364dfb5637ULL, -821}, /* 1e-228 */
	{0x9096ea6f3848984fULL, -794}, /* 1e-220 */
	{0xd77485cb25823ac7ULL, -768}, /* 1e-212 */
	{0xa086cfcd97bf97f4ULL, -741}, /* 1e-204 */
	{0xef340a98172aace5ULL, -715}, /* 1e-196 */
	{0xb23867fb2a35b28eULL, -688}, /* 1e-188 */
	{0x84c8d4dfd2c63f3bULL, -661}, /* 1e-180 */
	{0xc5dd44271ad3cdbaULL, -635}, /* 1e-172 */
	{0x936b9fcebb25c996ULL, -608}, /* 1e-164 */
	{0xdbac6c247d62a584ULL, -582}, /* 1e-156 */
	{0xa3ab66580d5fdaf6ULL, -555}, /* 1e-148 */
	{0xf3e2f893dec3f126ULL, -529}, /* 1e-140 */
	{0xb5b5ada8aaff80b8ULL, -502}, /* 1e-132 */
	{0x87625f056c7c4a8bULL, -475}, /* 1e-124 */
	{0xc9bcff6034c13053ULL, -449}, /* 1e-116 */
	{0x964e858c91ba2655ULL, -422}, /* 1e-108 */
	{0xdff9772470297ebdULL, -396}, /* 1e-100 */
	{0xa6dfbd9fb8e5b88fULL, -369}, /* 1e-92 */
	{0xf8a95fcf88747d94ULL, -343}, /* 1e-84 */
	{0xb94470938fa89bcfULL, -316}, /* 1e-76 */
	{0x8a08f0f8bf0f156bULL, -289}, /* 1e-68 */
	{0xcdb02555653131b6ULL, -263}, /* 1e-60 */
	{0x993fe2c6d07b7facULL, -236}, /* 1e-52 */
	{0xe45c10c42a2b3b06ULL, -210}, /* 1e-44 */
	{0xaa242499697392d3ULL, -183}, /* 1e-36 */
	{0xfd87b5f28300ca0eULL, -157}, /* 1e-28 */
	{0xbce5086492111aebULL, -130}, /* 1e-20 */
	{0x8cbccc096f5088ccULL, -103}, /* 1e-12 */
	{0xd1b71758e219652cULL, -77}, /* 1e-4 */
	{0x9c40000000000000ULL, -50}, /* 1e4 */
	{0xe8d4a51000000000ULL, -24}, /* 1e12 */
	{0xad78ebc5ac620000ULL, 3}, /* 1e20 */
	{0x813f3978f8940984ULL, 30}, /* 1e28 */
	{0xc097ce7bc90715b3ULL, 56}, /* 1e36 */
	{0x8f7e32ce7bea5c70ULL, 83}, /* 1e44 */
	{0xd5d238a4abe98068ULL, 109}, /* 1e52 */
	{0x9f4f2726179a2245ULL, 136}, /* 1e60 */
	{0xed63a231d4c4fb27ULL, 162}, /* 1e68 */
	{0xb0de65388cc8ada8ULL, 189}, /* 1e76 */
	{0x83c7088e1aab65dbULL, 216}, /* 1e84 */
	{0xc45d1df942711d9aULL, 242}, /* 1e92 */
	{0x924d692ca61be758ULL, 269}, /* 1e100 */
	{0xda01ee641a708deaULL, 295}, /* 1e108 */
	{0xa26da3999aef774aULL, 322}, /* 1e116 */
	{0xf209787bb47d6b85ULL, 348}, /* 1e124 */
	{0xb454e4a179dd1877ULL, 375}, /* 1e132 */
	{0x865b86925b9bc5c2ULL, 402}, /* 1e140 */
	{0xc83553c5c8965d3dULL, 428}, /* 1e148 */
	{0x952ab45cfa97a0b3ULL, 455}, /* 1e156 */
	{0xde469fbd99a05fe3ULL, 481}, /* 1e164 */
	{0xa59bc234db398c25ULL, 508}, /* 1e172 */
	{0xf6c69a72a3989f5cULL, 534}, /* 1e180 */
	{0xb7dcbf5354e9beceULL, 561}, /* 1e188 */
	{0x88fcf317f22241e2ULL, 588}, /* 1e196 */
	{0xcc20ce9bd35c78a5ULL, 614}, /* 1e204 */
	{0x98165af37b2153dfULL, 641}, /* 1e212 */
	{0xe2a0b5dc971f303aULL, 667}, /* 1e220 */
	{0xa8d9d1535ce3b396ULL, 694}, /* 1e228 */
	{0xfb9b7cd9a4a7443cULL, 720}, /* 1e236 */
	{0xbb764c4ca7a44410ULL, 747}, /* 1e244 */
	{0x8bab8eefb6409c1aULL, 774}, /* 1e252 */
	{0xd01fef10a657842cULL, 800}, /* 1e260 */
	{0x9b10a4e5e9913129ULL, 827}, /* 1e268 */
	{0xe7109bfba19c0c9dULL, 853}, /* 1e276 */
	{0xac2820d9623bf429ULL, 880}, /* 1e284 */
	{0x80444b5e7aa7cf85ULL, 907}, /* 1e292 */
	{0xbf21e44003acdd2dULL, 933}, /* 1e300 */
	{0x8e679c2f5e44ff8fULL, 960}, /* 1e308 */
	{0xd433179d9c8cb841ULL, 986}, /* 1e316 */
	{0x9e19db92b4e31ba9ULL, 1013}, /* 1e324 */
	{0xeb96bf6ebadf77d9ULL, 1039}, /* 1e332 */
	{0xaf87023b9bf0ee6bULL, 1066}, /* 1e340 */
};
#define ODA__POW10_FIRST (-348)
#define ODA__POW10_STEP 8

/* The upper 64 bits of a * b, rounded: the error of each product is at most half a unit of
 * the result, and of the table's power another half. */
static duk_uint64_t oda__mul_hi(duk_uint64_t a, duk_uint64_t b) {
	unsigned __int128 p = (unsigned __int128) a * b;
	return (duk_uint64_t) ((p + ((unsigned __int128) 1 << 63)) >> 64);
}

/* Settles the last digit of buf (len digits, worth ten_kappa each in the scaled units) so that
 * the number is the one nearest to x, and checks that it is certainly within x's rounding
 * interval. rest is too_high minus the number, dist is too_high minus the scaled x, known to
 * within unit; unsafe is the width of the widened interval. Returns 0 when the approximations
 * cannot tell. */
static int oda__grisu_round(char *buf, int len, duk_uint64_t dist, duk_uint64_t unsafe, duk_uint64_t rest,
                            duk_uint64_t ten_kappa, duk_uint64_t unit) {
	duk_uint64_t near_w = dist - unit; /* too_high to the highest x may be */
	duk_uint64_t far_w = dist + unit;  /* too_high to the lowest x may be */
	/* Step down while the next lower number is still in the interval and nearer the highest x. */
	while (rest < near_w && unsafe - rest >= ten_kappa &&
	       (rest + ten_kappa < near_w || near_w - rest >= rest + ten_kappa - near_w)) {
		buf[len - 1]--;
		rest += ten_kappa;
	}
	/* Had x been its lowest, another step down would be nearer: undecided. */
	if (rest < far_w && unsafe - rest >= ten_kappa &&
	    (rest + ten_kappa < far_w || far_w - rest > rest + ten_kappa - far_w)) {
		return 0;
	}
	/* Inside the interval even with every error against it. */
	return 2 * unit <= rest && rest <= unsafe - 4 * unit;
}

/* The shortest nearest digits of x (finite, > 0) into buf (at least 18 bytes) and the decimal
 * exponent of the last one (*exp10): x is about digits * 10^*exp10. Returns the digit count, or
 * 0 when undecided. */
int oda_duk_shortest_digits(double x, char *buf, int *exp10) {
	duk_uint64_t bits, f, mp, mm, w, c, too_high, too_low, unsafe, one_f, integrals, fractionals, divisor, unit, dist;
	int e, be, shift, mp_e, mm_e, idx, p10, c_e, one_e, kappa, len = 0;
	duk_memcpy((void *) &bits, (const void *) &x, sizeof bits);
	be = (int) ((bits >> 52) & 0x7ff);
	f = bits & 0xfffffffffffffULL;
	if (be == 0) {
		e = -1074;
	} else {
		f |= 0x10000000000000ULL;
		e = be - 1075;
	}
	/* The interval's ends, halfway to the neighbours: below a power of two the lower
	 * neighbour is half as far. */
	mp = (f << 1) + 1;
	mp_e = e - 1;
	if (f == 0x10000000000000ULL && be > 1) {
		mm = (f << 2) - 1;
		mm_e = e - 2;
	} else {
		mm = (f << 1) - 1;
		mm_e = e - 1;
	}
	shift = __builtin_clzll(mp);
	mp <<= shift;
	mp_e -= shift;
	mm <<= mm_e - mp_e;
	w = f << __builtin_clzll(f);
	/* w's exponent equals mp's (both normalized from the same f). */

	/* A power 10^p bringing the scaled exponent into [-60, -32]: then the integral part fits
	 * in 32 bits and ten times the fraction in 64. */
	idx = (int) ((((double) (-60 - (mp_e + 64)) + 63.0) * 0.30102999566398114 - ODA__POW10_FIRST) / ODA__POW10_STEP);
	if (idx < 0) idx = 0;
	if (idx >= (int) (sizeof oda__pow10 / sizeof oda__pow10[0])) idx = (int) (sizeof oda__pow10 / sizeof oda__pow10[0]) - 1;
	while (idx > 0 && mp_e + oda__pow10[idx].e + 64 > -32) idx--;
	while (idx + 1 < (int) (sizeof oda__pow10 / sizeof oda__pow10[0]) && mp_e + oda__pow10[idx].e + 64 < -60) idx++;
	if (mp_e + oda__pow10[idx].e + 64 > -32 || mp_e + oda__pow10[idx].e + 64 < -60) {
		return 0;
	}
	c = oda__pow10[idx].f;
	c_e = oda__pow10[idx].e;
	p10 = ODA__POW10_FIRST + idx * ODA__POW10_STEP;

	w = oda__mul_hi(w, c);
	too_high = oda__mul_hi(mp, c) + 1;
	too_low = oda__mul_hi(mm, c) - 1;
	unsafe = too_high - too_low;
	one_e = -(mp_e + c_e + 64);
	one_f = (duk_uint64_t) 1 << one_e;
	integrals = too_high >> one_e;
	fractionals = too_high & (one_f - 1);
	unit = 1;
	dist = too_high - w;

	/* Digits of too_high, until what is left of it is within the interval. */
	divisor = 1;
	kappa = 0;
	while (divisor * 10 <= integrals) {
		divisor *= 10;
		kappa++;
	}
	kappa++;
	while (kappa > 0) {
		duk_uint64_t rest;
		buf[len++] = (char) ('0' + integrals / divisor);
		integrals %= divisor;
		kappa--;
		rest = (integrals << one_e) + fractionals;
		if (rest < unsafe) {
			*exp10 = kappa - p10;
			return oda__grisu_round(buf, len, dist, unsafe, rest, divisor << one_e, unit) ? len : 0;
		}
		divisor /= 10;
	}
	for (;;) {
		fractionals *= 10;
		unit *= 10;
		unsafe *= 10;
		buf[len++] = (char) ('0' + (fractionals >> one_e));
		fractionals &= one_f - 1;
		kappa--;
		if (fractionals < unsafe) {
			*exp10 = kappa - p10;
			return oda__grisu_round(buf, len, dist * unit, unsafe, fractionals, one_f, unit) ? len : 0;
		}
		if (len >= 17) {
			return 0;
		}
	}
}

/* Pushes ToString(x) for x finite and > 0 (neg: of -x) in ECMAScript's layout: plain digits
 * from 1e-6 up to below 1e21, else d.ddde+n. Returns 0, pushing nothing, when the digits are
 * undecided. */
duk_bool_t oda_duk_push_number_text(duk_hthread *thr, duk_double_t x, duk_small_int_t neg) {
	char digits[20];
	char out[40];
	int exp10, k, n, i, len = 0;
	k = oda_duk_shortest_digits(x, digits, &exp10);
	if (k == 0) {
		return 0;
	}
	n = k + exp10; /* x = 0.d1d2...dk * 10^n */
	if (neg) out[len++] = '-';
	if (k <= n && n <= 21) {
		duk_memcpy(out + len, digits, (size_t) k);
		len += k;
		for (i = k; i < n; i++) out[len++] = '0';
	} else if (0 < n && n <= 21) {
		duk_memcpy(out + len, digits, (size_t) n);
		len += n;
		out[len++] = '.';
		duk_memcpy(out + len, digits + n, (size_t) (k - n));
		len += k - n;
	} else if (-6 < n && n <= 0) {
		out[len++] = '0';
		out[len++] = '.';
		for (i = n; i < 0; i++) out[len++] = '0';
		duk_memcpy(out + len, digits, (size_t) k);
		len += k;
	} else {
		int ex = n - 1;
		out[len++] = digits[0];
		if (k > 1) {
			out[len++] = '.';
			duk_memcpy(out + len, digits + 1, (size_t) (k - 1));
			len += k - 1;
		}
		out[len++] = 'e';
		out[len++] = ex < 0 ? '-' : '+';
		if (ex < 0) ex = -ex;
		if (ex >= 100) out[len++] = (char) ('0' + ex / 100);
		if (ex >= 10) out[len++] = (char) ('0' + ex / 10 % 10);
		out[len++] = (char) ('0' + ex % 10);
	}
	duk_push_lstring(thr, out, (duk_size_t) len);
	return 1;
}

/* Pushes the function that called the running native (lib/engine/natives.cc's
 * __oda_callee): what the lowering of new.target and of a generator's `new` guard asks for,
 * which arguments.callee gave until strict code ran strict (there it throws). Returns 0, and
 * pushes nothing, when no ECMAScript caller is on the stack. */
int oda_duk_push_caller(void *ctx) {
	duk_hthread *thr = (duk_hthread *) ctx;
	duk_activation *act = thr->callstack_curr;
	if (act == NULL || act->parent == NULL) return 0;
	duk_push_tval(thr, &act->parent->tv_func);
	return 1;
}

/* Node's words for a write, delete or definition the object refuses (lib/engine/patches/0053).
 * A value of a data property as [[Get]] would find it on h's prototype chain, or NULL where an
 * accessor or a proxy stands first: naming an object in an error runs no code of the program
 * (V8's GetDataProperty). */
DUK_LOCAL duk_tval *oda__data_prop(duk_hthread *thr, duk_hobject *h, duk_small_uint_t stridx) {
	duk_hstring *key = DUK_HTHREAD_GET_STRING(thr, stridx);
	duk_uint_t sanity = DUK_HOBJECT_PROTOTYPE_CHAIN_SANITY;
	duk_int_t e_idx, h_idx;
	for (; h != NULL && sanity-- > 0; h = DUK_HOBJECT_GET_PROTOTYPE(thr->heap, h)) {
		if (DUK_HOBJECT_IS_PROXY(h)) {
			return NULL;
		}
		if (duk_hobject_find_entry(thr->heap, h, key, &e_idx, &h_idx)) {
			return DUK_HOBJECT_E_SLOT_IS_ACCESSOR(thr->heap, h, e_idx) ? NULL
			                                                            : DUK_HOBJECT_E_GET_VALUE_TVAL_PTR(thr->heap, h, e_idx);
		}
	}
	return NULL;
}

/* The text of such a property if it is a string, else dflt. */
DUK_LOCAL const char *oda__data_text(duk_hthread *thr, duk_hobject *h, duk_small_uint_t stridx, const char *dflt) {
	duk_tval *tv = oda__data_prop(thr, h, stridx);
	if (tv != NULL && DUK_TVAL_IS_STRING(tv) && !DUK_HSTRING_HAS_SYMBOL(DUK_TVAL_GET_STRING(tv))) {
		return (const char *) DUK_HSTRING_GET_DATA(DUK_TVAL_GET_STRING(tv));
	}
	return dflt;
}

DUK_LOCAL duk_bool_t oda__is_native(duk_tval *tv, duk_c_function f) {
	duk_hobject *h;
	if (tv == NULL || !DUK_TVAL_IS_OBJECT(tv)) {
		return 0;
	}
	h = DUK_TVAL_GET_OBJECT(tv);
	return DUK_HOBJECT_IS_NATFUNC(h) && ((duk_hnatfunc *) h)->func == f;
}

/* An object as V8 names it in these errors (its NoSideEffectsToString): an error as
 * "Name: message"; one whose toString is Object.prototype's as "#<C>" after its constructor's
 * name ("#<Object>", "#<K>" for a class instance); any other as "[object Tag]" ("[object
 * Array]", "[object String]"). A function node shows by its source, which Duktape does not keep:
 * it is Function.prototype.toString's text here ("function g() { [ecmascript code] }"). */
DUK_LOCAL const char *oda__push_v8_object(duk_hthread *thr, duk_hobject *h) {
	duk_tval *to_string;
	if (DUK_HOBJECT_IS_CALLABLE(h)) {
		return duk_push_sprintf(thr,
		                        "function %s() { [%s code] }",
		                        oda__data_text(thr, h, DUK_STRIDX_NAME, ""),
		                        DUK_HOBJECT_IS_NATFUNC(h) ? "native" : DUK_HOBJECT_IS_BOUNDFUNC(h) ? "bound" : "ecmascript");
	}
	to_string = oda__data_prop(thr, h, DUK_STRIDX_TO_STRING);
	if (DUK_HOBJECT_GET_CLASS_NUMBER(h) == DUK_HOBJECT_CLASS_ERROR || oda__is_native(to_string, duk_bi_error_prototype_to_string)) {
		const char *name = oda__data_text(thr, h, DUK_STRIDX_NAME, "Error");
		const char *message = oda__data_text(thr, h, DUK_STRIDX_MESSAGE, "");
		return duk_push_sprintf(thr, "%s%s%s", name, *name != 0 && *message != 0 ? ": " : "", message);
	}
	if (oda__is_native(to_string, duk_bi_object_prototype_to_string)) {
		duk_tval *ctor = oda__data_prop(thr, h, DUK_STRIDX_CONSTRUCTOR);
		if (ctor != NULL && DUK_TVAL_IS_OBJECT(ctor) && DUK_HOBJECT_IS_CALLABLE(DUK_TVAL_GET_OBJECT(ctor))) {
			const char *name = oda__data_text(thr, DUK_TVAL_GET_OBJECT(ctor), DUK_STRIDX_NAME, "");
			if (*name != 0) {
				return duk_push_sprintf(thr, "#<%s>", name);
			}
		}
	}
	{
		duk_tval *tag = oda__data_prop(thr, h, DUK_STRIDX_WELLKNOWN_SYMBOL_TO_STRING_TAG);
		duk_hstring *s = tag != NULL && DUK_TVAL_IS_STRING(tag) && !DUK_HSTRING_HAS_SYMBOL(DUK_TVAL_GET_STRING(tag))
		                     ? DUK_TVAL_GET_STRING(tag)
		                     : DUK_HTHREAD_GET_STRING(thr, DUK_HOBJECT_CLASS_NUMBER_TO_STRIDX(DUK_HOBJECT_GET_CLASS_NUMBER(h)));
		return duk_push_sprintf(thr, "[object %s]", (const char *) DUK_HSTRING_GET_DATA(s));
	}
}

/* A primitive base as the object V8 makes of it first ("[object String]"). */
DUK_LOCAL const char *oda__push_v8_wrapped(duk_hthread *thr, duk_tval *tv) {
	if (DUK_TVAL_IS_OBJECT(tv)) {
		return oda__push_v8_object(thr, DUK_TVAL_GET_OBJECT(tv));
	}
	switch (DUK_TVAL_GET_TAG(tv)) {
	case DUK_TAG_STRING:
		return DUK_HSTRING_HAS_SYMBOL(DUK_TVAL_GET_STRING(tv)) ? duk_push_literal(thr, "[object Symbol]")
		                                                       : duk_push_literal(thr, "[object String]");
	case DUK_TAG_BOOLEAN:
		return duk_push_literal(thr, "[object Boolean]");
	case DUK_TAG_BUFFER:
		return duk_push_literal(thr, "[object Uint8Array]");
	case DUK_TAG_LIGHTFUNC:
		return duk_push_literal(thr, "function () { [native code] }");
	default:
		return DUK_TVAL_IS_NUMBER(tv) ? duk_push_literal(thr, "[object Number]") : duk_oda_push_v8_summary(thr, tv);
	}
}

/* The value at idx as V8 names it in "called on incompatible receiver X" and the like: an
 * object by oda__push_v8_object (no getter of the program runs), a BigInt by its digits, any
 * other value by its text (a symbol as "Symbol(s)"). For the runtime's errors (natives.cc
 * __oda_v8_name), so they name objects by the engine's rule. */
const char *oda_duk_push_v8_name(void *ctx, int idx) {
	duk_hthread *thr = (duk_hthread *) ctx;
	duk_tval *tv = duk_get_tval_or_unused(thr, (duk_idx_t) idx);
	duk_tval copy;
	DUK_TVAL_SET_TVAL(&copy, tv); /* the pushes below may move the value stack */
	if (DUK_TVAL_IS_OBJECT(&copy)) {
		duk_hobject *h = DUK_TVAL_GET_OBJECT(&copy);
		if (DUK_ODA_IS_BIGINT(h)) {
			duk_push_hstring(thr, duk_oda_bigint_hstring(thr, h));
			return duk_get_string(thr, -1);
		}
		return oda__push_v8_object(thr, h);
	}
	if (DUK_TVAL_IS_LIGHTFUNC(&copy)) {
		return oda__push_v8_wrapped(thr, &copy);
	}
	return duk_oda_push_v8_summary(thr, &copy);
}

/* Throws node's TypeError for a refused write, delete or definition of key on an object
 * (tv_obj, or obj where the caller has only the object), in the words of what: the key as
 * node shows keys (Symbol(s)), the object as V8 names it. */
DUK_INTERNAL DUK_COLD DUK_NOINLINE void duk_oda_throw_refused(duk_hthread *thr, duk_oda_refusal what, duk_tval *tv_obj,
                                                             duk_hobject *obj, duk_hstring *key) {
	duk_tval tv_o;
	duk_tval tv_k;
	const char *k;
	if (tv_obj == NULL) {
		DUK_TVAL_SET_OBJECT(&tv_o, obj);
		tv_obj = &tv_o;
	}
	DUK_TVAL_SET_TVAL(&tv_o, tv_obj); /* a copy: the pushes below may move the value stack */
	tv_obj = &tv_o;
	if (what == DUK_ODA_REFUSED_PROTOTYPE) {
		DUK_ERROR_FMT1(thr, DUK_ERR_TYPE_ERROR, "%s is not extensible", oda__push_v8_wrapped(thr, tv_obj));
	}
	DUK_TVAL_SET_STRING(&tv_k, key);
	k = duk_oda_push_v8_summary(thr, &tv_k);
	switch (what) {
	case DUK_ODA_REFUSED_ADD:
		DUK_ERROR_FMT1(thr, DUK_ERR_TYPE_ERROR, "Cannot add property %s, object is not extensible", k);
		break;
	case DUK_ODA_REFUSED_DEFINE:
		DUK_ERROR_FMT1(thr, DUK_ERR_TYPE_ERROR, "Cannot define property %s, object is not extensible", k);
		break;
	case DUK_ODA_REFUSED_REDEFINE:
		DUK_ERROR_FMT1(thr, DUK_ERR_TYPE_ERROR, "Cannot redefine property: %s", k);
		break;
	case DUK_ODA_REFUSED_DELETE:
		DUK_ERROR_FMT2(thr, DUK_ERR_TYPE_ERROR, "Cannot delete property '%s' of %s", k, oda__push_v8_wrapped(thr, tv_obj));
		break;
	case DUK_ODA_REFUSED_NO_SETTER:
		DUK_ERROR_FMT2(thr,
		               DUK_ERR_TYPE_ERROR,
		               "Cannot set property %s of %s which has only a getter",
		               k,
		               oda__push_v8_wrapped(thr, tv_obj));
		break;
	case DUK_ODA_REFUSED_CREATE_ON_PRIMITIVE:
	case DUK_ODA_REFUSED_READ_ONLY: {
		const char *type = (const char *) DUK_HSTRING_GET_DATA(DUK_HTHREAD_GET_STRING(thr, duk_js_typeof_stridx(tv_obj)));
		const char *o = DUK_TVAL_IS_OBJECT(tv_obj) ? oda__push_v8_object(thr, DUK_TVAL_GET_OBJECT(tv_obj))
		                                           : DUK_TVAL_IS_LIGHTFUNC(tv_obj) ? oda__push_v8_wrapped(thr, tv_obj)
		                                                                            : duk_oda_push_v8_summary(thr, tv_obj);
		DUK_ERROR_FMT3(thr,
		               DUK_ERR_TYPE_ERROR,
		               what == DUK_ODA_REFUSED_READ_ONLY ? "Cannot assign to read only property '%s' of %s '%s'"
		                                                 : "Cannot create property '%s' on %s '%s'",
		               k,
		               type,
		               o);
		break;
	}
	default:
		break;
	}
	DUK_ERROR_TYPE(thr, DUK_STR_INVALID_ARGS);
}

/* An array of the n values below the top k key/value pairs, with those pairs as its own data
 * properties (writable, enumerable, configurable, in their order), made at its final size:
 * RegExp exec's match (lib/engine/regexp_natives.cc), whose element puts and three defines
 * through the API were half the exec's own cost. The keys are distinct strings that are no
 * array index (the caller's literals). Pops the n + 2k values, n + 2k > 0, and pushes the
 * array. */
void oda_duk_pack_with_props(void *ctx, unsigned int n, unsigned int k) {
	duk_hthread *thr = (duk_hthread *) ctx;
	duk_idx_t base = duk_get_top(thr) - (duk_idx_t) (n + 2 * k);
	duk_harray *a;
	duk_hobject *h;
	duk_tval *src, *dst, *tv;
	duk_uint_fast32_t i;
	if (base < 0 || n + 2 * k == 0) {
		DUK_ERROR_TYPE_INVALID_ARGS(thr);
		DUK_WO_NORETURN(return;);
	}
	a = duk_push_harray(thr);
	h = (duk_hobject *) a;
	duk_hobject_realloc_props(thr, h, (duk_uint32_t) k, (duk_uint32_t) n, 0, 0);
	a->length = (duk_uint32_t) n;
	/* Taken after the allocation, which may have run the garbage collector; each value's
	 * reference moves from the stack into the array. */
	src = thr->valstack_bottom + base;
	dst = DUK_HOBJECT_A_GET_BASE(thr->heap, h);
	for (i = 0; i < n; i++) {
		DUK_TVAL_SET_TVAL(dst + i, src + i);
		DUK_TVAL_SET_UNDEFINED(src + i);
	}
	for (i = 0; i < k; i++) {
		duk_tval *tv_key = src + n + 2 * i;
		DUK_ASSERT(DUK_TVAL_IS_STRING(tv_key));
		DUK_HOBJECT_E_SET_KEY(thr->heap, h, i, DUK_TVAL_GET_STRING(tv_key));
		DUK_TVAL_SET_TVAL(DUK_HOBJECT_E_GET_VALUE_TVAL_PTR(thr->heap, h, i), tv_key + 1);
		DUK_HOBJECT_E_SET_FLAGS(thr->heap, h, i, DUK_PROPDESC_FLAGS_WEC);
		DUK_TVAL_SET_UNDEFINED(tv_key);
		DUK_TVAL_SET_UNDEFINED(tv_key + 1);
	}
	DUK_HOBJECT_SET_ENEXT(h, (duk_uint32_t) k);
	tv = thr->valstack_top - 1;
	DUK_TVAL_SET_TVAL(src, tv);
	DUK_TVAL_SET_UNDEFINED(tv);
	thr->valstack_top = src + 1;
}

/* What a `+` chain's or a template's concatenation (lib/engine/natives.cc's concat_strings)
 * needs of its operand at idx, read from the value itself: 1 with a string's bytes and byte
 * length, 2 with a number, 0 for anything else (a Symbol included), which the caller converts
 * through the API. The API's type tests and reads were a fifth of a report line's cost. The
 * caller passes an index below the top. */
int oda_duk_concat_piece(void *ctx, int idx, const char **bytes, size_t *len, double *num) {
	duk_hthread *thr = (duk_hthread *) ctx;
	duk_tval *tv = thr->valstack_bottom + idx;
	if (DUK_TVAL_IS_STRING(tv)) {
		duk_hstring *h = DUK_TVAL_GET_STRING(tv);
		if (DUK_HSTRING_HAS_SYMBOL(h)) {
			return 0;
		}
		*bytes = (const char *) DUK_HSTRING_GET_DATA(h);
		*len = (size_t) DUK_HSTRING_GET_BYTELEN(h);
		return 1;
	}
	if (DUK_TVAL_IS_NUMBER(tv)) {
		*num = DUK_TVAL_GET_NUMBER(tv);
		return 2;
	}
	return 0;
}

/* __oda_bind(fn, name, value, ...) (lib/engine/natives.cc): puts a fresh, closed declarative
 * environment holding name = value for each pair between the closure fn, just made by the
 * caller, and the scope it was made in. A loop body's closures that capture its let and const
 * bindings get each iteration's values this way, when those bindings never change once set
 * (lib/js/resolve.cc): one environment of a few slots per closure, where a function called per
 * iteration cost a call, an environment with the body's registers, and every other name of the
 * body reached through the scope chain. Returns 0, the closure at the top, or -1 when fn is no
 * ECMAScript function or a name is no string. */
int oda_duk_bind_env(void *ctx) {
	duk_hthread *thr = (duk_hthread *) ctx;
	duk_heap *heap = thr->heap;
	duk_idx_t top = duk_get_top(thr);
	duk_hobject *fn = duk_get_hobject(thr, 0);
	duk_hobject *outer;
	duk_hobject *env;
	duk_uint32_t n, i;

	if (fn == NULL || !DUK_HOBJECT_IS_COMPFUNC(fn) || !DUK_HOBJECT_HAS_NEWENV(fn) || top < 1 || ((top - 1) & 1) != 0) {
		return -1;
	}
	n = (duk_uint32_t) (top - 1) / 2;
	for (i = 0; i < n; i++) {
		duk_hstring *key = duk_get_hstring(thr, (duk_idx_t) (1 + 2 * i));
		if (key == NULL || DUK_HSTRING_HAS_SYMBOL(key)) {
			return -1;
		}
	}
	outer = DUK_HCOMPFUNC_GET_LEXENV(heap, (duk_hcompfunc *) fn);
	env = (duk_hobject *) duk_hdecenv_alloc(thr, DUK_HOBJECT_FLAG_EXTENSIBLE | DUK_HOBJECT_CLASS_AS_FLAGS(DUK_HOBJECT_CLASS_DECENV));
	duk_push_hobject(thr, env);
	DUK_HOBJECT_SET_PROTOTYPE(heap, env, outer);
	DUK_HOBJECT_INCREF_ALLOWNULL(thr, outer);
	if (n > 0) {
		duk_hobject_realloc_props(thr, env, n, 0, 0, 0);
		for (i = 0; i < n; i++) {
			duk_hstring *key = duk_get_hstring(thr, (duk_idx_t) (1 + 2 * i));
			duk_tval *dst = DUK_HOBJECT_E_GET_VALUE_TVAL_PTR(heap, env, i);
			DUK_HOBJECT_E_SET_KEY(heap, env, i, key);
			DUK_HSTRING_INCREF(thr, key);
			DUK_TVAL_SET_TVAL(dst, duk_get_tval(thr, (duk_idx_t) (2 + 2 * i)));
			DUK_TVAL_INCREF(thr, dst);
			/* As an activation's bindings: writable, not deletable. */
			DUK_HOBJECT_E_SET_FLAGS(heap, env, i, DUK_PROPDESC_FLAGS_WE);
		}
		DUK_HOBJECT_SET_ENEXT(env, n);
	}
	/* The old environments stay referenced: the lexical one is the new one's parent, and a
	 * NEWENV closure's variable environment is its lexical one. */
	{
		duk_hcompfunc *f = (duk_hcompfunc *) fn;
		duk_hobject *old_lex = DUK_HCOMPFUNC_GET_LEXENV(heap, f);
		duk_hobject *old_var = DUK_HCOMPFUNC_GET_VARENV(heap, f);
		DUK_HCOMPFUNC_SET_LEXENV(heap, f, env);
		DUK_HCOMPFUNC_SET_VARENV(heap, f, env);
		DUK_HOBJECT_INCREF(thr, env);
		DUK_HOBJECT_INCREF(thr, env);
		DUK_HOBJECT_DECREF_NORZ_ALLOWNULL(thr, old_lex);
		DUK_HOBJECT_DECREF_NORZ_ALLOWNULL(thr, old_var);
	}
	duk_pop_unsafe(thr);
	duk_dup(thr, 0);
	return 0;
}
