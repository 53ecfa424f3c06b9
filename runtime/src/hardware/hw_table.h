/* The in-memory hardware table (one GPU model). Read by hw_table_json.c from
 * the JSON format of docs/hardware-table.md; every numeric value keeps the
 * provenance string it was read with, so reports can cite it. */
#ifndef WARPEST_HW_TABLE_H
#define WARPEST_HW_TABLE_H

#include "warpest/warpest.h"

#define WARPEST_MAX_CARVEOUTS 16
#define WARPEST_MAX_CURVE 64
#define WARPEST_MAX_ATOMIC_N 32
#define WARPEST_MAX_ATOMIC_E 32

/* A value and where it came from ("datasheet: ...", "measured: ...", ...). */
typedef struct hw_value {
	double value;
	char provenance[160];
} hw_value;

/* Gompertz capacity-miss curve m(o) = a*exp(-b*exp(-c*o)); hit = 1 - m. */
typedef struct hw_gompertz {
	double a, b, c;
	char provenance[160];
} hw_gompertz;

/* A piecewise-linear curve y(x), x ascending. */
typedef struct hw_curve {
	int n;
	double x[WARPEST_MAX_CURVE];
	double y[WARPEST_MAX_CURVE];
	char provenance[160];
} hw_curve;

/* Shared-memory atomic service: T(n,e,c) in cycles for n simultaneous
 * warp-instructions with e active lanes each, c of them CAS (paper 001).
 * Stored on grids n_values x e_values for c = 0 (all fetch-and-op) and
 * c = n (all CAS); a mix is interpolated linearly in c/n. Unused-result
 * increments have their own grid (sm_80+). */
typedef struct hw_atomic_table {
	int present;
	int provisional; /* 1 while not measured by micro-benchmarks */
	int n_count, e_count;
	double n_values[WARPEST_MAX_ATOMIC_N];
	double e_values[WARPEST_MAX_ATOMIC_E];
	double t_rmw[WARPEST_MAX_ATOMIC_N][WARPEST_MAX_ATOMIC_E];
	double t_cas[WARPEST_MAX_ATOMIC_N][WARPEST_MAX_ATOMIC_E];
	double t_unused[WARPEST_MAX_ATOMIC_N][WARPEST_MAX_ATOMIC_E];
	char provenance[160];
} hw_atomic_table;

/* Load-to-use latency of a dependent load that hits each level, in cycles at
 * clock_mhz (gpu-benches gpu-latency plateaus). present = 0: the table has
 * none, and the latency term is off (said in every report). */
typedef struct hw_latency {
	int present;
	double l1, l2, dram;
	char provenance[160];
} hw_latency;

struct warpest_hw {
	char id[64];          /* "h100-sxm": file stem, used on the command line */
	char name[128];       /* "NVIDIA H100 SXM5 80GB" */
	char origin[512];     /* the file it was read from */
	int schema_version;
	int cc_major, cc_minor;
	char memory_type[32]; /* "HBM3", "GDDR6", ... */

	hw_value sm_count;
	hw_value clock_mhz;   /* SM clock used for cycle -> time */

	/* occupancy (cuda_occupancy.h) */
	hw_value max_threads_per_sm;
	hw_value max_warps_per_sm;
	hw_value max_blocks_per_sm;
	hw_value max_threads_per_block;
	hw_value registers_per_sm;
	hw_value max_registers_per_thread;
	hw_value register_alloc_unit;     /* registers per warp allocation unit (256) */
	hw_value shared_alloc_unit;       /* bytes */
	hw_value shared_reserved_per_block; /* bytes (1024 on cc >= 8.0) */
	hw_value max_shared_per_block;    /* bytes, with opt-in */
	int n_carveouts;
	double carveouts_kb[WARPEST_MAX_CARVEOUTS];
	char carveouts_provenance[160];

	/* L1 */
	hw_value l1_unified_bytes;        /* L1 + shared per SM */
	hw_value l1_bytes_per_cycle;      /* data path, 128 or 64 */
	hw_value l1_line_bytes;           /* 128 */
	hw_value sector_bytes;            /* 32 */
	hw_curve l1_tag_wavefronts;       /* x: distinct lines per warp access, y: tag wavefronts */

	/* L2 and DRAM */
	hw_value l2_bytes;                /* nominal */
	hw_value l2_effective_bytes;      /* for shared data (split L2: about half) */
	hw_value l2_bandwidth;            /* bytes/s, achievable */
	hw_value dram_fetch_bytes;        /* 64 on HBM, 32 on GDDR */
	hw_value dram_write_bytes;        /* 32 */
	hw_value dram_bandwidth;          /* bytes/s, achievable */
	hw_curve dram_bandwidth_curve;    /* x: resident warps per SM, y: bytes/s (n = 0: none) */
	hw_latency latency;               /* optional: the latency and occupancy term */

	/* compute, per SM per cycle (lanes, i.e. thread-operations) */
	hw_value fp32_per_cycle;          /* FMA lanes */
	hw_value fp64_per_cycle;
	hw_value int_add_per_cycle;
	hw_value int_mad_per_cycle;
	hw_value sfu_per_cycle;
	hw_value ldst_per_cycle;          /* load/store instructions (thread-level) */

	/* hit-rate curves (SPEC 5.4) */
	hw_gompertz hit_l1_redundant;
	hw_gompertz hit_wave_overlap;
	hw_gompertz hit_l2_load;
	hw_gompertz hit_l2_store;

	hw_atomic_table atomics;
};

/* Lookups used by the model. */
double hw_curve_eval(const hw_curve *curve, double x);
/* Capacity hit rate 1 - a*exp(-b*exp(-c*o)) at oversubscription o. */
double hw_gompertz_hit(const hw_gompertz *g, double oversubscription);

#endif
