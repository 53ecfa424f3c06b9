#include "cache/warp_cost.h"

#include <stdlib.h>
#include <string.h>

#include "base/small_sort.h"

static int count_distinct(int64_t *v, int n)
{
	if (n == 0)
		return 0;
	small_sort_int64(v, n);
	int d = 1;
	for (int i = 1; i < n; i++)
		d += v[i] != v[i - 1];
	return d;
}

#define L1_FILL_BYTES_PER_WAVEFRONT 128.0

double l1_fill_wavefronts(const warpest_hw *hw, double l2_load_bytes)
{
	(void)hw;
	/* the data array: 32 banks of 4 B, on every GPU warpest knows (SPEC
	 * §5.1); a fill does not pass the LSU issue limit that makes
	 * l1_bytes_per_cycle 64 on GA10x/AD10x/TU10x */
	return l2_load_bytes > 0 ? l2_load_bytes / L1_FILL_BYTES_PER_WAVEFRONT : 0.0;
}

/* The constant cache: the lanes' distinct words, one pass each (a uniform
 * address is one pass, broadcast to every lane). */
static void constant_cache_cost(int bytes, const int64_t *addr, const unsigned char *active, warp_cost *out)
{
	int64_t words[32 * 4];
	int n_words = 0, words_per_lane = bytes <= 4 ? 1 : bytes / 4;
	for (int lane = 0; lane < 32; lane++)
		for (int w = 0; active[lane] && w < words_per_lane; w++)
			words[n_words++] = addr[lane] / 4 + w;
	out->data_wavefronts = count_distinct(words, n_words);
	out->cycles = out->data_wavefronts;
	out->same_address_ways = 1;
}

void warp_access_cost(const warpest_hw *hw, warp_unit unit, int bytes, const int64_t *addr,
	const unsigned char *active, warp_cost *out)
{
	memset(out, 0, sizeof(*out));
	if (unit == warp_unit_constant) {
		constant_cache_cost(bytes, addr, active, out);
		return;
	}
	/* Data stage: 32 banks of 4 B; 8 B accesses are served per half-warp and
	 * 16 B per quarter-warp. Within a group, the distinct words that share a
	 * bank serialise; identical words broadcast. */
	int group = bytes <= 4 ? 32 : bytes == 8 ? 16 : 8;
	int words_per_lane = bytes <= 4 ? 1 : bytes / 4;
	int64_t words[32 * 4], lines[32], sectors[32 * 2], addrs[32];
	int n_lines = 0, n_sectors = 0, n_addrs = 0;
	for (int g = 0; g < 32; g += group) {
		int n_words = 0;
		for (int lane = g; lane < g + group; lane++) {
			if (!active[lane])
				continue;
			for (int w = 0; w < words_per_lane; w++)
				words[n_words++] = addr[lane] / 4 + w;
		}
		if (n_words == 0)
			continue;
		small_sort_int64(words, n_words);
		int per_bank[32] = {0}, worst = 0;
		for (int i = 0; i < n_words; i++) {
			if (i > 0 && words[i] == words[i - 1])
				continue;
			int bank = (int)(((words[i] % 32) + 32) % 32);
			if (++per_bank[bank] > worst)
				worst = per_bank[bank];
		}
		out->data_wavefronts += worst;
	}
	for (int lane = 0; lane < 32; lane++) {
		if (!active[lane])
			continue;
		addrs[n_addrs++] = addr[lane];
		lines[n_lines++] = addr[lane] >> 7;
		sectors[n_sectors++] = addr[lane] >> 5;
		if (((addr[lane] + bytes - 1) >> 5) != (addr[lane] >> 5))
			sectors[n_sectors++] = (addr[lane] + bytes - 1) >> 5;
	}
	if (n_addrs == 0)
		return;
	/* the largest number of lanes on one address (atomics serialise on it) */
	small_sort_int64(addrs, n_addrs);
	int run = 1, ways = 1;
	for (int i = 1; i < n_addrs; i++) {
		run = addrs[i] == addrs[i - 1] ? run + 1 : 1;
		if (run > ways)
			ways = run;
	}
	out->same_address_ways = ways;
	out->lines = count_distinct(lines, n_lines);
	out->sectors = count_distinct(sectors, n_sectors);
	/* issue limit: a full warp's bytes over the L1 data path width */
	double issue = 32.0 * (bytes < 4 ? 4 : bytes) / hw->l1_bytes_per_cycle.value;
	out->cycles = out->data_wavefronts > issue ? out->data_wavefronts : issue;
	if (unit == warp_unit_global) {
		out->tag_wavefronts = hw_curve_eval(&hw->l1_tag_wavefronts, out->lines);
		if (out->tag_wavefronts > out->cycles)
			out->cycles = out->tag_wavefronts;
	}
}

