/* The kernel context of the extraction (extract.c and its stages): the
 * pointer map, conditions, loops, fields, accesses and the per-kernel state
 * K, with the helpers of kernel_ctx.c and cfg.c. The base of the pass's
 * internal headers: eval.h, cond.h and model_parts.h include it, and it
 * includes none of them. */
#ifndef WARPEST_PASS_KERNEL_CTX_H
#define WARPEST_PASS_KERNEL_CTX_H

#include "internal.h"
#include "poly.h"

#include <llvm-c/Target.h>
#include <stdint.h>

/* ---------- pointer hash map ---------- */
typedef struct pmap {
	int cap, n;
	const void **key;
	void **val;
} pmap;

void *wp_pmap_get(const pmap *m, const void *k);
void wp_pmap_put(wp_arena *ar, pmap *m, const void *k, void *v);

/* ---------- conditions ---------- */
enum { C_CMP, C_AND, C_OR, C_TRUE, C_FALSE, C_OPAQUE };
enum { P_LT, P_LE, P_GT, P_GE, P_EQ, P_NE };

typedef struct cond {
	int op, pred;
	struct cond *a, *b;
	wp_poly *l, *r;
	char *why; /* opaque: why it is not affine */
	LLVMValueRef at; /* opaque: the branch or switch it comes from (NULL: the guard's) */
} cond;

/* ---------- the kernel context ---------- */
#define WP_MAX_ALSO 4 /* the core's KM_MAX_ALSO */
#define WP_MAX_PHASE 255 /* the core's KM_MAX_PHASE: later phases share the last */
typedef struct loop {
	int header;
	unsigned char *in; /* block membership */
	int parent, depth;
	int atom;          /* loop variable atom */
	int trip_done;
	wp_poly *trip;     /* NULL: unknown */
	char *trip_why;
	LLVMValueRef header_inst;
	/* a geometric loop (geometric.c): its variable, not an iteration
	 * count, is the loop's atom; values start, start >> shift, ... while
	 * above the bound (shift > 0), or start << -shift, ... while below it
	 * (shift < 0). g_why: why its start or bound cannot be used (its
	 * variable then fails with that reason) */
	int geometric;
	int g_shift, g_first_always;
	wp_poly *g_start, *g_bound;
	LLVMValueRef g_phi;
	const char *g_why;
	int count_atom, count_used; /* geometric: the iteration count's atom, and whether used */
	int g_pow2;        /* geometric: every value is a power of two (its start is one) */
	/* geometric: other phis that shift on the back edge, each its own atom
	 * ("also" in the model); also_why: why one cannot be used */
	int n_also;
	LLVMValueRef also_phi[WP_MAX_ALSO];
	int also_shift[WP_MAX_ALSO], also_atom[WP_MAX_ALSO];
	wp_poly *also_start[WP_MAX_ALSO];
	const char *also_why[WP_MAX_ALSO];
} loop;

typedef struct guard_ent {
	LLVMValueRef br;
	int dir;
	cond *c;
} guard_ent;

typedef struct field {
	LLVMValueRef base;
	char *name;
	const char *space;
	int elem_bytes, align;
	int64_t size_bytes;
} field;

typedef struct access {
	LLVMValueRef inst;
	int field;
	const char *kind;
	int bytes;
	wp_poly *off;   /* byte offset; NULL: unanalysable */
	char *why;
	const char *assume; /* unanalysable: "random", "uniform" or "lanes" (docs/kernel-model.md) */
	int64_t *lane_offsets; /* "lanes": 32 byte offsets from lane 0's */
	int64_t contention; /* uniform:B for data-dependent atomics */
	int groups;         /* uniform:B/G: address groups of a warp (0, 1: none) */
	int uses_result;
	int block;
	guard_ent *g;
	int ng;
	int dead; /* merged into another */
	int round; /* global loads: place in the longest chain of load blocks (rounds.c) */
	int phase; /* barriers before it on the longest path from the entry (phases.c) */
	char *loc;
	LLVMValueRef where; /* the instruction remarks name (NULL: inst): an arm's pointer */
} access;

