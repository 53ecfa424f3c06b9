/* Evaluation of thread blocks: enumerates the lanes of every warp of a block
 * for every access and loop iteration, and yields the L1 cost of each
 * warp-instruction (SPEC §5.1) and the block's byte footprint per access
 * group (SPEC §5.2, §5.3).
 *
 * Blocks that see the same guards and the same address alignment behave
 * identically up to a translation, so results are cached per block class;
 * a wave of a thousand blocks usually has a handful of classes. */
#ifndef WARPEST_BLOCK_EVAL_H
#define WARPEST_BLOCK_EVAL_H

#include "cache/footprint.h"
#include "launch/launch.h"
#include "cache/warp_cost.h"

typedef struct access_stats {
	double instructions;      /* warp-instructions with an active lane */
	double lanes;             /* active lane executions */
	double data_wavefronts;
	double tag_wavefronts;    /* global only */
	double cycles;            /* max(data, tag, issue) per instruction, summed */
	double sectors;           /* 32 B sectors per request, summed (global) */
	double same_address_ways; /* largest number of lanes on one address, summed */
} access_stats;

/* d += n * s, field by field. */
static inline void access_stats_add_times(access_stats *d, const access_stats *s, double n)
{
	d->instructions += n * s->instructions;
	d->lanes += n * s->lanes;
	d->data_wavefronts += n * s->data_wavefronts;
	d->tag_wavefronts += n * s->tag_wavefronts;
	d->cycles += n * s->cycles;
	d->sectors += n * s->sectors;
	d->same_address_ways += n * s->same_address_ways;
}

/* d += s (times 1 is exact). */
static inline void access_stats_add(access_stats *d, const access_stats *s)
{
	access_stats_add_times(d, s, 1.0);
}

typedef struct block_class {
	int64_t *key;
	int key_len;
	int index;                /* its place in the evaluator's list of classes */
	int64_t active_threads;
	int empty;                /* no thread of the block is active */
	access_stats *stats;      /* per access */
	run_list *load_runs;      /* per group, relative to the group's block offset */
	run_list *store_runs;
	run_list *load_units;     /* load_runs rounded out to DRAM fetch units (bytes) */
	run_list *store_units;    /* store_runs rounded out to sectors (bytes) */
	double requested_load_sectors; /* global loads: sectors over all requests */
	int64_t unique_load_sectors;   /* global loads: distinct sectors of the block */
	int64_t allocated_lines;       /* global loads: distinct 128 B lines */
} block_class;

typedef struct block_evaluator block_evaluator;

/* use_boxes: the caller takes the footprints of the groups boxes apply to
 * (wave_boxes_groups) from wave_boxes.c, so classes keep no lane runs of
 * those groups (their load_runs/store_runs stay empty).
 * use_residue_costs: warp-instructions whose lanes are all active are costed
 * from a table by first-lane residue instead of lane by lane (same result;
 * off for the reference path the shortcuts are tested against). */
block_evaluator *block_evaluator_alloc(const launch *l, int use_boxes, int use_residue_costs);
void block_evaluator_free(block_evaluator *ev);
/* The class of block `id` (computed on first use) and each group's offset
 * for that block (array of n_groups, caller's). NULL on allocation failure. */
const block_class *block_evaluator_get(block_evaluator *ev, int64_t id, int64_t *group_offsets);
int block_evaluator_n_classes(const block_evaluator *ev);
/* Class number `index` (0 <= index < n_classes), the evaluator's. */
const block_class *block_evaluator_class(const block_evaluator *ev, int index);
/* How many blocks after the one block_evaluator_get returned last, along
 * its grid row, keep its linear constraints' verdicts: their keys, so
 * their classes, repeat every block_evaluator_x_period blocks (the groups'
 * offsets modulo 128 cycle). 0 where their keys must be computed to tell
 * (quasi-affine atoms, loops whose bounds see the block). */
int64_t block_evaluator_same_run(const block_evaluator *ev);
/* That period: 128 over the gcd of 128 and each group's offset per block
 * in x, their least common multiple (1 where every offset moves by whole
 * multiples of 128 B). */
int64_t block_evaluator_x_period(const block_evaluator *ev);
/* Whether every group's footprint comes from boxes. */
int block_evaluator_uses_boxes(const block_evaluator *ev);
/* Per group, whether its footprint comes from boxes (n_groups entries, the
 * evaluator's); NULL when no group's does. */
const unsigned char *block_evaluator_boxed_groups(const block_evaluator *ev);
/* Those groups' accesses in box form (the evaluator's; NULL when none). */
struct wave_boxer *block_evaluator_boxer(block_evaluator *ev);
/* Whether blocks are grouped into classes (else every block is its own). */
int block_evaluator_is_cached(const block_evaluator *ev);
/* From now on, new classes carry footprints only (their L1 statistics stay
 * zero): for earlier waves, whose statistics are never read. */
void block_evaluator_footprint_only(block_evaluator *ev, int on);
/* Stops evaluation after `limit` lane evaluations (0: never); then
 * block_evaluator_get returns NULL and block_evaluator_over_limit is 1. */
void block_evaluator_set_work_limit(block_evaluator *ev, int64_t limit);
int block_evaluator_over_limit(const block_evaluator *ev);
/* Stops evaluation, as the work limit does, once clock_seconds() passes
 * `deadline` (0: never); block_evaluator_timed_out then says it was the
 * clock. The clock is read every 2^16 units of work and every 64th poll. */
void block_evaluator_set_deadline(block_evaluator *ev, double deadline);
double block_evaluator_deadline(const block_evaluator *ev);
int block_evaluator_timed_out(const block_evaluator *ev);
/* Called for every block a wave's footprint visits, evaluated or cached:
 * -1 once over a limit, reading the clock every 64th visit. */
int block_evaluator_poll(block_evaluator *ev);
/* Blocks visited (polls) so far: with the time taken, what a visit costs. */
int64_t block_evaluator_visits(const block_evaluator *ev);
/* At most `visits` block visits for a block sample (0: no cap beyond the
 * work budget): the time limit's share, when the time per visit is known. */
void block_evaluator_set_sample_cap(block_evaluator *ev, double visits);
double block_evaluator_sample_cap(const block_evaluator *ev);
/* Loops whose bounds are not constant (they vary by thread or block) walk
 * about `iterations` of their iterations a lane, each standing for the
 * ones around it (0: every iteration). The last repair of an estimate whose
 * smallest block sample does not fit the work limit (estimate.c). */
void block_evaluator_set_iteration_cap(block_evaluator *ev, int64_t iterations);
/* Whether a walk sampled a loop's iterations under that cap. */
int block_evaluator_iterations_sampled(const block_evaluator *ev);
/* Why block_evaluator_get returned NULL: "stopped at the work or time
 * limit" or "out of memory". */
const char *block_evaluator_stop_reason(const block_evaluator *ev);
/* Checks both limits now (the spend paths call it at check_at). */
int block_evaluator_check_limits(block_evaluator *ev);
/* Counts `units` of work done for the evaluator's launch outside it (rows
 * of wave boxes); -1 (and over the limit) once the limit is passed. */
int block_evaluator_spend(block_evaluator *ev, int64_t units);
/* Marks work that cannot be done within the work limit as if done up to
 * it: -1 and over the limit, or 0 when the evaluator has no work limit. */
int block_evaluator_exhaust(block_evaluator *ev);
/* Work spent so far. */
int64_t block_evaluator_work(const block_evaluator *ev);
/* Work left before the work limit (INT64_MAX: no limit). */
int64_t block_evaluator_work_left(const block_evaluator *ev);

#endif
