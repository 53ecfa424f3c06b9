/* The parts of the model that extract.c assembles: accesses (accesses.c,
 * with the lane groups of lanes.c), delinearised field indices
 * (delinearise.c) and operation counts (ops.c). */
#ifndef WARPEST_PASS_MODEL_PARTS_H
#define WARPEST_PASS_MODEL_PARTS_H

#include "kernel_ctx.h"

/* ---------- accesses.c, lanes.c ---------- */
void wp_collect_accesses(K *k);
void wp_merge_lanes(K *k);
int wp_lane_groups(K *k, const wp_poly *p);

/* ---------- repeats.c ---------- */
/* Marks dead each load that re-reads, with no write in between, the address
 * of a load that runs before it on every path (same loop). */
void wp_merge_repeats(K *k);

/* ---------- rounds.c ---------- */
/* Sets each global load's round (0 for everything else). */
void wp_load_rounds(K *k);

/* ---------- delinearise.c ---------- */
typedef struct delin {
	int ok, nd;         /* number of index entries */
	int stride[4][WP_MAXF];
	int nstride[4];     /* stride i (i=1..nd-1) as a multiset of parameter atoms */
	char *dims[5];
} delin;

void wp_delinearise(K *k, int fi, delin *d);
int wp_split_index(K *k, const delin *d, const wp_poly *p, wp_poly **out);
wp_poly *wp_elem_index(K *k, const access *a, int elem);

/* ---------- ops.c ---------- */
void wp_count_ops(K *k, json_object *model);

#endif
