/* The kernel model in memory (docs/kernel-model.md). Built by
 * kernel_model_json.c; read-only afterwards and shared by all estimates. */
#ifndef WARPEST_KERNEL_MODEL_H
#define WARPEST_KERNEL_MODEL_H

#include <json-c/json.h>

#include "kernel/expr.h"

#define KM_MAX_DIMS 8
/* Reader limits (docs/limits.md): an access's count, an operation count
 * per thread and loop iteration, fields and accesses per model. */
#define KM_MAX_COUNT 1000000
#define KM_MAX_ROUND 1000000
#define KM_MAX_PHASE 255 /* barrier phases a model may number (the pass merges later ones) */
#define KM_MAX_OPS 1e12
#define KM_MAX_FIELDS 4096
#define KM_MAX_ACCESSES 65536

/* constant: __constant__ memory, read through the constant cache */
typedef enum km_space { km_space_global, km_space_shared, km_space_local, km_space_constant } km_space;
typedef enum km_access_kind { km_load, km_store, km_atomic, km_cas } km_access_kind;

typedef struct km_field {
	char name[64];
	km_space space;
	int elem_bytes;
	int64_t align;
	int n_dims;
	const expr *dims[KM_MAX_DIMS];
} km_field;

#define KM_MAX_ALSO 4

typedef struct km_loop {
	char var[64];
	int sym;                 /* symbol id of the loop variable */
	const expr *lower, *upper; /* upper NULL: trip_count is assumed */
	int64_t step;
	int64_t assumed_trips;
	char reason[160];
	int unrolled;            /* fully unrolled: loads repeated across iterations stay in registers */
	/* a geometric loop: the variable takes lower, then lower >> shift,
	 * lower >> 2*shift, ... while above `bound` (shift > 0: halving,
	 * `s >>= 1`), or lower << -shift, ... while below `bound` (shift < 0:
	 * doubling, `s *= 2`); both bounds the same for every thread.
	 * 0: arithmetic. */
	int shift;
	const expr *bound;
	int first_always;        /* tested at the end of the body: the first value always runs */
	int count_sym;           /* geometric: the symbol of its iteration count, -1: none */
	/* geometric: other variables that shift in step with it (a scan's
	 * offset doubling while its stride halves): lower shifted once per
	 * iteration */
	int n_also;
	struct km_also {
		char var[64];
		int sym;
		const expr *lower;
		int shift;
	} also[KM_MAX_ALSO];
} km_loop;

/* How the addresses of an unanalysable access are assumed to fall: each
 * active lane on its own line (random within a large array), one address
 * per warp-instruction (uniform), or the lanes' own pattern (lane_offsets)
 * at a base the same for the warp but unknown (lanes: a row start loaded
 * per warp or block, a CSR row read by a warp). */
typedef enum km_assume { km_assume_none, km_assume_random, km_assume_uniform, km_assume_lanes } km_assume;

typedef struct km_access {
	int field;
	km_access_kind kind;
	int bytes;
	int analysable;
	char reason[160];
	const expr *offset;      /* byte offset from the field base (index form folded in) */
	int n_loops;
	int loops[EXPR_MAX_LOOPS]; /* indices into kernel loops, outermost first */
	const expr *guard;       /* NULL: none */
	char loc[160];
	int count;
	int round;               /* loads of one iteration in different rounds wait one after another */
	int phase;               /* block-wide barriers before it (docs/model.md §8, barrier phases) */
	int uses_result;
	char contention[32];     /* atomics on data-dependent addresses */
	km_assume assume;        /* unanalysable accesses: counted in volumes under it */
	int64_t lane_offsets[32]; /* km_assume_lanes: lane i's byte offset from lane 0's */
	int operand;             /* constant-memory load at a literal address: an operand of the
	                          * instruction that uses it, no load instruction of its own */
	int64_t copy_key;        /* a copy made by unrolling geometric loops: which values (0: none) */
} km_access;

enum km_op {
	km_op_fp32_add, km_op_fp32_mul, km_op_fp32_fma,
	km_op_fp64_add, km_op_fp64_mul, km_op_fp64_fma,
	km_op_int, km_op_int_mad, km_op_sfu, km_op_other,
	km_op_fp64_convert, /* conversions to or from double: the FP64 unit's */
	km_n_ops
};
extern const char *const km_op_names[km_n_ops];

/* The symbols a loop defines, into syms: its variable, and for a
 * geometric loop its count and "also" variables too, which an unrolled copy
 * makes constants; returns how many (at most KM_MAX_LOOP_SYMS). They are
 * known once the loops' symbols are read, before their bounds. */
#define KM_MAX_LOOP_SYMS (2 + KM_MAX_ALSO)
int km_loop_syms(const km_loop *loop, int *syms);
/* Whether e uses one of them. */
int km_loop_used_by(const km_loop *loop, const expr *e);
/* Whether v is 2^k (k >= 0): a value a params[].power_of_two parameter may take. */
static inline int km_is_power_of_two(int64_t v)
{
	return v > 0 && (v & (v - 1)) == 0;
}

typedef struct km_ops {
	int n_loops;
	int loops[EXPR_MAX_LOOPS];
	double count[km_n_ops];
	/* index of an access in the same loops and under the same guard: the
	 * entry runs as often as it does (a guarded unrolled copy); -1: as the
	 * most-executed access of its loops */
	int runs_with;
	int phase;               /* as km_access's */
	int64_t copy_key;        /* as km_access's: entries match accesses of the same copy */
} km_ops;

typedef struct km_variant {
	char name[64];
	int n;
	int params[16];          /* symbol ids */
	int64_t values[16];
} km_variant;

struct warpest_kernel {
	char name[256];
	char source[512];
	char origin[512];        /* file it was read from */
	expr_arena *arena;
	symbol_table symbols;
	int n_params;
	int param_syms[64];
	int64_t param_values[64];
	int param_has_value[64];
	int param_power_of_two[64]; /* the model reads bitwise operations by it as by 2^k */
	/* 2^(another parameter): its index among params (a shift by a kernel
	 * argument, 1 << stage); -1: a parameter of its own */
	int param_exp2_of[64];
	const expr *threads[3];  /* NULL: not given */
	const expr *grid[3];
	/* grid[d] is a guess of the model's writer, not read from the code
	 * (`grid.guessed`): said in the report wherever the launch uses it */
	unsigned char grid_guessed[3];
	const expr *guard;       /* NULL: none */
	int n_loops;
	km_loop loops[EXPR_MAX_LOOPS];
	int n_fields;
	km_field *fields;
	int n_accesses;
	km_access *accesses;
	int n_ops;
	km_ops *ops;
	int registers;           /* 0: unknown */
	int64_t shared_static, shared_dynamic;
	/* ptxas's per-thread figures (resources.spill_*_bytes, stack_frame_bytes):
	 * static bytes of spill-store and spill-load instructions, the stack
	 * frame; -1: not given */
	int64_t spill_store_bytes, spill_load_bytes, stack_frame_bytes;
	int n_variants;
	km_variant *variants;
	int n_assumptions;
	char (*assumptions)[256];
	json_object *json;       /* the document it was read from, for writing back */
};

#endif
