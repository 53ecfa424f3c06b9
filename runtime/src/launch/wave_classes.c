/* Wave classes (docs/model.md §1, "Waves"). Two waves are taken to behave
 * alike when one is the other moved by whole outer layers of blocks (z
 * planes of a 3D grid, rows of a 2D one): the same first block modulo the
 * layer stride, the same number of blocks, and the same contact with the
 * grid's first and last layers, where guards cut blocks and where no
 * earlier layer exists to reuse data from. Guards that cut the grid
 * elsewhere (x < n/2 over a 1D grid, surplus blocks of a tiled kernel) break
 * that likeness; a launch of at most `each_max` waves therefore evaluates
 * every wave on its own. */
#include "launch/wave_classes.h"

#include <stdlib.h>
#include <string.h>

typedef struct class_acc {
	wave_class c;
	int64_t best_distance; /* |2w - (n_waves-1)| of the instance kept */
} class_acc;

/* Wave w as a class standing for `weight` waves; each_own: its own class
 * (the residue is its first block). */
static wave_class wave_key(int64_t n_blocks, int64_t wave_blocks, int64_t stride, int64_t w,
	int64_t weight, int each_own)
{
	int64_t first = w * wave_blocks;
	int64_t count = n_blocks - first < wave_blocks ? n_blocks - first : wave_blocks;
	int64_t layers = n_blocks / stride;
	int64_t z0 = first / stride, z1 = (first + count - 1) / stride;
	return (wave_class){first, count, weight, each_own ? first : first % stride, z0 == 0, z1 == layers - 1,
		(int)(z1 - z0 > 1000000 ? 1000000 : z1 - z0)};
}

/* One visited wave, `weight` waves it stands for, into the table. */
static void add_wave(class_acc *acc, int64_t *n_acc, int *slots, int64_t n_slots,
	int64_t n_blocks, int64_t wave_blocks, int64_t stride, int64_t n_waves,
	int64_t w, int64_t weight, int each_own)
{
	wave_class key = wave_key(n_blocks, wave_blocks, stride, w, weight, each_own);
	int64_t first = key.first, count = key.count;
	uint64_t h = (uint64_t)key.residue * 0x9e3779b97f4a7c15ull ^ (uint64_t)count * 0xff51afd7ed558ccdull ^
		(uint64_t)(key.head * 2 + key.tail);
	int64_t slot = (int64_t)(h & (uint64_t)(n_slots - 1));
	int64_t distance = 2 * w - (n_waves - 1);
	if (distance < 0)
		distance = -distance;
	while (slots[slot] >= 0) {
		class_acc *a = &acc[slots[slot]];
		if (a->c.residue == key.residue && a->c.count == count && a->c.head == key.head &&
		    a->c.tail == key.tail) {
			a->c.weight += weight;
			/* keep the instance nearest the middle of the launch: it has the
			 * most earlier waves to reuse from */
			if (distance < a->best_distance) {
				a->best_distance = distance;
				a->c.first = first;
			}
			return;
		}
		slot = (slot + 1) & (n_slots - 1);
	}
	slots[slot] = (int)*n_acc;
	acc[*n_acc].c = key;
	acc[*n_acc].best_distance = distance;
	(*n_acc)++;
}

/* Strata: classes with the same block count, head/tail flags and crossings. */
static int same_stratum(const wave_class *a, const wave_class *b)
{
	return a->count == b->count && a->head == b->head && a->tail == b->tail &&
		a->crossings == b->crossings;
}

static int cmp_class(const void *pa, const void *pb)
{
	const wave_class *a = &((const class_acc *)pa)->c, *b = &((const class_acc *)pb)->c;
	int64_t d[5] = {b->count - a->count, (int64_t)a->head - b->head, (int64_t)a->tail - b->tail,
		(int64_t)a->crossings - b->crossings, a->residue - b->residue};
	for (int i = 0; i < 5; i++)
		if (d[i])
			return d[i] < 0 ? -1 : 1;
	return 0;
}

/* Keeps at most max(cap, strata) classes: each stratum gets one
 * representative, the rest go to the strata standing for the most waves per
 * representative; within a stratum the classes, in residue order, are cut
 * into groups of about equal weight, each evaluated at the class at its
 * weight's middle and standing for the whole group (not at the wave
 * nearest the middle of the launch: where a stratum is a whole layer, that
 * is the layer's first wave, whose halo lies on the grid's boundary). */
