/* Quasi-affine values: affine forms over the varying variables (tid, ctaid,
 * loops) and over atoms, floor(n / d) and n mod d of such forms by a
 * positive constant d, and min or max of two such forms (clamps: of the
 * block's position, max(ctaid.z * chunk, 1), or of the thread's,
 * min(x + 1, nx - 1)). Thread remaps by constants (the column-based
 * iteration of papers/004: t / col_size, t % col_size, col_t % 32) have this
 * shape once the parameters are bound.
 *
 * Why atoms: a lane evaluates each atom once instead of walking expression
 * trees per access, and blocks whose atom numerators leave the same
 * residues modulo the divisors behave identically up to a translation,
 * so they share one block class (block_eval.c). */
#ifndef WARPEST_QUASI_AFFINE_H
#define WARPEST_QUASI_AFFINE_H

#include "kernel/expr.h"

/* Atoms of one launch. 32 hold the clamps of a 17-tap row filter
 * (min(max(x + k, 0), w - 1), k = -8..8: 25 atoms); past them an access is
 * evaluated lane by lane and its blocks do not group. At most 32: sets of
 * atoms are uint32_t masks (quasi_form_atom_mask). */
#define QUASI_MAX_ATOMS 32
_Static_assert(QUASI_MAX_ATOMS <= 32, "atom masks are 32 bits wide");

typedef struct quasi_form {
	linear_form lin;
	int64_t atom[QUASI_MAX_ATOMS]; /* coefficient of each atom */
} quasi_form;

typedef enum quasi_minmax { quasi_no_minmax, quasi_min, quasi_max } quasi_minmax;

typedef struct quasi_atom {
	int is_mod;         /* n mod d; else floor(n / d) */
	int64_t divisor;    /* d > 0 (1 for min and max) */
	quasi_form num;     /* n: over the varying variables and earlier atoms */
	/* min(n, other) or max(n, other): both free of thread and loop
	 * variables, so every thread of a block sees one value */
	quasi_minmax minmax;
	quasi_form other;
	/* a clamp of the thread's position (min(x + 1, nx - 1)): its operands
	 * depend on the thread but on no loop; blocks where the same operand
	 * wins (or where the kink falls at the same thread) are alike, which
	 * the block classes key (block_eval.c) */
	int thread_dependent;
} quasi_atom;

typedef struct quasi_atoms {
	int n;
	quasi_atom a[QUASI_MAX_ATOMS];
} quasi_atoms;

/* Binds the non-varying symbols of e to env and writes it as a quasi-affine
 * form, adding the atoms it needs to `atoms` (shared by every access of a
 * launch, so equal atoms are evaluated once). Returns 1 on success, 0 when e
 * is not quasi-affine (min/max, products of varying values, a divisor that
 * is not a positive constant, too many atoms); `atoms` may then hold unused
 * atoms. */
int quasi_linearize(const expr *e, const symbol_table *table, const int64_t *env,
	quasi_atoms *atoms, quasi_form *out);

/* The atoms f uses, directly or through other atoms, as a bit mask. */
uint32_t quasi_form_atom_mask(const quasi_form *f, const quasi_atoms *atoms);

/* quasi_atoms_eval for the atoms of `mask` only (a mask closed under the
 * atoms' own uses); the other values are left as they are. */
void quasi_atoms_eval_masked(const quasi_atoms *atoms, const int64_t *v, int64_t *values,
	uint32_t mask);

/* Whether f depends on varying variable v, directly or through its atoms. */
int quasi_form_uses(const quasi_form *f, const quasi_atoms *atoms, int v);

/* Whether some atom of f reads variable v (directly or through others). */
int quasi_atoms_read(const quasi_form *f, const quasi_atoms *atoms, int v);

/* Every atom's value at the varying variables v (values[0..atoms->n)). */
void quasi_atoms_eval(const quasi_atoms *atoms, const int64_t *v, int64_t *values);

/* Floor and mod atoms (no min or max) whose numerator reads no other atom,
 * with the range [lo, hi] its thread and loop part spans over any block
 * (bit i of mask: atom i has one). */
typedef struct quasi_spans {
	uint32_t mask;
	int64_t lo[QUASI_MAX_ATOMS], hi[QUASI_MAX_ATOMS];
} quasi_spans;

/* For the block at coordinates ctaid: each atom's numerator without its
 * thread and loop part, split into residue modulo the divisor and the part
 * every thread of the block adds to the atom (the quotient for floor, 0 for
 * mod, the value for a block-uniform min or max and its first operand's
 * block part for a thread-dependent one, whose residue is 0). Blocks with
 * equal residues (and, for thread-dependent clamps, the same winner
 * pattern) differ by sum atom[i]*offset[i] only.
 * An atom of `spans` (may be NULL) that no thread of the block takes across
 * a multiple of its divisor (residue r, r + lo >= 0, r + hi < d) is the
 * same at every thread up to its offset whatever r is: its residue is -1,
 * and a mod atom's offset is r (its thread part then the numerator's). */
