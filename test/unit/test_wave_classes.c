/* Wave classes (launch/wave_classes.c), counted by hand on tiny grids. */
#include "check.h"
#include "launch/wave_classes.h"

/* The entry of p evaluated at wave `first`, or NULL. */
static const wave_class *find(const wave_plan *p, int64_t first)
{
	for (int i = 0; i < p->n; i++)
		if (p->c[i].first == first)
			return &p->c[i];
	return NULL;
}

static int64_t total_weight(const wave_plan *p, int64_t *blocks)
{
	int64_t w = 0;
	*blocks = 0;
	for (int i = 0; i < p->n; i++) {
		w += p->c[i].weight;
		*blocks += p->c[i].weight * p->c[i].count;
	}
	return w;
}

int main(void)
{
	/* Grid 4x3x5 = 60 blocks, waves of 8 blocks: 8 waves, the last one 4
	 * blocks. Outer layers (z) of 4*3 = 12 blocks. Each wave: first block s,
	 * residue s mod 12, layers z0 = s/12 .. z1 = (s+count-1)/12:
	 *   w0 s= 0: blocks  0..7   z 0..0  r 0  head
	 *   w1 s= 8: blocks  8..15  z 0..1  r 8  head, crosses 1
	 *   w2 s=16: blocks 16..23  z 1..1  r 4
	 *   w3 s=24: blocks 24..31  z 2..2  r 0
	 *   w4 s=32: blocks 32..39  z 2..3  r 8  crosses 1
	 *   w5 s=40: blocks 40..47  z 3..3  r 4
	 *   w6 s=48: blocks 48..55  z 4..4  r 0  tail
	 *   w7 s=56: blocks 56..59  z 4..4  r 8  tail, 4 blocks
	 * Classes (residue, count, head, tail): w2 and w5 alike (r 4, interior),
	 * every other wave alone: 7 classes for 8 waves. */
	const int grid[3] = {4, 3, 5};
	wave_plan p;
	CHECK(wave_plan_build(grid, 8, 0, 16, 16, &p) == 0, "plan 4x3x5, waves of 8");
	CHECK(p.n_waves == 8, "waves %lld (expected 8)", (long long)p.n_waves);
	CHECK(p.stride == 12, "outer stride %lld (expected 12)", (long long)p.stride);
	CHECK(p.n_classes == 7 && p.n == 7 && !p.sampled, "classes %lld, evaluated %d, sampled %d "
		"(expected 7, 7, 0)", (long long)p.n_classes, p.n, p.sampled);
	/* the class of w2 and w5 is evaluated at the instance nearest the middle
	 * of the launch (waves 0..7: middle 3.5; |2w-7| = 3 for w2 and w5 alike:
	 * the first found, w2) and stands for 2 waves */
	const wave_class *c = find(&p, 16);
	CHECK(c && c->weight == 2 && c->residue == 4 && !c->head && !c->tail && c->crossings == 0,
		"class of waves 2 and 5: at block 16, stands for 2 (got %lld)", c ? (long long)c->weight : -1);
	c = find(&p, 8);
	CHECK(c && c->head && c->crossings == 1 && c->weight == 1, "wave 1: head, crosses 1 boundary");
	c = find(&p, 56);
	CHECK(c && c->tail && c->count == 4 && c->weight == 1, "wave 7: tail, its real 4 blocks");
	CHECK(p.dominant >= 0 && p.c[p.dominant].first == 16, "dominant class at block %lld (expected 16)",
		(long long)p.c[p.dominant].first);
	int64_t blocks, w = total_weight(&p, &blocks);
	CHECK(w == 8 && blocks == 60, "weights %lld (expected 8 waves), blocks %lld (expected 60)",
		(long long)w, (long long)blocks);
	wave_plan_free(&p);

	/* The same with at most 4 classes (and exact up to 4 only): strata (count, head, tail, crossings)
	 *   {8,h,-,0}: w0   {8,h,-,1}: w1   {8,-,-,0}: r0 (w3), r4 (w2,w5)
	 *   {8,-,-,1}: w4   {8,-,t,0}: w6   {4,-,t,0}: w7
	 * 6 strata > 4: one representative each (the cap is raised to the
	 * strata). The interior stratum {8,-,-,0} (r 0 weight 1, r 4 weight 2;
	 * total 3) is one group: the class at its weight's middle (1.5: r 4,
	 * whose weight spans 1..3) is evaluated and stands for 3 waves. */
	CHECK(wave_plan_build(grid, 8, 0, 4, 4, &p) == 0, "plan 4x3x5, at most 4 classes");
	CHECK(p.n == 6 && p.sampled && p.n_classes == 7, "evaluated %d (expected 6 strata), sampled %d",
		p.n, p.sampled);
	c = find(&p, 16);
	CHECK(c && c->weight == 3, "interior stratum at block 16 stands for %lld waves (expected 3)",
		c ? (long long)c->weight : -1);
	CHECK(find(&p, 24) == NULL, "wave 3 (r 0) is not evaluated: its stratum is represented by wave 2");
	w = total_weight(&p, &blocks);
	CHECK(w == 8 && blocks == 60, "sampled weights %lld (expected 8), blocks %lld (expected 60)",
		(long long)w, (long long)blocks);
	wave_plan_free(&p);

	/* A 2D grid 5x4 (outer layers are rows of 5 blocks), waves of 5 blocks:
	 * every wave is one whole row, residue 0. Row 0 head, row 3 tail, rows 1
	 * and 2 one interior class of weight 2: 3 classes for 4 waves. */
	const int grid2[3] = {5, 4, 1};
	CHECK(wave_plan_build(grid2, 5, 0, 16, 16, &p) == 0, "plan 5x4");
	CHECK(p.stride == 5 && p.n_waves == 4 && p.n == 3, "2D: stride %lld, waves %lld, classes %d "
		"(expected 5, 4, 3)", (long long)p.stride, (long long)p.n_waves, p.n);
	c = p.n == 3 ? &p.c[p.dominant] : NULL;
	CHECK(c && c->weight == 2 && !c->head && !c->tail, "2D: the interior rows stand for 2 waves");
	wave_plan_free(&p);

	/* The same 5x4 grid with each_max 4: 4 waves <= 4, so every wave is its
	 * own class (a guard such as y < 2 would make rows 1 and 2 differ):
	 * 4 classes of weight 1, first blocks 0, 5, 10, 15. */
	CHECK(wave_plan_build(grid2, 5, 4, 16, 16, &p) == 0, "plan 5x4, each wave its own");
	CHECK(p.n_waves == 4 && p.n == 4 && p.n_classes == 4 && !p.sampled, "each own: 4 classes of 4 "
		"waves (got %d of %lld)", p.n, (long long)p.n_waves);
	unsigned seen = 0; /* bit w: wave w's first block was found (in any order) */
	for (int i = 0; i < p.n; i++)
		if (p.c[i].weight == 1 && p.c[i].first % 5 == 0 && p.c[i].first < 20)
			seen |= 1u << (p.c[i].first / 5);
	CHECK(seen == 0xf, "each own: classes at blocks 0, 5, 10, 15 of weight 1 (mask %x)", seen);
	wave_plan_free(&p);

	/* A grid smaller than a wave: one class, the whole grid. */
	const int grid3[3] = {16, 1, 1};
	CHECK(wave_plan_build(grid3, 1056, 8, 8, 8, &p) == 0 && p.n == 1 && p.n_waves == 1 &&
		p.c[0].count == 16 && p.c[0].weight == 1, "16 blocks, waves of 1056: one wave of 16 blocks");
	wave_plan_free(&p);

	/* More waves than are classified one by one (2^15): 1-D grid of
	 * 100000 blocks in waves of 2: 50000 waves, a systematic sample of the
	 * first 49999 plus the last. In 1-D every layer is one block: the first
	 * wave is the head, the last the tail, the rest one class. */
	const int grid4[3] = {100000, 1, 1};
	CHECK(wave_plan_build(grid4, 2, 8, 8, 8, &p) == 0, "plan 100000 blocks, waves of 2");
	w = total_weight(&p, &blocks);
	CHECK(!p.enumerated && p.n == 3 && w == 50000 && blocks == 100000, "sampled waves: %d classes, "
		"weights %lld (expected 3, 50000), blocks %lld", p.n, (long long)w, (long long)blocks);
	wave_plan_free(&p);

	/* Busy waves: 1-D grid of 100 blocks in waves of 10, busy blocks per
	 * wave {10, 10, 0, 0, 5, 0, 0, 0, 0, 0}, k = 3: two groups of the busy
	 * waves in order (busy desc, position): w0 (10), w1 (10), w4 (5). Group
	 * 0 = [0, 1): w0, weight 1; group 1 = [1, 3): its middle (1+3)/2 = 2,
	 * w4, weight 2; the 7 idle waves as one, at w2 (block 20). */
	const int grid5[3] = {100, 1, 1};
	const int64_t busy[10] = {10, 10, 0, 0, 5, 0, 0, 0, 0, 0};
	CHECK(wave_plan_busy(grid5, 10, 3, busy, &p) == 0, "busy plan");
	const wave_class *b0 = find(&p, 0), *b4 = find(&p, 40), *idle = find(&p, 20);
	CHECK(p.n == 3 && p.busy_waves == 3 && p.walk_all && b0 && b0->weight == 1 && b4 &&
		b4->weight == 2 && idle && idle->weight == 7, "busy plan: %d entries, w0 %lld, w4 %lld, "
		"idle %lld (expected 3 entries, 1, 2, 7)", p.n, b0 ? (long long)b0->weight : -1LL,
		b4 ? (long long)b4->weight : -1LL, idle ? (long long)idle->weight : -1LL);
	wave_plan_free(&p);
	return check_summary();
}
