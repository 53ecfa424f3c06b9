/* Rows of one affine address over one box of integer points, as byte runs:
 * one run per row of contiguous addresses; translates of one address (the
 * members of a group) as one union. Used by wave_boxes.c. */
#ifndef WARPEST_WAVE_ROWS_H
#define WARPEST_WAVE_ROWS_H

#include <stdint.h>

#include "cache/footprint.h"
#include "kernel/expr.h"

/* Box variables: tid (or the global coordinate ctaid*ntid + tid) x, y, z,
 * ctaid x, y, z, then the iteration index of each kernel loop. */
#define N_BOX_VARS (6 + EXPR_MAX_LOOPS)
/* Members of one translated union at most. */
#define MAX_GROUP_MEMBERS 256

typedef struct box {
	int64_t lo[N_BOX_VARS], hi[N_BOX_VARS]; /* inclusive */
} box;

/* An affine form over the box variables. */
typedef struct box_form {
	int64_t c0;
	int64_t c[N_BOX_VARS];
} box_form;

/* Where rows go: at most max_runs of them (past it, runs counts on and
 * nothing more is promised to be pushed); failed on allocation failure;
 * timed_out once the clock passed `deadline` (0: none), which a wave of
 * millions of rows would otherwise overrun with no check between. */
typedef struct emitter {
	run_list *out;
	int64_t runs, max_runs;
	int failed;
	double deadline;
	int timed_out;
	int64_t polls;
	/* > 1: the runs may come rounded out to units of this many bytes (load
	 * footprints counted in fetch units), so a strided row that touches
	 * every unit between its ends is one run */
	int64_t unit;
} emitter;

#define EMIT_POLL_STRIDE 4096

/* Reads the clock against em->deadline; sets and returns timed_out. */
int emitter_read_clock(emitter *em);

/* Whether emission must stop: failed, past max_runs or past the deadline
 * (the clock read once every EMIT_POLL_STRIDE calls: call it once a row).
 * Inline: it runs once a row, millions of times a wave. */
static inline int emitter_stopped(emitter *em)
{
	if (em->failed || em->runs > em->max_runs || em->timed_out)
		return 1;
	if (em->deadline > 0 && ++em->polls % EMIT_POLL_STRIDE == 0)
		return emitter_read_clock(em);
	return 0;
}

/* Scratch of emit_group, reused across calls; zero-initialise, free with
 * group_plan_free. */
typedef struct group_plan group_plan;
struct plan_segment;
struct group_plan {
	struct plan_segment *seg;
	int n_seg, cap_seg;
	run *rows;          /* merged rows relative to a row's base address */
	int n_row, cap_row;
};

void group_plan_free(group_plan *p);

/* Emits the `bytes`-wide accesses at `addr` over every point of `bx`. */
void emit_box(emitter *em, const box *bx, const box_form *addr, int bytes);

/* Emits the union of the n (at most MAX_GROUP_MEMBERS) translates
 * addr + delta[j] over `bx`: one run per merged row where the members' rows
 * touch (strided members that fill each other's gaps included), else member
 * by member. */
void emit_translates(emitter *em, group_plan *plan, const box *bx, const box_form *addr,
	const int64_t *delta, int n, int bytes);

static inline int64_t floor_div64(int64_t a, int64_t b)
{
	int64_t q = a / b;
	return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q;
}

#endif
