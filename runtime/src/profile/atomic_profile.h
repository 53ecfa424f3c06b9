/* Profile mode of the shared-memory atomic model (SPEC §5.5, paper 001 §3.3):
 * shared-atomic unit utilisation per kernel launch from Nsight Compute
 * counters of a real run, with the T(n,e,c) table of the GPU. The mapping of
 * the paper's Table 1 quantities to ncu metrics is in docs/atomics.md and in
 * atomic_profile.c.
 *
 * Ownership: atomic_profile_compute returns a new atomic_profile that the
 * caller frees with atomic_profile_free; the text and JSON renderings are
 * malloc'd strings the caller frees with free(). Nothing here prints.
 */
#ifndef WARPEST_ATOMIC_PROFILE_H
#define WARPEST_ATOMIC_PROFILE_H

#include "hardware/hw_table.h"
#include "profile/ncu_csv.h"
#include "limiters/shared_atomic.h"
#include "warpest/warpest.h"

/* The metrics to ask ncu for (comma-separated, for --help and docs). */
extern const char atomic_profile_ncu_metrics[];

typedef struct atomic_profile_launch {
	char *id;                  /* ncu "ID" */
	char *kernel;              /* ncu "Kernel Name" */
	char *cc;                  /* ncu "CC" ("" when absent) */
	int line;                  /* first CSV line of the launch */
	/* Table 1 quantities (totals over all SMs, as ncu reports them) */
	double atomic_instructions; /* sum_i N^(i) */
	double cas_instructions;    /* sum_i N_c^(i) */
	double atomic_wavefronts;   /* O: serial rounds of all atomic warp-instructions */
	double sm_count;
	const char *sm_count_source; /* a metric name or "hardware table" */
	/* Table 2 quantities, per SM (ncu has no per-SM values: assumed equal) */
	double warp_instructions_per_sm; /* N = sum N / SMs */
	double n;                  /* n-hat = average active warps per SM */
	const char *n_source;
	double e;                  /* O / sum N */
	double c;                  /* n * N_c / N */
	satomic_result model;      /* S, B, clamping, provisional note */
	double elapsed_cycles;     /* T^(i): kernel time on an SM in cycles */
	const char *elapsed_source;
	double utilisation;        /* U = B / elapsed_cycles */
	int has_active_cycles;     /* sm__cycles_active.avg was in the file */
	double active_cycles;
	double utilisation_active; /* B / active cycles: the paper's definition */
	int has_duration;
	double duration_seconds;   /* gpu__time_duration.sum */
	char note[512];            /* per-launch remarks ("" when none) */
} atomic_profile_launch;

typedef struct atomic_profile {
	char *file;
	char gpu_id[64];
	char gpu_name[128];
	satomic_class fao_class;  /* grid used for the fetch-and-op jobs */
	int provisional;          /* the GPU's T table is provisional: every rendering says so */
	char table_provenance[160];
	int n_launches;
	atomic_profile_launch *launches;
} atomic_profile;

/* Computes every launch of `csv` with `hw`'s atomic table. fao_class is
 * satomic_rmw (ATOMS.ADD and friends, the default) or satomic_unused
 * (ATOMS.POPC.INC, sm_80+, when the kernel's increments discard the result;
 * ncu does not separate the two). Errors name the file, the line and the
 * metric; NULL on error. */
__warpest_give atomic_profile *atomic_profile_compute(warpest_ctx *ctx, const ncu_csv *csv,
	const warpest_hw *hw, satomic_class fao_class);
void atomic_profile_free(__warpest_take atomic_profile *profile);

/* A readable table, one row per launch, with the provisional-table warning
 * first when it applies. */
__warpest_give char *atomic_profile_to_text(const atomic_profile *profile);
/* {"format":"warpest-atomic-profile","version":1,"gpu":..,"provisional":..,
 *  "launches":[{...}]} -- keys documented in docs/atomics.md. */
__warpest_give char *atomic_profile_to_json(const atomic_profile *profile);

#endif
