/* Runs of blocks along a grid row that share their class key up to the
 * groups' offsets modulo 128 (block_eval.h: block_evaluator_same_run): a
 * wave's statistics visit one period of each run and count the rest. */
#include "cache/block_eval_impl.h"

static int64_t gcd64(int64_t a, int64_t b)
{
	a = a < 0 ? -a : a, b = b < 0 ? -b : b;
	while (b) {
		int64_t t = a % b;
		a = b, b = t;
	}
	return a;
}

void block_runs_init(block_evaluator *ev)
{
	const launch *l = ev->l;
	/* keys along x change only with the linear constraints' verdicts and,
	 * periodically, the groups' offsets modulo 128 */
	ev->x_runs = ev->cached && l->atoms.n == 0 && ev->n_qconstraints == 0 && !ev->has_thread_clamps &&
		ev->block_loops == 0;
	ev->x_period = 1;
	for (int g = 0; g < l->n_groups && ev->x_runs; g++) {
		int64_t p = 128 / gcd64(128, ev->group_coeff[g][0]);
		ev->x_period = ev->x_period / gcd64(ev->x_period, p) * p; /* divides 128 */
	}
}

int64_t block_evaluator_x_period(const block_evaluator *ev)
{
	return ev->x_period;
}

/* Steps of `a` (!= 0) a constraint's range [lo, hi] over a block may move
 * before its verdict (constraint_key) changes: 0 where it is cut (its key
 * holds the block's value, which moves at once). */
static int64_t verdict_steps(int ne, int64_t lo, int64_t hi, int64_t a)
{
	if (ne ? lo > 0 : lo >= 0) /* true: until lo falls below its bound */
		return a > 0 ? INT64_MAX : (ne ? lo - 1 : lo) / -a; /* both >= 0 */
	if (hi < 0) /* false for ge, true for ne: until hi reaches 0 */
		return a < 0 ? INT64_MAX : (-hi - 1) / a;
	return 0;
}

int64_t block_evaluator_same_run(const block_evaluator *ev)
{
	if (!ev->x_runs || ev->last_id < 0)
		return 0;
	const int64_t *c = ev->last_c;
	int64_t run = ev->l->grid[0] - 1 - c[0];
	for (int j = 0; j < ev->n_constraints && run > 0; j++) {
		const linear_form *f = &ev->constraints[j];
		int64_t a = f->coeff[3];
		if (!a)
			continue;
		int64_t v = f->c0 + f->coeff[3] * c[0] + f->coeff[4] * c[1] + f->coeff[5] * c[2];
		int64_t steps = verdict_steps(ev->constraint_ne[j], v + ev->constraint_span[j][0],
			v + ev->constraint_span[j][1], a);
		if (steps < run)
			run = steps;
	}
	return run;
}