static int stratify(class_acc *acc, int64_t n_acc, int cap, wave_plan *p)
{
	qsort(acc, (size_t)n_acc, sizeof(*acc), cmp_class);
	int64_t n_strata = 0;
	for (int64_t i = 0; i < n_acc; i++)
		n_strata += i == 0 || !same_stratum(&acc[i - 1].c, &acc[i].c);
	int64_t *start = malloc(sizeof(int64_t) * (size_t)(n_strata + 1));
	int64_t *weight = calloc((size_t)n_strata + 1, sizeof(int64_t));
	int64_t *q = malloc(sizeof(int64_t) * (size_t)(n_strata + 1));
	p->c = malloc(sizeof(wave_class) * (size_t)(n_strata > cap ? n_strata : cap));
	if (!start || !weight || !q || !p->c) {
		free(start), free(weight), free(q);
		return -1;
	}
	for (int64_t i = 0, s = -1; i < n_acc; i++) {
		if (i == 0 || !same_stratum(&acc[i - 1].c, &acc[i].c))
			start[++s] = i;
		weight[s] += acc[i].c.weight;
	}
	start[n_strata] = n_acc;
	for (int64_t s = 0; s < n_strata; s++)
		q[s] = 1;
	for (int64_t budget = cap - n_strata; budget > 0; budget--) {
		int64_t best = -1;
		for (int64_t s = 0; s < n_strata; s++)
			if (q[s] < start[s + 1] - start[s] &&
			    (best < 0 || (double)weight[s] / (double)q[s] > (double)weight[best] / (double)q[best]))
				best = s;
		if (best < 0)
			break;
		q[best]++;
	}
	p->n = 0;
	for (int64_t s = 0; s < n_strata; s++) {
		/* class i falls in group floor((cum before i + w_i/2) * q / W) */
		int64_t cum = 0, group = -1;
		double best_gap = 0;
		for (int64_t i = start[s]; i < start[s + 1]; i++) {
			double mid = (double)cum + 0.5 * (double)acc[i].c.weight;
			int64_t g = (int64_t)(mid * (double)q[s] / (double)weight[s]);
			if (g >= q[s])
				g = q[s] - 1;
			double gap = mid - ((double)g + 0.5) * (double)weight[s] / (double)q[s];
			gap = gap < 0 ? -gap : gap;
			if (g != group) {
				p->c[p->n++] = acc[i].c;
				group = g;
				best_gap = gap;
			} else {
				wave_class *out = &p->c[p->n - 1];
				int64_t total = out->weight + acc[i].c.weight;
				if (gap < best_gap) {
					*out = acc[i].c;
					best_gap = gap;
				}
				out->weight = total;
			}
			cum += acc[i].c.weight;
		}
	}
	free(start), free(weight), free(q);
	return 0;
}

int wave_plan_build(const int grid[3], int64_t wave_blocks, int each_max, int exact_max, int cap,
	wave_plan *p)
{
	memset(p, 0, sizeof(*p));
	int64_t n_blocks = (int64_t)grid[0] * grid[1] * grid[2];
	if (wave_blocks < 1 || n_blocks < 1)
		return 0;
	p->n_waves = (n_blocks + wave_blocks - 1) / wave_blocks;
	p->stride = grid[2] > 1 ? (int64_t)grid[0] * grid[1] : grid[1] > 1 ? grid[0] : 1;
	p->enumerated = p->n_waves <= WAVE_ENUMERATE_MAX;
	/* the waves visited: every one, or a systematic sample of the waves
	 * before the last, each standing for those up to the next, and the last */
	int64_t visits = p->enumerated ? p->n_waves : WAVE_ENUMERATE_MAX + 1;
	int64_t n_slots = 16;
	while (n_slots < 2 * visits)
		n_slots *= 2;
	class_acc *acc = malloc(sizeof(*acc) * (size_t)visits);
	int *slots = malloc(sizeof(int) * (size_t)n_slots);
	if (!acc || !slots) {
		free(acc), free(slots);
		return -1;
	}
	memset(slots, -1, sizeof(int) * (size_t)n_slots);
	int64_t n_acc = 0;
	if (p->enumerated)
		for (int64_t w = 0; w < p->n_waves; w++)
			add_wave(acc, &n_acc, slots, n_slots, n_blocks, wave_blocks, p->stride,
				p->n_waves, w, 1, p->n_waves <= each_max);
	else {
		int64_t before = p->n_waves - 1, samples = WAVE_ENUMERATE_MAX;
		for (int64_t i = 0; i < samples; i++) {
			int64_t w = i * before / samples, next = (i + 1) * before / samples;
			if (next > w)
				add_wave(acc, &n_acc, slots, n_slots, n_blocks, wave_blocks, p->stride,
					p->n_waves, w, next - w, 0);
		}
		add_wave(acc, &n_acc, slots, n_slots, n_blocks, wave_blocks, p->stride, p->n_waves,
			p->n_waves - 1, 1, 0);
	}
	free(slots);
	p->n_classes = n_acc;
	int rc = 0;
	if (n_acc <= exact_max || n_acc <= cap) {
		p->c = malloc(sizeof(wave_class) * (size_t)n_acc);
		if (!p->c)
			rc = -1;
		qsort(acc, (size_t)n_acc, sizeof(*acc), cmp_class);
		for (int64_t i = 0; p->c && i < n_acc; i++)
			p->c[i] = acc[i].c;
		p->n = p->c ? (int)n_acc : 0;
	} else {
		rc = stratify(acc, n_acc, cap, p);
		p->sampled = 1;
	}
	free(acc);
	for (int i = 1; i < p->n; i++)
		if (p->c[i].weight > p->c[p->dominant].weight)
			p->dominant = i;
	return rc;
}