void quasi_atoms_block(const quasi_atoms *atoms, const int64_t *ctaid, const quasi_spans *spans,
	int64_t *residue, int64_t *offset);

/* f without its thread and loop part at the block at ctaid: its atoms by
 * the block's offsets (from quasi_atoms_block; the first n_atoms only). */
int64_t quasi_form_block_part(const quasi_form *f, int n_atoms, const int64_t *ctaid,
	const int64_t *offset);

/* The same where some atom is a thread-dependent clamp, from every thread's
 * atoms (n_threads threads at coordinates tid, loops at 0; written to
 * values[t * atoms->n + i]). A clamp whose one operand wins for every
 * thread has that operand's block part as offset and key (0, 0) or (1, 0);
 * a clamp cut inside the block has its first operand's and key (2, the
 * operands' difference at the first thread), which with the residues fixes
 * the winner at every thread. clamp_key holds 2 entries per atom (0 for
 * the others). */
void quasi_atoms_block_threads(const quasi_atoms *atoms, const int64_t *ctaid,
	const quasi_spans *spans, const int64_t (*tid)[3], int n_threads, int64_t *values,
	int64_t *residue, int64_t *offset, int64_t *clamp_key);

/* varies[i] = 1 where atom i takes different values at the threads of a
 * block: its operands read a thread index or an atom that varies. */
void quasi_atoms_varying(const quasi_atoms *atoms, unsigned char *varies);

/* Whether f reads an atom that varies between a block's threads. */
int quasi_form_reads_varying(const quasi_form *f, int n_atoms, const unsigned char *varies);

/* 1 with f's thread-index coefficients over a block in c, where every atom
 * it reads (of the first n) that varies between threads (varies[j]) is
 * affine over that block (known[j], its coefficients coef[j]); 0 else. */
int quasi_form_thread_coeffs(const quasi_form *f, int n, const unsigned char *varies,
	int64_t (*coef)[3], const unsigned char *known, int64_t *c);

/* Atom i's thread-index coefficients over a block (coef[i], known[i] = 1)
 * where it is affine there: it does not vary between threads; a thread
 * clamp one operand of which wins at every thread (clamp_key[2i] 0 or 1),
 * that operand's; a floor or mod whose numerator is affine with
 * coefficients its divisor divides, those over the divisor (a floor) or
 * none (a mod). Reads the earlier atoms' coef and known. */
void quasi_atom_affine(const quasi_atoms *atoms, int i, const unsigned char *varies,
	const int64_t *clamp_key, int64_t (*coef)[3], unsigned char *known);

/* quasi_atoms_block_threads' residue, offset and clamp_key without walking
 * the threads, where every thread-dependent clamp's operands are affine in
 * the thread index over the block (they read no atom that varies, from
 * quasi_atoms_varying, or only clamps one operand of which wins at every
 * thread, and floors and mods whose divisor divides their numerator's
 * coefficients): the operands' difference then has its range over the
 * block (threads 0..block[d]-1 in each dimension) at the box's corners. The
 * atoms at the first thread go to first_values. Returns 0 (the outputs
 * partly written) where some clamp is not affine: the caller walks the
 * threads. */
int quasi_atoms_block_keys(const quasi_atoms *atoms, const int64_t *ctaid,
	const quasi_spans *spans, const int *block, const unsigned char *varies,
	int64_t *first_values, int64_t *residue, int64_t *offset, int64_t *clamp_key);

static inline int64_t quasi_form_eval(const quasi_form *f, int n_atoms, const int64_t *v,
	const int64_t *atom_values)
{
	int64_t s = linear_form_eval(&f->lin, v);
	for (int i = 0; i < n_atoms; i++)
		s += f->atom[i] * atom_values[i];
	return s;
}

/* A conjunction of constraints `form >= 0` (or `form != 0` where ne) over
 * quasi-affine forms: guards with floor and mod (a warp per row: tid.x / 32
 * < rows) that neither a linear_cond nor a linear_dnf holds. */
typedef struct quasi_cond {
	int n;
	quasi_form f[COND_MAX_CONSTRAINTS];
	unsigned char ne[COND_MAX_CONSTRAINTS];
} quasi_cond;

/* Binds e (comparisons of quasi-affine values under && and !) into out,
 * adding atoms as quasi_linearize does; a comparison of parameters only
 * becomes true (dropped) or false (the constraint -1 >= 0). Returns 1, or 0
 * when e has another shape, needs atoms over loop variables (their values
 * change inside a lane's loop walk) or more than COND_MAX_CONSTRAINTS
 * constraints. */
int quasi_cond_linearize(const expr *e, const symbol_table *table, const int64_t *env,
	quasi_atoms *atoms, quasi_cond *out);

static inline int quasi_cond_holds(const quasi_cond *q, int c, int n_atoms, const int64_t *v,
	const int64_t *atom_values)
{
	int64_t x = quasi_form_eval(&q->f[c], n_atoms, v, atom_values);
	return q->ne[c] ? x != 0 : x >= 0;
}

#endif
