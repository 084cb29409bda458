
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

/* Marks the object at idx as a BigInt of the runtime (lib/engine/patches/0010): its first
 * property must be a plain data property holding its decimal text, which typeof, ToBoolean
 * and strict equality read from there. Returns 1 when it was marked. */
int oda_duk_bigint_mark(void *ctx, int idx) {
	duk_hthread *thr = (duk_hthread *) ctx;
	duk_hobject *h = duk_get_hobject(thr, (duk_idx_t) idx);
	if (h == NULL || DUK_HOBJECT_GET_CLASS_NUMBER(h) != DUK_HOBJECT_CLASS_OBJECT || DUK_HOBJECT_IS_CALLABLE(h) ||
	    DUK_HOBJECT_HAS_EXOTIC_PROXYOBJ(h) || DUK_HOBJECT_GET_ENEXT(h) < 1 ||
	    DUK_HOBJECT_E_SLOT_IS_ACCESSOR(thr->heap, h, 0) ||
	    !DUK_TVAL_IS_STRING(DUK_HOBJECT_E_GET_VALUE_TVAL_PTR(thr->heap, h, 0))) {
		return 0;
	}
	DUK_HOBJECT_SET_CLASS_NUMBER(h, DUK_HOBJECT_CLASS_ODA_BIGINT);
	return 1;
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
			*bits = (duk_uint64_t) (duk_uintptr_t) DUK_ODA_BIGINT_TEXT(h);
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

/* Pushes element i of the array part of the object at idx and returns 1, or pushes nothing
 * and returns 0 when the object has no array part, i is past it, or the slot is a hole: a
 * read with no key made and no property lookup, for natives walking an array only they hold
 * (lib/engine/natives.cc's sort), whose other elements they read through duk_get_prop_index. */
int oda_duk_push_dense(void *ctx, int idx, unsigned int i) {
	duk_hthread *thr = (duk_hthread *) ctx;
	duk_hobject *h = duk_get_hobject(thr, (duk_idx_t) idx);
	duk_tval *tv;
	if (h == NULL || !DUK_HOBJECT_HAS_ARRAY_PART(h) || i >= DUK_HOBJECT_GET_ASIZE(h)) {
		return 0;
	}
	tv = DUK_HOBJECT_A_GET_VALUE_PTR(thr->heap, h, i);
	if (DUK_TVAL_IS_UNUSED(tv)) {
		return 0;
	}
	duk_push_tval(thr, tv);
	return 1;
}

/* Whether every index key read of the object at idx is certainly undefined with nothing run:
 * it and each object on its prototype chain are ordinary (no Proxy, array, arguments, String
 * object or buffer), with no element in an array part and no array-index key in their
 * tables. Array.from over {length: n} (lib/engine/natives.cc) skips the reads then; the
 * check is made again for each element, as the callback may add such a key. */
static int oda__no_index_keys(duk_hthread *thr, duk_hobject *h) {
	duk_uint_t sanity = DUK_HOBJECT_PROTOTYPE_CHAIN_SANITY;
	for (; h != NULL; h = DUK_HOBJECT_GET_PROTOTYPE(thr->heap, h)) {
		duk_uint_fast32_t i;
		if (DUK_HOBJECT_HAS_EXOTIC_BEHAVIOR(h) || --sanity == 0) {
			return 0;
		}
		if (DUK_HOBJECT_HAS_ARRAY_PART(h)) {
			for (i = 0; i < DUK_HOBJECT_GET_ASIZE(h); i++) {
				if (!DUK_TVAL_IS_UNUSED(DUK_HOBJECT_A_GET_VALUE_PTR(thr->heap, h, i))) {
					return 0;
				}
			}
		}
		for (i = 0; i < DUK_HOBJECT_GET_ENEXT(h); i++) {
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
	duk_double_t k;
	for (k = 0; k < len; k++) {
		duk_tval *slot;
		duk_hobject *o = duk_get_hobject(thr, 1);
		if (mapping) {
			duk_dup(thr, 3);
			duk_dup(thr, 4);
		}
		if (o != NULL && oda__no_index_keys(thr, o)) {
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
