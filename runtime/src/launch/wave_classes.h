/* Wave classes: which waves of a launch behave alike, so that launch totals
 * are built from every wave while only one wave per class is evaluated
 * (docs/model.md §1, "Waves"). Pure arithmetic on the grid; no model. */
#ifndef WARPEST_WAVE_CLASSES_H
#define WARPEST_WAVE_CLASSES_H

#include <stdint.h>

/* At most this many waves are classified one by one; past it the waves are
 * a systematic sample, each standing for the waves up to the next. */
#define WAVE_ENUMERATE_MAX (1 << 15)

typedef struct wave_class {
	int64_t first, count; /* the wave evaluated for the class: first block, blocks */
	int64_t weight;       /* waves it stands for */
	int64_t residue;      /* first mod the outer stride */
	int head, tail;       /* it touches the first / the last outer layer of blocks */
	int crossings;        /* outer-layer boundaries inside the wave */
} wave_class;

typedef struct wave_plan {
	int64_t n_waves;    /* ceil(n_blocks / wave_blocks): the sum of the weights */
	int64_t stride;     /* blocks per outer layer (x*y of a 3D grid, x of a 2D one, 1) */
	int64_t n_classes;  /* distinct classes among the waves */
	int n;              /* classes evaluated: the entries of c */
	int sampled;        /* c is a stratified subset of the classes */
	int enumerated;     /* every wave was classified (not a systematic sample) */
	int dominant;       /* the entry of c standing for the most waves */
	int walk_all;       /* every entry walks back for its own reuse (spread plans) */
	int64_t busy_waves; /* busy plans: the waves whose blocks may run an access */
	wave_class *c;
} wave_plan;

/* Classifies the waves of a grid of grid[0]*grid[1]*grid[2] blocks (x
 * fastest), waves of `wave_blocks` consecutive blocks, the last one
 * partial. A launch of at most `each_max` waves has one class per wave.
 * Every class is kept when there are at most `exact_max`; else
 * max(cap, strata) (strata: the classes' block counts, head/tail flags and
 * crossings, each kept apart). Returns 0, or -1 when out of memory. */
int wave_plan_build(const int grid[3], int64_t wave_blocks, int each_max, int exact_max, int cap,
	wave_plan *p);
/* k waves spread evenly over the launch (every wave when there are at
 * most k), each its own class standing for the waves up to the next: for
 * launches whose guards idle whole stretches of waves that the classes
 * above lump with active ones (a grid larger than the domain). Returns 0,
 * or -1 when out of memory. */
int wave_plan_spread(const int grid[3], int64_t wave_blocks, int k, wave_plan *p);
/* The same over the busy waves only, given busy[w], the blocks of wave w
 * that may run an access (n_waves entries): the busy waves, in order of
 * their busy count and then of position, cut into k - 1 groups of about
 * equal weight, each evaluated at its middle wave and standing for the
 * group; every idle wave is one class, evaluated at the first of them.
 * Evenly spread waves miss work that the grid holds in stripes (a tiled
 * kernel whose grid does not shrink: a few busy waves per row of blocks).
 * Returns 0, or -1 when out of memory. */
int wave_plan_busy(const int grid[3], int64_t wave_blocks, int k, const int64_t *busy,
	wave_plan *p);
void wave_plan_free(wave_plan *p);

#endif
