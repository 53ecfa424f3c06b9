/* Ranking: the default sweep of power-of-two block shapes (and the model's
 * variants), evaluated by a pool of threads, sorted by predicted time. */
#include <isl/version.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/ctx.h"
#include "estimate/estimate_impl.h"

warpest_estimate *estimate_compute_plain(warpest_ctx *ctx, const warpest_kernel *kernel,
	const warpest_hw *hw, const warpest_config *config);

const char *warpest_isl_version(void)
{
	return isl_version();
}

void warpest_rank_options_init(warpest_rank_options *o)
{
	memset(o, 0, sizeof(*o));
	o->min_threads = 32;
	o->max_threads = 1024;
	o->threads = 1;
	o->all_variants = 1;
}

/* Whether the model reads the thread index or the block size of dimension
 * d anywhere: addresses, guards, loop bounds, thread counts, grid. */
static int uses_dimension(const warpest_kernel *k, int d)
{
	const int syms[2] = {sym_tid_x + d, sym_ntid_x + d};
	for (int s = 0; s < 2; s++) {
		int sym = syms[s];
		if (expr_uses_symbol(k->guard, sym))
			return 1;
		for (int e = 0; e < 3; e++)
			if (expr_uses_symbol(k->threads[e], sym) || expr_uses_symbol(k->grid[e], sym))
				return 1;
		for (int i = 0; i < k->n_loops; i++)
			if (expr_uses_symbol(k->loops[i].lower, sym) || expr_uses_symbol(k->loops[i].upper, sym))
				return 1;
		for (int i = 0; i < k->n_accesses; i++)
			if (expr_uses_symbol(k->accesses[i].offset, sym) ||
			    expr_uses_symbol(k->accesses[i].guard, sym))
				return 1;
	}
	return 0;
}

typedef struct rank_entry {
	warpest_config config;
	char variant[64];
	warpest_summary summary;
	int ok;
	int over_limit;          /* left out: past the work limit */
} rank_entry;

struct warpest_ranking {
	int n;
	int n_over_limit;
	rank_entry *entries;
};

typedef struct rank_job {
	const warpest_kernel *kernel;
	const warpest_hw *hw;
	rank_entry *entries;
	int n;
	int next, done;
	pthread_mutex_t lock;
	const warpest_rank_options *options;
} rank_job;

static void *rank_worker(void *arg)
{
	rank_job *job = arg;
	warpest_ctx ctx = {{0}, 0};
	for (;;) {
		pthread_mutex_lock(&job->lock);
		int i = job->next++;
		pthread_mutex_unlock(&job->lock);
		if (i >= job->n)
			return NULL;
		rank_entry *r = &job->entries[i];
		ctx.over_limit = 0;
		warpest_estimate *e = estimate_compute_plain(&ctx, job->kernel, job->hw, &r->config);
		r->over_limit = !e && ctx.over_limit;
		if (e) {
			r->summary = e->summary;
			memcpy(r->config.grid, e->launch.grid, sizeof(r->config.grid));
			r->ok = 1;
			warpest_estimate_free(e);
		}
		pthread_mutex_lock(&job->lock);
		int done = ++job->done;
		if (job->options->progress)
			job->options->progress(job->options->user, done, job->n);
		pthread_mutex_unlock(&job->lock);
	}
}

static int cmp_entry(const void *a, const void *b)
{
	const rank_entry *x = a, *y = b;
	if (x->ok != y->ok)
		return y->ok - x->ok;
	double tx = x->summary.predicted_seconds, ty = y->summary.predicted_seconds;
	return tx < ty ? -1 : tx > ty;
}