/* An empty plan for the grid: its waves and outer stride; returns the
 * blocks, 0 when there are none (or no waves). */
static int64_t plan_start(const int grid[3], int64_t wave_blocks, wave_plan *p)
{
	memset(p, 0, sizeof(*p));
	int64_t n_blocks = (int64_t)grid[0] * grid[1] * grid[2];
	if (wave_blocks < 1 || n_blocks < 1)
		return 0;
	p->n_waves = (n_blocks + wave_blocks - 1) / wave_blocks;
	p->stride = grid[2] > 1 ? (int64_t)grid[0] * grid[1] : grid[1] > 1 ? grid[0] : 1;
	return n_blocks;
}

static void pick_dominant(wave_plan *p)
{
	for (int i = 1; i < p->n; i++)
		if (p->c[i].weight > p->c[p->dominant].weight)
			p->dominant = i;
}

int wave_plan_spread(const int grid[3], int64_t wave_blocks, int k, wave_plan *p)
{
	int64_t n_blocks = plan_start(grid, wave_blocks, p);
	if (n_blocks < 1 || k < 1)
		return 0;
	int64_t visits = p->n_waves < k ? p->n_waves : k;
	int64_t n_slots = 16;
	while (n_slots < 2 * visits)
		n_slots *= 2;
	class_acc *acc = malloc(sizeof(*acc) * (size_t)visits);
	int *slots = malloc(sizeof(int) * (size_t)n_slots);
	p->c = malloc(sizeof(wave_class) * (size_t)visits);
	if (!acc || !slots || !p->c) {
		free(acc), free(slots), free(p->c);
		p->c = NULL;
		return -1;
	}
	memset(slots, -1, sizeof(int) * (size_t)n_slots);
	int64_t n_acc = 0;
	for (int64_t i = 0; i < visits; i++) {
		int64_t w = i * p->n_waves / visits, next = (i + 1) * p->n_waves / visits;
		add_wave(acc, &n_acc, slots, n_slots, n_blocks, wave_blocks, p->stride, p->n_waves, w,
			next - w, 1);
	}
	for (int64_t i = 0; i < n_acc; i++)
		p->c[i] = acc[i].c;
	free(acc), free(slots);
	p->n = (int)n_acc;
	p->n_classes = p->n_waves;
	p->sampled = visits < p->n_waves;
	p->enumerated = 1;
	p->walk_all = 1;
	pick_dominant(p);
	return 0;
}

typedef struct busy_wave {
	int64_t w, busy;
} busy_wave;

static int cmp_busy(const void *pa, const void *pb)
{
	const busy_wave *a = pa, *b = pb;
	if (a->busy != b->busy)
		return a->busy > b->busy ? -1 : 1;
	return a->w < b->w ? -1 : a->w > b->w;
}

int wave_plan_busy(const int grid[3], int64_t wave_blocks, int k, const int64_t *busy,
	wave_plan *p)
{
	int64_t n_blocks = plan_start(grid, wave_blocks, p);
	if (n_blocks < 1 || k < 2)
		return 0;
	busy_wave *bw = malloc(sizeof(*bw) * (size_t)(p->n_waves + 1));
	p->c = malloc(sizeof(wave_class) * (size_t)k);
	if (!bw || !p->c) {
		free(bw), free(p->c);
		p->c = NULL;
		return -1;
	}
	int64_t n_busy = 0, first_idle = -1;
	for (int64_t w = 0; w < p->n_waves; w++) {
		if (busy[w] > 0)
			bw[n_busy++] = (busy_wave){w, busy[w]};
		else if (first_idle < 0)
			first_idle = w;
	}
	qsort(bw, (size_t)n_busy, sizeof(*bw), cmp_busy);
	p->busy_waves = n_busy;
	int groups = n_busy < k - 1 ? (int)n_busy : k - 1;
	for (int g = 0; g < groups; g++) {
		int64_t lo = g * n_busy / groups, hi = (g + 1) * n_busy / groups;
		p->c[p->n++] = wave_key(n_blocks, wave_blocks, p->stride, bw[(lo + hi) / 2].w, hi - lo, 1);
	}
	if (first_idle >= 0)
		p->c[p->n++] = wave_key(n_blocks, wave_blocks, p->stride, first_idle, p->n_waves - n_busy, 1);
	free(bw);
	p->n_classes = p->n_waves;
	p->sampled = p->n < p->n_waves;
	p->enumerated = 1;
	p->walk_all = 1;
	pick_dominant(p);
	return 0;
}

void wave_plan_free(wave_plan *p)
{
	free(p->c);
	p->c = NULL;
	p->n = 0;
}
