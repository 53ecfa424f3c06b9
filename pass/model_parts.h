/* The parts of the model that extract.c assembles: accesses (accesses.c,
 * with the lane values of lanes.c), delinearised field indices
 * (delinearise.c), operation counts (ops.c) and the launch the guards imply
 * (launch_infer.c). */
#ifndef WARPEST_PASS_MODEL_PARTS_H
#define WARPEST_PASS_MODEL_PARTS_H

#include "kernel_ctx.h"

/* ---------- accesses.c, lanes.c ---------- */
void wp_collect_accesses(K *k);
/* A new access of instruction inst (k->acc may move), and the analysis of
 * its address `ptr` as seen from its block a->block. */
access *wp_new_access(K *k, LLVMValueRef inst, const char *kind, int bytes);
void wp_analyse_address(K *k, access *a, LLVMValueRef ptr);
/* arms.c: loads and stores through a pointer merged at a join, one access
 * per arm (after wp_collect_accesses, before the guards). */
void wp_split_arms(K *k);
void wp_split_selects(K *k);
void wp_merge_lanes(K *k);
int wp_lane_groups(K *k, const wp_poly *p);
/* p for the 32 threads tid.x = first .. first+31 of the first block (other
 * thread and block indices 0, loop variables 0, ntid.* 1024): 1 with the
 * values in out, 0 when p holds an atom the lanes cannot be evaluated on. */
int wp_lane_values(K *k, const wp_poly *p, int first, int64_t out[32]);
/* ---------- launch_infer.c ---------- */
/* Threads per block (and, when grid is given, the grid's
 * rules) from the comparisons of the conjunction c, into *threads and grid. */
void wp_infer_launch(K *k, cond *c, wp_poly **threads, wp_poly **grid);

/* ---------- repeats.c ---------- */
/* Marks dead each load that re-reads, with no write in between, the address
 * of a load that runs before it on every path (same loop). */
void wp_merge_repeats(K *k);

/* ---------- rounds.c ---------- */
/* Sets each global load's round (0 for everything else). */
void wp_load_rounds(K *k);

/* ---------- phases.c ---------- */
/* Whether inst is a block-wide barrier (__syncthreads and its kin). */
int wp_is_block_barrier(LLVMValueRef inst);
/* Sets k->phase_in and each access's phase (after the accesses are final). */
void wp_barrier_phases(K *k);
/* The phase of instruction inst of block b (NULL: the block's end). */
int wp_phase_at(const K *k, int b, LLVMValueRef inst);

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
