/* The shared-memory atomic unit model (SPEC §5.5, paper 001: Dong & Pai).
 *
 * The shared-memory atomic unit of one SM is modelled as a load-dependent
 * single server. A job is one atomic warp-instruction. The hardware table
 * holds T(n,e,c): the cycles from the first issue to the last completion of n
 * warp-instructions issued together, each with e lanes serialised on one
 * 4-byte word, c of them compare-and-swap. The service time per job is
 * S(n,e,c) = T(n,e,c)/n, and the unit's busy time on an SM that executes N
 * atomic warp-instructions is B = N * S. docs/atomics.md derives every formula
 * used here.
 *
 * Everything in this header is a pure function of its arguments: no globals,
 * no allocation, nothing printed. Structs are plain values owned by the
 * caller. Functions that can fail return warpest_ok or a negative
 * warpest_status; the ones that take a warpest_ctx leave a message there.
 */
#ifndef WARPEST_SHARED_ATOMIC_H
#define WARPEST_SHARED_ATOMIC_H

#include "hardware/hw_table.h"
#include "warpest/warpest.h"

#include <stddef.h>

/* The instruction class of an atomic warp-instruction; it picks the T grid. */
typedef enum satomic_class {
	satomic_rmw = 0, /* fetch-and-op (ATOMS.ADD, MIN, EXCH, ...): grid t_rmw */
	satomic_cas,     /* compare-and-swap (ATOMS.CAS): grid t_cas */
	satomic_unused   /* increment whose result is unused (ATOMS.POPC.INC, sm_80+): grid t_unused */
} satomic_class;

const char *satomic_class_name(satomic_class cls); /* "rmw", "cas", "unused" */

/* Service time per warp-instruction S(n,e,c) = T(n,e,c)/n in cycles.
 *
 * n: jobs in the queue (resident warps per SM), e: serial rounds per
 * warp-instruction (lanes on one address, see satomic_effective_e), c: CAS
 * jobs among the n. T is bilinear in (n,e) over the table grid. Outside the
 * grid e is clamped, and S is held at its value on the nearest n grid point
 * (paper 001 eq. 1 anchors T(0) = 0, so T grows linearly below the first
 * grid point; above the last one every extra job costs the last S).
 * The job mix is linear in c/n (clamped to [0,1]):
 *   T = (1 - c/n) * T_base(n,e) + (c/n) * T_cas(n,e),
 * with T_base = t_rmw for satomic_rmw and t_unused for satomic_unused; for
 * satomic_cas every job is CAS and c is ignored. A table without an
 * unused-result grid (all zero: GPUs before sm_80) falls back to t_rmw.
 * Returns 0 for n <= 0 (no jobs) and a negative value when the table is
 * absent or its grid is empty or not ascending. */
double satomic_service_cycles(const hw_atomic_table *t, double n, double e, double c,
	satomic_class cls);

/* ---- Contention: how many serial rounds one warp-instruction needs ---- */

/* An input-contention assumption for an atomic whose address depends on
 * loaded data (a histogram bin). Text forms:
 *   "uniform:B"  every lane's bin is independent and uniform over B bins
 *                (consecutive 4-byte words from a 128-byte aligned base);
 *   "single"     every lane updates the same bin (a solid-colour image);
 *   "e:K"        the user states K lanes per warp-instruction collide.
 * "uniform:B" and "single" take an optional suffix "/G" (G = 1..32): the
 * lanes of a warp form G groups whose addresses differ in a known way that
 * puts the groups in different banks (paper 001 listing 2 rotates the
 * channel by tid%4: "single/4"). It describes the kernel, not the input; it
 * lives in the contention text so that a kernel model can state it in the one
 * field the model has for data-dependent atomics. */
typedef enum satomic_contention_kind {
	satomic_contention_uniform = 0,
	satomic_contention_single,
	satomic_contention_lanes
} satomic_contention_kind;

typedef struct satomic_contention {
	satomic_contention_kind kind;
	int bins;     /* uniform:B, B >= 1 */
	double lanes; /* e:K, 1 <= K <= 32 */
	int groups;   /* the "/G" suffix; 0 or 1: one group */
} satomic_contention;

/* The assumption used when a model states none: "uniform:256". */
#define SATOMIC_DEFAULT_CONTENTION "uniform:256"

/* Parses `text` into *out. On bad text returns warpest_error_input with a
 * message naming the text and the accepted forms. */
int satomic_contention_parse(warpest_ctx *ctx, const char *text, satomic_contention *out);
/* Writes the canonical text form ("uniform:256", "single/4", "e:8") into buf. */
void satomic_contention_format(const satomic_contention *contention, char *buf, size_t size);

