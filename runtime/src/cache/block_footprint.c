/* A block's load footprint from boxes (wave_boxes.c), kept per block
 * shape: classes whose keys differ only in their blocks' alignment
 * (residues modulo 128) have the same active lanes, so their footprints
 * are one footprint moved by the difference of their block offsets. */
#include <stdlib.h>
#include <string.h>

#include "cache/block_eval_impl.h"
#include "cache/wave_boxes.h"

/* Shapes kept per evaluator; past this, footprints are built each time. */
#define MAX_FOOTPRINT_SHAPES 64

struct footprint_shape {
	int64_t *key;     /* the class key with its residues zeroed */
	int64_t *offsets; /* the group offsets of the block `loads` was built for */
	run_list loads;   /* its load footprint, normal, absolute */
};

void block_footprint_shapes_free(block_evaluator *ev)
{
	for (int i = 0; i < ev->n_shapes; i++) {
		free(ev->shapes[i].key);
		free(ev->shapes[i].offsets);
		run_list_free(&ev->shapes[i].loads);
	}
	free(ev->shapes);
	ev->shapes = NULL;
	ev->n_shapes = 0;
}

void block_footprint_boxes_init(block_evaluator *ev)
{
	const launch *l = ev->l;
	/* optional: without them, lanes give every footprint */
	if ((ev->boxed_groups = malloc((size_t)l->n_groups + 1)) &&
	    (wave_boxes_groups(l, ev->boxed_groups) == 0 ||
	     wave_boxer_alloc(l, ev->boxed_groups, &ev->boxer) != 0)) {
		free(ev->boxed_groups);
		ev->boxed_groups = NULL;
	}
	ev->use_boxes = ev->boxed_groups != NULL;
	for (int g = 0; g < l->n_groups && ev->use_boxes; g++)
		ev->use_boxes = ev->boxed_groups[g];
	for (int i = 0; i < l->n_accesses && ev->boxed_groups; i++)
		ev->boxed_loads |= footprint_boxed(ev, &l->accesses[i]) &&
			l->accesses[i].field->space == km_space_global && l->accesses[i].src->kind != km_store;
}

/* The block's footprint from boxes into `loads` (normal); returns -1 on
 * allocation failure. */
static int build(block_evaluator *ev, int64_t id, run_list *loads)
{
	run_list stores;
	run_list_init(&stores);
	int rc = wave_boxer_footprint(ev->boxer, id, 1, loads, &stores, INT64_MAX, 0, 1) != 0 ||
		run_list_normalize(loads) ? -1 : 0;
	run_list_free(&stores);
	return rc;
}

const run_list *block_footprint_loads(block_evaluator *ev, int64_t id, const int64_t *offsets,
	run_list *scratch, int64_t *shift)
{
	const launch *l = ev->l;
	int n_groups = l->n_groups, residues = 2 * ev->n_constraints;
	run_list_clear(scratch);
	*shift = 0;
	if (!ev->cached)
		return build(ev, id, scratch) ? NULL : scratch;
	/* the key of the block's shape: its residues (offsets modulo 128) zeroed */
	size_t key_bytes = (size_t)ev->key_len * sizeof(int64_t);
	int64_t *key = malloc(key_bytes);
	if (!key)
		return NULL;
	memcpy(key, ev->key_scratch, key_bytes);
	memset(&key[residues], 0, sizeof(int64_t) * (size_t)n_groups);
	for (int i = 0; i < ev->n_shapes; i++) {
		struct footprint_shape *s = &ev->shapes[i];
		if (memcmp(s->key, key, key_bytes) != 0)
			continue;
		free(key);
		/* every group moved alike: the shape's footprint moved */
		int64_t d = n_groups > 0 ? offsets[0] - s->offsets[0] : 0;
		for (int g = 1; g < n_groups; g++)
			if (offsets[g] - s->offsets[g] != d)
				return build(ev, id, scratch) ? NULL : scratch;
		*shift = d;
		return &s->loads;
	}
	if (build(ev, id, scratch)) {
		free(key);
		return NULL;
	}
	/* optional: without room, footprints are built each time */
	if (ev->n_shapes == MAX_FOOTPRINT_SHAPES ||
	    (!ev->shapes && !(ev->shapes = calloc(MAX_FOOTPRINT_SHAPES, sizeof(*ev->shapes))))) {
		free(key);
		return scratch;
	}
	struct footprint_shape *s = &ev->shapes[ev->n_shapes];
	s->key = key;
	s->offsets = malloc(sizeof(int64_t) * ((size_t)n_groups + 1));
	run_list_init(&s->loads);
	if (!s->offsets || run_list_copy(scratch, &s->loads)) {
		free(key);
		free(s->offsets);
		run_list_free(&s->loads);
		return scratch;
	}
	memcpy(s->offsets, offsets, sizeof(int64_t) * (size_t)n_groups);
	ev->n_shapes++;
	return scratch;
}