typedef struct K {
	wp_arena *ar;
	wp_atoms at;
	LLVMModuleRef mod;
	LLVMValueRef fn;
	LLVMTargetDataRef td;
	const wp_config *cfg;
	int nb;
	LLVMBasicBlockRef *bb;
	pmap bidx; /* block -> index+1 */
	int **succ, *nsucc, **pred, *npred;
	int *rpo_num, *idom;
	int nl;
	loop *loops;
	int *inner; /* innermost loop of each block, -1 */
	pmap memo;  /* value -> memo */
	/* a select or merge read as one of its operands (select_split.c): for a
	 * select 1 the true one, 0 the false one; for a phi the incoming value's
	 * index; NULL: none */
	LLVMValueRef forced_value;
	int forced_index;
	pmap cmemo; /* value -> cond */
	const char *why;
	int depth;
	field *fields;
	int nf, capf;
	access *acc;
	int na, capa;
	char **assume;
	int nassume, capassume;
	/* parameter atoms that bitwise operations were read with as powers of
	 * two (bitops.c): the model marks them, the core checks their values */
	int pow2_param[8];
	int n_pow2_param;
	/* parameters of the model that are 2^(a kernel argument), from shifts
	 * by that argument (bitops.c): their atoms and the argument's */
	int exp2_atom[8], exp2_src[8];
	int n_exp2;
	cond **jcond;          /* path condition of a block from its immediate dominator */
	unsigned char *jdone;  /* jcond computed (NULL there: true, or not reconstructed) */
	int *phase_in;         /* barrier phase at each block's entry (phases.c; NULL: not yet) */
	int *phase_out;        /* and at its end */
	/* dimensions whose block index a flattened one reads as 0 (launch_infer.c):
	 * one block along them */
	unsigned flat_dims;
} K;

/* ---------- kernel_ctx.c ---------- */
/* Adds an assumption of the model (once). */
void wp_assume(K *k, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
int wp_bindex(K *k, LLVMBasicBlockRef b); /* index of a block */
int wp_block_of(K *k, LLVMValueRef inst); /* index of an instruction's block */
int wp_header_loop(const K *k, int b); /* the loop whose header block b is, or -1 */
/* The longest path from the entry over forward edges (back edges ignored),
 * each block counting weight[b]: in[b] at its start, out[b] at its end,
 * capped at cap. Unreachable blocks get 0. */
void wp_longest_forward_path(const K *k, const int *weight, int cap, int *in, int *out);
/* "file:line:col" of an instruction (arena), NULL without a location. */
char *wp_loc_of(K *k, LLVMValueRef inst);
/* " at file:line:col", or "" without a location. */
const char *wp_where(K *k, LLVMValueRef inst);
const char *wp_callee_name(LLVMValueRef call); /* "" when indirect */
/* Name of argument i of fn: IR name, debug name, the declaration in the
 * source file (names.c), or argN. */
char *wp_arg_name(K *k, LLVMValueRef fn, unsigned i);
/* A global's name as written (field_names.c): a local static's
 * _ZZ<function>E<len><name> gives <name> (with LLVM's .N suffix); else the
 * IR name. Arena-allocated. */
char *wp_global_name(K *k, LLVMValueRef g);
/* `name`, or when longer than the core keeps, its start and a hash of it. */
char *wp_field_name_fit(K *k, char *name);

/* ---------- cfg.c ---------- */
void wp_build_cfg(K *k);
/* The loop's only exiting block, or -1 (none or several). */
int wp_loop_exit(const K *k, const loop *l);
/* Whether block b branches back to l's header. */
int wp_is_latch(const K *k, const loop *l, int b);
int wp_dominates(K *k, int a, int b);
void wp_build_loops(K *k);

/* The comparison (P_*) of an icmp, the P_* of its negation, of the same
 * test with its operands swapped, and its text. */
extern const int wp_pred_neg[];
extern const int wp_pred_swap[];
extern const char *const wp_pred_text[];
int wp_icmp_pred(LLVMValueRef icmp);

#endif