/* Expected serial rounds of one warp-instruction with `active_lanes` lanes
 * (1..32; a fractional mean is interpolated between its neighbours) under a
 * contention assumption. The lanes are split evenly into g groups, g the
 * larger of `address_groups` and the contention's "/G" (>= 1), whose
 * addresses differ in a known, analysable way that puts each group in its own
 * bank (paper 001 listing 2: the bin base is 256*((c + tid%4)%4), so 4 groups).
 *   single:    ceil(L / g) -- each group's lanes serialise on one word.
 *   e:K:       min(K, L)  -- as stated.
 *   uniform:B: E[max over the 32 banks of the lanes in that bank], the lanes'
 *              bins independent and uniform over B; bin b lies in bank b mod 32.
 *              Lanes on one word serialise like lanes on different words of
 *              one bank, so this counts both. Exact multinomial formula in
 *              docs/atomics.md; 32 lanes over 256 bins give 3.53 (paper 001
 *              measured e of about 3 on random images). The group offsets are
 *              multiples of 32 words and do not change the bank distribution.
 * Returns a value in [1, L], or 0 for L <= 0. */
double satomic_expected_rounds(const satomic_contention *contention, double active_lanes,
	int address_groups);

/* How the address of an atomic access is known (kernel model). */
typedef enum satomic_address_kind {
	satomic_address_uniform = 0, /* affine, the same for every lane of a warp: all lanes collide */
	satomic_address_distinct,    /* affine, lanes differ: bank rules only */
	satomic_address_data         /* depends on loaded data: a contention assumption */
} satomic_address_kind;

typedef struct satomic_address {
	satomic_address_kind kind;
	double bank_wavefronts;         /* distinct: data wavefronts per warp-instruction from the core's bank model */
	satomic_contention contention;  /* data */
	int address_groups;             /* data: see satomic_expected_rounds; 0 or 1 = one group
	                                   (the contention's "/G" suffix also sets it) */
} satomic_address;

/* The effective e of one warp-instruction: the serial rounds the atomic unit
 * needs, which is what T(n,e,c) is indexed by (T was measured with e lanes on
 * one word, i.e. e rounds) and what ncu's wavefronts / instructions measure.
 *   uniform: L;  distinct: bank_wavefronts clamped to [1, L];  data: as above. */
double satomic_effective_e(const satomic_address *address, double active_lanes);

/* ---- Busy time and utilisation ---- */

/* One kernel (or one SM's share of it) for the single-server model. */
typedef struct satomic_input {
	double warp_instructions_per_sm; /* N: atomic warp-instructions one SM executes */
	double queue_length;             /* n: resident warps per SM (occupancy) */
	double e;                        /* effective e: mean serial rounds per warp-instruction */
	double cas_in_queue;             /* c: CAS jobs among the n = n * (CAS share of N) */
	satomic_class cls;               /* class of the non-CAS jobs: satomic_rmw or satomic_unused
	                                    (satomic_cas: every job is CAS) */
} satomic_input;

typedef struct satomic_result {
	double service_cycles; /* S(n,e,c) */
	double busy_cycles;    /* B = N * S, per SM */
	double n, e, c;        /* the values looked up (after the checks) */
	int clamped;           /* 1: n or e lies outside the table grid (extrapolated as documented) */
	int provisional;       /* 1: the T table is provisional (not measured); reports must say so */
	char note[256];        /* what a report should print with the result ("" when nothing) */
} satomic_result;

/* Computes S and B. Returns warpest_ok; warpest_error_input for negative or
 * non-finite inputs; warpest_error_model when the table has no usable T grid
 * (out->note says why). */
int satomic_estimate(const satomic_input *in, const hw_atomic_table *t, satomic_result *out);

/* U = B / (predicted_seconds * clock_hz): the share of the kernel time the
 * unit of one SM is busy. Can exceed 1 when the prediction is not atomic-bound
 * (the model then says the atomic limiter should be the bottleneck).
 * Returns 0 when the time or clock is not positive. */
double satomic_utilisation(double busy_cycles, double predicted_seconds, double clock_hz);

/* ---- From per-launch counts to N, n, e, c (the static path) ---- */

/* One atomic access of a kernel on shared memory, with its per-launch counts
 * already known to the core. */
typedef struct satomic_access {
	double warp_instructions; /* executed warp-instructions of this access in the launch, all SMs */
	double active_lanes;      /* mean active lanes per warp-instruction */
	satomic_class cls;        /* cas for cmpxchg; unused for an add/inc whose result is unused
	                             (the caller downgrades it to rmw before sm_80); rmw otherwise */
	satomic_address address;
} satomic_access;

typedef struct satomic_launch {
	double sms_used;              /* SMs that receive blocks: min(SM count, blocks in the grid) */
	double resident_warps_per_sm; /* blocks per SM (capped by the grid) * warps per block */
} satomic_launch;

/* Combines the accesses as paper 001 Table 2 combines counters:
 *   N = sum_a N_a / sms_used,
 *   e = sum_a N_a * e_a / sum_a N_a          (e_a = satomic_effective_e),
 *   c = n * sum_{a CAS} N_a / sum_a N_a,
 *   n = resident_warps_per_sm,
 *   cls = unused when every non-CAS access is unused, else rmw
 *         (cas when every access is CAS).
 * Returns warpest_error_input for negative counts or no SMs. With no atomic
 * instructions, *out has N = 0 (and e = 0). */
int satomic_kernel_input(const satomic_access *accesses, int count, const satomic_launch *launch,
	satomic_input *out);

#endif
