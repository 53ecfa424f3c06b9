/* Block sampling (docs/model.md §1, "Sampled blocks"): when evaluating every
 * block a launch's plan visits would pass the work limit, each wave is
 * evaluated at r runs of L consecutive blocks spread evenly over it. This
 * file owns the arithmetic of that method: how many blocks fit the budget,
 * where the runs lie, the distinct footprint of a wave from its runs, and
 * the error bound from the spread between runs. The walk itself stays in
 * memory_model.c. */
#ifndef WARPEST_BLOCK_SAMPLE_H
#define WARPEST_BLOCK_SAMPLE_H

#include <stdint.h>

#include "cache/footprint.h"

/* Runs of a sample: 16 when the budget allows (the spread between them
 * gives the error bound), at least 2. */
#define BLOCK_SAMPLE_RUNS 16

typedef struct block_sample {
	int runs;    /* r; 0: every block is evaluated (the exact path) */
	int64_t len; /* L: consecutive blocks per run */
} block_sample;

/* Whether a wave of `count` blocks is sampled (it has more blocks than the
 * sample), or evaluated whole. */
int block_sample_applies(const block_sample *s, int64_t count);
/* First block of run j (0 <= j < runs), relative to the wave's first block,
 * in a wave of `count` blocks: run j is centred at (j + 1/2) count / runs,
 * so every wave of one size is sampled at the same offsets. */
int64_t block_sample_run_start(const block_sample *s, int64_t count, int j);
/* The sample whose `wave_visits` wave evaluations, at `block_work` lane
 * evaluations a block, spend at most `budget`, for waves of `wave_blocks`
 * blocks: as many blocks as fit (at least 2, at most half of the wave), in
 * BLOCK_SAMPLE_RUNS runs, fewer of 2 blocks each when fewer fit, of 1 block
 * when fewer than 4 fit. */
block_sample block_sample_choose(double block_work, double wave_visits, int64_t wave_blocks,
	int64_t budget);
/* Total length of the union of n half-open intervals [iv[i][0], iv[i][1])
 * (sorts iv in place). */
int64_t block_sample_union_length(int64_t (*iv)[2], int n);

/* Units touched by at least one run (`once_or_more`) and by at least two
 * (`twice_or_more`), grown run by run. */
typedef struct sample_cover {
	run_list once_or_more, twice_or_more, tmp, tmp2;
} sample_cover;
void sample_cover_init(sample_cover *c);
void sample_cover_free(sample_cover *c);
/* Adds one run's units (a normal list). Returns -1 when out of memory. */
int sample_cover_add(sample_cover *c, const run_list *units);
/* The distinct units of the whole wave of `count` blocks from runs holding
 * `sampled` blocks: the units of the runs, plus, for the blocks not
 * sampled, the units only one run touches scaled by (count/sampled - 1).
 * Data every run shares (a vector all blocks read) is counted once; data
 * private to a run grows with the blocks. */
double sample_cover_estimate(const sample_cover *c, int64_t count, int64_t sampled);

/* The relative error bound of a wave total estimated as count/sampled
 * times the sum of per-run totals x[0..runs): two standard errors of the
 * mean run (runs taken as a simple random sample of the wave's runs, with
 * the finite-population correction 1 - sampled/count), divided by the
 * mean. 0 when the mean is 0. */
double block_sample_rel_bound(const double *x, int runs, int64_t count, int64_t sampled);

#endif