/* ---- residue costs by lane pattern ---- */

#define MAX_LANE_PATTERNS 256
#define LANE_PATTERN_SLOTS (2 * MAX_LANE_PATTERNS)

/* The costs live apart from the keys: a table is allocated per estimate,
 * and most of its slots stay empty. */
typedef struct lane_pattern {
	int used;
	int bytes;
	warp_unit unit;
	uint32_t active;
	int64_t delta[32];
	residue_costs *costs;
} lane_pattern;

struct lane_pattern_table {
	lane_pattern slot[LANE_PATTERN_SLOTS];
	int n;
};

lane_pattern_table *lane_pattern_table_alloc(void)
{
	return calloc(1, sizeof(lane_pattern_table));
}

void lane_pattern_table_free(lane_pattern_table *t)
{
	for (int i = 0; t && i < LANE_PATTERN_SLOTS; i++)
		free(t->slot[i].costs);
	free(t);
}

residue_costs *lane_pattern_costs(lane_pattern_table *t, int bytes, warp_unit unit,
	const int64_t *addr, const unsigned char *active)
{
	if (!t)
		return NULL;
	lane_pattern key;
	memset(&key.delta, 0, sizeof(key.delta));
	key.bytes = bytes, key.unit = unit, key.active = 0;
	int first = -1;
	uint64_t h = 1469598103934665603ull ^ (uint64_t)(bytes * 4 + (int)unit);
	for (int lane = 0; lane < 32; lane++) {
		if (!active[lane])
			continue;
		if (first < 0)
			first = lane;
		key.active |= (uint32_t)1 << lane;
		key.delta[lane] = addr[lane] - addr[first];
		h = (h ^ (uint64_t)key.delta[lane] ^ ((uint64_t)lane << 56)) * 1099511628211ull;
	}
	for (int probe = 0, slot = (int)(h % LANE_PATTERN_SLOTS); probe < LANE_PATTERN_SLOTS;
	     probe++, slot = (slot + 1) % LANE_PATTERN_SLOTS) {
		lane_pattern *p = &t->slot[slot];
		if (!p->used) {
			if (t->n >= MAX_LANE_PATTERNS)
				return NULL;
			key.costs = malloc(sizeof(residue_costs));
			if (!key.costs)
				return NULL;
			memset(key.costs->known, 0, sizeof(key.costs->known));
			key.used = 1;
			*p = key;
			t->n++;
			return p->costs;
		}
		if (p->bytes == bytes && p->unit == unit && p->active == key.active &&
		    memcmp(p->delta, key.delta, sizeof(key.delta)) == 0)
			return p->costs;
	}
	return NULL;
}

const warp_cost *residue_cost_lookup(residue_costs *rc, const warpest_hw *hw, warp_unit unit, int bytes,
	const int64_t *addr, const unsigned char *active, warp_cost *scratch)
{
	if (!rc) {
		warp_access_cost(hw, unit, bytes, addr, active, scratch);
		return scratch;
	}
	int first = 0;
	while (first < 31 && !active[first])
		first++;
	int residue = (int)(((addr[first] % 128) + 128) % 128);
	if (!rc->known[residue]) {
		warp_access_cost(hw, unit, bytes, addr, active, &rc->cost[residue]);
		rc->known[residue] = 1;
	}
	return &rc->cost[residue];
}
