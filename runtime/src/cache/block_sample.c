/* Block sampling: the budget, the run positions, the footprint estimate
 * and the error bound (block_sample.h; docs/model.md §1). */
#include <math.h>
#include <stdlib.h>

#include "cache/block_sample.h"

int block_sample_applies(const block_sample *s, int64_t count)
{
	return s->runs > 0 && (int64_t)s->runs * s->len < count;
}

int64_t block_sample_run_start(const block_sample *s, int64_t count, int j)
{
	int64_t centre = (int64_t)(((double)j + 0.5) * (double)count / (double)s->runs);
	int64_t start = centre - s->len / 2;
	if (start > count - s->len)
		start = count - s->len;
	return start < 0 ? 0 : start;
}

block_sample block_sample_choose(double block_work, double wave_visits, int64_t wave_blocks,
	int64_t budget)
{
	block_sample s = {0, 1};
	double fit = block_work > 0 && wave_visits > 0 ? (double)budget / (block_work * wave_visits) :
		(double)wave_blocks;
	int64_t blocks = fit > (double)wave_blocks ? wave_blocks : (int64_t)fit;
	if (blocks > wave_blocks / 2)
		blocks = wave_blocks / 2;
	if (blocks < 2)
		blocks = 2;
	/* runs of at least 2 blocks where 4 fit: a run's halves then share the
	 * halo between neighbouring blocks, which single blocks cannot show
	 * (sample_cover_estimate would count it as private) */
	int64_t most_runs = blocks >= 4 ? blocks / 2 : blocks;
	s.runs = most_runs < BLOCK_SAMPLE_RUNS ? (int)most_runs : BLOCK_SAMPLE_RUNS;
	s.len = blocks / s.runs;
	return s;
}

static int cmp_interval(const void *a, const void *b)
{
	const int64_t *x = a, *y = b;
	return x[0] < y[0] ? -1 : x[0] > y[0];
}

int64_t block_sample_union_length(int64_t (*iv)[2], int n)
{
	qsort(iv, (size_t)n, sizeof(iv[0]), cmp_interval);
	int64_t total = 0, end = INT64_MIN;
	for (int i = 0; i < n; i++) {
		int64_t lo = iv[i][0] > end ? iv[i][0] : end;
		if (iv[i][1] > lo)
			total += iv[i][1] - lo;
		if (iv[i][1] > end)
			end = iv[i][1];
	}
	return total;
}

void sample_cover_init(sample_cover *c)
{
	run_list_init(&c->once_or_more);
	run_list_init(&c->twice_or_more);
	run_list_init(&c->tmp);
	run_list_init(&c->tmp2);
}

void sample_cover_free(sample_cover *c)
{
	run_list_free(&c->once_or_more);
	run_list_free(&c->twice_or_more);
	run_list_free(&c->tmp);
	run_list_free(&c->tmp2);
}

int sample_cover_add(sample_cover *c, const run_list *units)
{
	/* twice ∪= once ∩ units; once ∪= units */
	if (run_list_intersect(&c->once_or_more, units, &c->tmp) ||
	    run_list_union(&c->twice_or_more, &c->tmp, &c->tmp2) ||
	    run_list_copy(&c->tmp2, &c->twice_or_more) ||
	    run_list_union(&c->once_or_more, units, &c->tmp) ||
	    run_list_copy(&c->tmp, &c->once_or_more))
		return -1;
	return 0;
}

double sample_cover_estimate(const sample_cover *c, int64_t count, int64_t sampled)
{
	double all = (double)run_list_measure(&c->once_or_more);
	double only_one = all - (double)run_list_measure(&c->twice_or_more);
	return sampled > 0 && count > sampled ?
		all + ((double)count / (double)sampled - 1.0) * only_one : all;
}

double block_sample_rel_bound(const double *x, int runs, int64_t count, int64_t sampled)
{
	if (runs < 2)
		return 0;
	double mean = 0, ss = 0;
	for (int j = 0; j < runs; j++)
		mean += x[j];
	mean /= runs;
	if (mean <= 0)
		return 0;
	for (int j = 0; j < runs; j++)
		ss += (x[j] - mean) * (x[j] - mean);
	double fpc = count > 0 && sampled < count ? 1.0 - (double)sampled / (double)count : 0;
	double se = sqrt(ss / (runs - 1) / runs * fpc);
	return 2.0 * se / mean;
}
