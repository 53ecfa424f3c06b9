/* Busy blocks: which blocks of a launch may run some access, from the
 * accesses' linear guards alone (no lane is walked), so that the waves
 * evaluated for a launch whose guards idle most of its grid are drawn from
 * the waves that hold work (docs/model.md §1, "Waves"). */
#include <stdlib.h>

#include "launch/launch.h"

/* Past this many blocks the blocks are not tested: waves spread evenly. */
#define BUSY_BLOCKS_MAX (1 << 22)

/* One constraint `form >= 0` of an access's guard, its largest value over
 * the block's threads and the loops' ranges less the block-index part. */
typedef struct block_test {
	int64_t most;        /* c0 + the largest tid and loop parts */
	int64_t ctaid[3];    /* coefficients of ctaid x, y, z */
	int unbounded;       /* a loop without constant bounds moves it: may hold */
	int access;          /* the access it belongs to */
} block_test;

/* The constraint's largest value over tid in the block and the loops'
 * constant ranges, less its ctaid part; unbounded past a varying loop. */
static block_test block_test_of(const launch *l, const linear_form *f, int access)
{
	block_test t = {f->c0, {f->coeff[3], f->coeff[4], f->coeff[5]}, 0, access};
	for (int d = 0; d < 3; d++)
		if (f->coeff[d] > 0)
			t.most += f->coeff[d] * (l->block[d] - 1);
	for (int i = 0; i < l->kernel->n_loops && 6 + i < EXPR_N_VARYING; i++) {
		int64_t c = f->coeff[6 + i];
		const bound_loop *bl = &l->loops[i];
		if (c == 0)
			continue;
		if (!bl->constant) {
			t.unbounded = 1;
			continue;
		}
		int64_t last = bl->lower + (bl->trips > 1 ? (bl->trips - 1) * bl->src->step : 0);
		t.most += c * bl->lower > c * last ? c * bl->lower : c * last;
	}
	return t;
}

/* Busy blocks of every wave into busy[] (n_waves entries). Returns 0, 1
 * when the launch has too many blocks to test, -1 when out of memory. */
static int count_busy(const launch *l, int64_t n_waves, int64_t *busy)
{
	if (l->n_blocks > BUSY_BLOCKS_MAX)
		return 1;
	int n_tests = 0, always = 0;
	for (int i = 0; i < l->n_accesses; i++) {
		const bound_access *b = &l->accesses[i];
		if (!b->guard_linear || b->guard.n == 0)
			always = 1; /* no linear guard: taken to run everywhere */
		else
			n_tests += b->guard.n;
	}
	for (int64_t w = 0; w < n_waves; w++)
		busy[w] = 0;
	if (always || n_tests == 0) {
		for (int64_t blk = 0; blk < l->n_blocks; blk++)
			busy[blk / l->wave_blocks]++;
		return 0;
	}
	block_test *t = malloc(sizeof(*t) * (size_t)n_tests);
	if (!t)
		return -1;
	int n = 0;
	for (int i = 0; i < l->n_accesses; i++)
		for (int c = 0; c < l->accesses[i].guard.n; c++)
			t[n++] = block_test_of(l, &l->accesses[i].guard.ge0[c], i);
	int64_t blk = 0;
	for (int64_t z = 0; z < l->grid[2]; z++)
		for (int64_t y = 0; y < l->grid[1]; y++)
			for (int64_t x = 0; x < l->grid[0]; x++, blk++) {
				/* an access runs here unless one of its constraints fails
				 * everywhere in the block; the tests are grouped by access */
				int runs = 0;
				for (int j = 0; j < n_tests && !runs;) {
					int access = t[j].access, holds = 1;
					for (; j < n_tests && t[j].access == access; j++)
						holds &= t[j].unbounded ||
							t[j].most + t[j].ctaid[0] * x + t[j].ctaid[1] * y + t[j].ctaid[2] * z >= 0;
					runs = holds;
				}
				busy[blk / l->wave_blocks] += runs;
			}
	free(t);
	return 0;
}

int launch_busy_waves(launch *l, int k)
{
	int64_t n_waves = (l->n_blocks + l->wave_blocks - 1) / l->wave_blocks;
	int64_t *busy = malloc(sizeof(int64_t) * (size_t)(n_waves + 1));
	if (!busy)
		return -1;
	int rc = count_busy(l, n_waves, busy);
	if (rc == 0) {
		wave_plan_free(&l->wave_plan);
		rc = wave_plan_busy(l->grid, l->wave_blocks, k, busy, &l->wave_plan) ? -1 : 0;
		l->rep_wave_first = l->wave_plan.n ? l->wave_plan.c[l->wave_plan.dominant].first : 0;
	}
	free(busy);
	return rc;
}