warpest_ranking *warpest_rank(warpest_ctx *ctx, const warpest_kernel *kernel,
	const warpest_hw *hw, const warpest_config *base, const warpest_rank_options *options)
{
	warpest_rank_options defaults;
	if (!options) {
		warpest_rank_options_init(&defaults);
		options = &defaults;
	}
	int n_var = options->all_variants && kernel->n_variants > 0 ? kernel->n_variants : 1;
	int cap = 11 * 11 * 11 * n_var;
	rank_entry *entries = calloc((size_t)cap, sizeof(rank_entry));
	warpest_ranking *ranking = calloc(1, sizeof(*ranking));
	if (!entries || !ranking) {
		free(entries);
		free(ranking);
		ctx_error(ctx, "out of memory");
		return NULL;
	}
	int n = 0;
	int max_block = (int)hw->max_threads_per_block.value;
	/* a dimension the kernel never reads only repeats its threads */
	int max_y = options->all_shapes || uses_dimension(kernel, 1) ? 1024 : 1;
	int max_z = options->all_shapes || uses_dimension(kernel, 2) ? 64 : 1;
	for (int v = 0; v < n_var; v++)
		for (int x = 1; x <= 1024; x *= 2)
			for (int y = 1; y <= max_y; y *= 2)
				for (int z = 1; z <= max_z; z *= 2) {
					int t = x * y * z;
					if (t < options->min_threads || t > options->max_threads || t > max_block)
						continue;
					rank_entry *r = &entries[n++];
					r->config = *base;
					r->config.block[0] = x;
					r->config.block[1] = y;
					r->config.block[2] = z;
					memset(r->config.grid, 0, sizeof(r->config.grid));
					if (options->all_variants && kernel->n_variants > 0) {
						snprintf(r->variant, sizeof(r->variant), "%s", kernel->variants[v].name);
						r->config.variant = NULL; /* set after the array stops moving */
					}
				}
	for (int i = 0; i < n; i++)
		if (entries[i].variant[0])
			entries[i].config.variant = entries[i].variant;
	rank_job job = {kernel, hw, entries, n, 0, 0, PTHREAD_MUTEX_INITIALIZER, options};
	int n_threads = options->threads < 1 ? 1 : options->threads > 64 ? 64 : options->threads;
	pthread_t threads[64];
	int started = 0;
	for (int i = 1; i < n_threads; i++)
		if (pthread_create(&threads[started], NULL, rank_worker, &job) == 0)
			started++;
	rank_worker(&job);
	for (int i = 0; i < started; i++)
		pthread_join(threads[i], NULL);
	qsort(entries, (size_t)n, sizeof(rank_entry), cmp_entry);
	/* sorting moved the variant strings: point the configs at their own copies */
	int ok = 0;
	for (int i = 0; i < n; i++) {
		entries[i].config.variant = entries[i].variant[0] ? entries[i].variant : NULL;
		ok += entries[i].ok;
		ranking->n_over_limit += entries[i].over_limit;
	}
	if (ok == 0) {
		/* report why the first configuration failed */
		warpest_estimate *e = estimate_compute_plain(ctx, kernel, hw, &entries[0].config);
		warpest_estimate_free(e);
		if (!warpest_ctx_last_error(ctx)[0])
			ctx_error(ctx, "kernel '%s': no configuration of the sweep can be evaluated", kernel->name);
		free(entries);
		free(ranking);
		return NULL;
	}
	ranking->n = ok;
	ranking->entries = entries;
	return ranking;
}

void warpest_ranking_free(warpest_ranking *r)
{
	if (!r)
		return;
	free(r->entries);
	free(r);
}

int warpest_ranking_size(const warpest_ranking *r)
{
	return r->n;
}

int warpest_ranking_n_over_limit(const warpest_ranking *r)
{
	return r->n_over_limit;
}

const warpest_config *warpest_ranking_config(const warpest_ranking *r, int i)
{
	return i >= 0 && i < r->n ? &r->entries[i].config : NULL;
}

const warpest_summary *warpest_ranking_summary(const warpest_ranking *r, int i)
{
	return i >= 0 && i < r->n ? &r->entries[i].summary : NULL;
}
