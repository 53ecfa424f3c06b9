/* run_list_normalize on lists long enough for the radix sort
 * (cache/footprint.c): the result is checked against a sort and merge done
 * here by qsort, on lists shaped like wave footprints the digits must
 * handle. */
#include <stdlib.h>
#include <string.h>

#include "cache/footprint.h"
#include "check.h"

/* the same list normalised by qsort and a plain merge */
static int cmp_lo(const void *a, const void *b)
{
	int64_t x = ((const run *)a)->lo, y = ((const run *)b)->lo;
	return x < y ? -1 : x > y;
}

static int64_t reference(run *r, int64_t n)
{
	qsort(r, (size_t)n, sizeof(run), cmp_lo);
	int64_t w = 0;
	for (int64_t i = 0; i < n; i++) {
		if (w > 0 && r[i].lo <= r[w - 1].hi) {
			if (r[i].hi > r[w - 1].hi)
				r[w - 1].hi = r[i].hi;
		} else
			r[w++] = r[i];
	}
	return w;
}

static uint64_t rng = 88172645463325252ull;
static uint64_t next_random(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return rng;
}

/* shapes: 0 a column of 4 B elements 4 KiB apart in blocks that overlap
 * (nw_tile's score column), over two fields 2^40 apart; 1 random runs over
 * three fields, one at a negative base; 2 addresses that differ in bits
 * scattered over the word (more stretches than a digit holds); 3 many
 * equal lo with different hi */
static void fill(run_list *l, int shape, int64_t n)
{
	run_list_clear(l);
	for (int64_t i = 0; i < n; i++) {
		int64_t lo;
		switch (shape) {
		case 0: {
			int64_t block = i / 256, t = i % 256, field = (i & 1) ? (int64_t)1 << 40 : 0;
			lo = field + 4 * (1024 * (16 * block + t + 1) + 16 * block);
			break;
		}
		case 1: {
			static const int64_t base[3] = {0, (int64_t)1 << 40, -((int64_t)1 << 41)};
			lo = base[next_random() % 3] + 4 * (int64_t)(next_random() % (1 << 24));
			break;
		}
		case 2: {
			uint64_t bits = next_random();
			/* every third bit of the lower 48 may vary */
			lo = (int64_t)(bits & 0x924924924924ull);
			break;
		}
		default:
			lo = 64 * (int64_t)(next_random() % 5000);
			break;
		}
		run_list_push(l, lo, lo + 4 + (int64_t)(next_random() % 64));
	}
}

int main(void)
{
	static const int64_t lengths[] = {70, 3000, 5000, 280576};
	run_list l;
	run_list_init(&l);
	for (int shape = 0; shape < 4; shape++)
		for (unsigned k = 0; k < sizeof lengths / sizeof lengths[0]; k++) {
			int64_t n = lengths[k];
			fill(&l, shape, n);
			n = l.n; /* pushing merged runs that touch the one before */
			run *copy = malloc((size_t)n * sizeof(run));
			if (!copy) {
				CHECK(0, "out of memory");
				break;
			}
			memcpy(copy, l.r, (size_t)n * sizeof(run));
			int64_t want = reference(copy, n);
			int rc = run_list_normalize(&l);
			int same = rc == 0 && l.n == want && memcmp(l.r, copy, (size_t)want * sizeof(run)) == 0;
			CHECK(same, "shape %d, %lld runs: sorted and merged as qsort does (%lld runs)", shape,
				(long long)n, (long long)want);
			free(copy);
		}
	run_list_free(&l);
	return check_summary();
}
