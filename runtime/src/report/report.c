#define _POSIX_C_SOURCE 200809L
/* The estimate as JSON (docs/report-format.md) and as a readable table.
 * Every hardware figure used is cited with its provenance. */
#include <json-c/json.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cache/tlb.h"
#include "estimate/estimate_impl.h"

static const char *const kind_names[] = {"load", "store", "atomic", "cas"};
static const char *const space_names[] = {"global", "shared", "local", "constant"};
static const char *const assume_names[] = {"none", "random", "uniform", "lanes"};

static json_object *xyz(const int *v)
{
	json_object *a = json_object_new_array();
	for (int d = 0; d < 3; d++)
		json_object_array_add(a, json_object_new_int(v[d]));
	return a;
}

static void put_d(json_object *o, const char *k, double v)
{
	json_object_object_add(o, k, json_object_new_double(v));
}

static void put_i(json_object *o, const char *k, int64_t v)
{
	json_object_object_add(o, k, json_object_new_int64(v));
}

static void put_s(json_object *o, const char *k, const char *v)
{
	json_object_object_add(o, k, json_object_new_string(v));
}

static const char *limiter_source(const warpest_estimate *e, int i, char *buf, size_t n)
{
	const warpest_hw *hw = e->hw;
	switch (i) {
	case warpest_limiter_l1:
		snprintf(buf, n, "L1 cycles / (sm_count * clock_mhz); sm_count: %s",
			hw->sm_count.provenance);
		break;
	case warpest_limiter_l2:
		snprintf(buf, n, "l2_bandwidth %.0f GB/s: %s", hw->l2_bandwidth.value / 1e9,
			hw->l2_bandwidth.provenance);
		break;
	case warpest_limiter_dram:
		snprintf(buf, n, "dram_bandwidth %.0f GB/s: %s", hw->dram_bandwidth.value / 1e9,
			hw->dram_bandwidth.provenance);
		break;
	case warpest_limiter_compute: {
		/* the table value of the pipe that binds, with its own provenance */
		static const struct { const char *pipe, *key; size_t offset; } pipes[] = {
			{"fp64", "fp64_per_cycle", offsetof(warpest_hw, fp64_per_cycle)},
			{"fp32", "fp32_per_cycle", offsetof(warpest_hw, fp32_per_cycle)},
			{"int", "int_add_per_cycle", offsetof(warpest_hw, int_add_per_cycle)},
			{"sfu", "sfu_per_cycle", offsetof(warpest_hw, sfu_per_cycle)},
			{"ldst", "ldst_per_cycle", offsetof(warpest_hw, ldst_per_cycle)},
		};
		snprintf(buf, n, "%s: %d warp schedulers per SM, one warp-instruction each per cycle "
			"(Volta to Hopper SM diagrams)", e->compute.dominant, SCHEDULERS_PER_SM);
		for (size_t p = 0; p < sizeof(pipes) / sizeof(pipes[0]); p++)
			if (strcmp(e->compute.dominant, pipes[p].pipe) == 0) {
				const hw_value *v = (const hw_value *)((const char *)hw + pipes[p].offset);
				snprintf(buf, n, "%s pipe; %s %g per SM and cycle: %s", pipes[p].pipe,
					pipes[p].key, v->value, v->provenance);
			}
		break;
	}
	default:
		snprintf(buf, n, "atomic T(n,e,c): %s", hw->atomics.provenance);
	}
	return buf;
}

/* The register-spill term (docs/model.md "Register spills"): only where
 * spill figures were given. */
static json_object *spill_json(const spill_result *sp)
{
	static const struct { const char *key; size_t offset; } figures[] = {
		{"static_store_bytes_per_thread", offsetof(spill_result, static_store_bytes)},
		{"static_load_bytes_per_thread", offsetof(spill_result, static_load_bytes)},
		{"stack_frame_bytes_per_thread", offsetof(spill_result, stack_frame_bytes)},
		{"op_factor", offsetof(spill_result, op_factor)},
		{"store_bytes_per_thread", offsetof(spill_result, store_bytes)},
		{"load_bytes_per_thread", offsetof(spill_result, load_bytes)},
		{"l1_data_wavefronts", offsetof(spill_result, wavefronts)},
		{"l1_cycles", offsetof(spill_result, l1_cycles)},
		{"warp_instructions", offsetof(spill_result, warp_instructions)},
		{"footprint_bytes_per_sm", offsetof(spill_result, footprint_bytes)},
		{"l1_left_bytes", offsetof(spill_result, l1_left_bytes)},
		{"l2_share", offsetof(spill_result, l2_share)},
	};
	json_object *o = json_object_new_object();
	put_s(o, "source", sp->source);
	for (size_t i = 0; i < sizeof(figures) / sizeof(figures[0]); i++)
		put_d(o, figures[i].key, *(const double *)((const char *)sp + figures[i].offset));
	/* spills hit L1: nothing of theirs reaches L2 (docs/report-format.md) */
	put_d(o, "l2_load_bytes", 0);
	put_d(o, "l2_store_bytes", 0);
	return o;
}

static json_object *build_json(const warpest_estimate *e)
{
	const launch *l = &e->launch;
	const warpest_summary *s = &e->summary;
	const memory_result *m = &e->mem;
	const warpest_hw *hw = e->hw;
	double sector = hw->sector_bytes.value;
	json_object *root = json_object_new_object();
	put_s(root, "format", "warpest-report");
	put_i(root, "version", 1);
	put_s(root, "kernel", e->kernel->name);
	put_s(root, "gpu", hw->id);
	put_s(root, "gpu_name", hw->name);
	char cc[16];
	snprintf(cc, sizeof cc, "%d.%d", hw->cc_major, hw->cc_minor);
	put_s(root, "compute_capability", cc);

	json_object *cfg = json_object_new_object();
	json_object_object_add(cfg, "block", xyz(l->block));
	json_object_object_add(cfg, "grid", xyz(l->grid));
	put_s(cfg, "variant", e->variant);
	json_object *params = json_object_new_object();
	for (int i = 0; i < e->kernel->n_params; i++) {
		int sym = e->kernel->param_syms[i];
		put_i(params, e->kernel->symbols.names[sym], l->env[sym]);
	}
	json_object_object_add(cfg, "params", params);
	put_i(cfg, "registers", l->registers);
	put_i(cfg, "shared_bytes", l->shared_per_block);
	json_object_object_add(root, "config", cfg);

	json_object *occ = json_object_new_object();
	put_i(occ, "blocks_per_sm", l->blocks_per_sm);
	put_i(occ, "warps_per_sm", l->warps_per_sm);
	put_s(occ, "limited_by", occupancy_limit_names[l->limited_by]);
	put_i(occ, "max_warps_per_sm", (int64_t)hw->max_warps_per_sm.value);
	put_d(occ, "l1_capacity_bytes", l->l1_capacity_bytes);
	json_object_object_add(root, "occupancy", occ);

	json_object *wave = json_object_new_object();
	put_i(wave, "blocks", l->wave_blocks);
	put_i(wave, "threads", (int64_t)l->wave_blocks * l->threads_per_block);
	put_d(wave, "waves", l->waves);
	put_i(wave, "representative_first_block", l->rep_wave_first);
	put_i(wave, "block_classes", m->n_classes);
	put_i(wave, "distinct_waves_evaluated", m->waves_evaluated);
	put_i(wave, "waves_represented", m->waves_represented);
	put_i(wave, "wave_classes", m->wave_classes);
	json_object_object_add(wave, "sampled", json_object_new_boolean(m->waves_sampled));
	json_object *classes = json_object_new_array();
	for (int i = 0; i < m->n_wave_entries; i++) {
		const evaluated_wave *c = &m->wave_entry[i];
		json_object *o = json_object_new_object();
		put_i(o, "first_block", c->first);
		put_i(o, "blocks", c->blocks);
		put_i(o, "stands_for", c->stands_for);
		put_s(o, "dram", c->how);
		json_object_array_add(classes, o);
	}
	json_object_object_add(wave, "evaluated", classes);
	/* only when blocks were sampled (docs/model.md §1): reports of exact
	 * estimates stay as they were */
	if (m->sample_runs) {
		json_object *bs = json_object_new_object();
		put_i(bs, "blocks", m->sample_blocks);
		put_i(bs, "of", m->sample_of);
		put_i(bs, "runs", m->sample_runs);
		put_i(bs, "run_blocks", m->sample_run_blocks);
		put_d(bs, "bound", m->sample_bound);
		json_object_object_add(wave, "block_sample", bs);
	}
	json_object_object_add(root, "wave", wave);
	put_i(root, "active_threads", s->active_threads);

	json_object *met = json_object_new_object();
	double ld_requests = 0, ld_sectors = 0, atom_shared = 0;
	for (int i = 0; i < l->n_accesses; i++) {
		const bound_access *b = &l->accesses[i];
		if (b->field->space == km_space_global && b->src->kind == km_load) {
			ld_requests += e->access[i].instructions * e->scale;
			ld_sectors += e->access[i].sectors * e->scale;
		}
		if (b->field->space == km_space_shared && b->src->kind >= km_atomic)
			atom_shared += e->access[i].instructions * e->scale;
	}
	put_d(met, "l1_data_wavefronts", s->l1_data_wavefronts);
	put_d(met, "l1_tag_wavefronts_global_ld", s->l1_tag_wavefronts);
	put_d(met, "l1_global_ld_requests", ld_requests);
	put_d(met, "l1_global_ld_sectors", ld_sectors);
	put_d(met, "l2_load_sectors", s->l2_load_bytes / sector);
	put_d(met, "l2_store_sectors", s->l2_store_bytes / sector);
	put_d(met, "dram_read_bytes", s->dram_load_bytes);
	put_d(met, "dram_write_bytes", s->dram_store_bytes);
	put_d(met, "shared_atomic_instructions", atom_shared);
	put_d(met, "time_seconds", s->predicted_seconds);
	json_object_object_add(root, "metrics", met);

	json_object *pt = json_object_new_object();
	double t = s->active_threads > 0 ? (double)s->active_threads : 1;
	put_d(pt, "l1_cycles", s->l1_cycles_per_thread);
	put_d(pt, "l2_load_bytes", s->l2_load_bytes / t);
	put_d(pt, "l2_store_bytes", s->l2_store_bytes / t);
	put_d(pt, "dram_load_bytes", s->dram_load_bytes / t);
	put_d(pt, "dram_store_bytes", s->dram_store_bytes / t);
	put_d(pt, "flops", s->flops / t);
	json_object_object_add(root, "per_thread", pt);

	json_object *mem = json_object_new_object();
	put_d(mem, "wave_compulsory_load_bytes", m->wave_load_units_bytes);
	put_d(mem, "wave_dram_load_bytes", m->wave_dram_load_bytes);
	put_d(mem, "wave_store_bytes", m->wave_store_bytes);
	put_d(mem, "wave_fill_bytes", m->wave_fill_bytes);
	put_d(mem, "wave_requested_load_sectors", m->wave_requested_load_sectors);
	put_d(mem, "wave_unique_load_sectors", m->wave_unique_load_sectors);
	put_d(mem, "wave_l1_capacity_miss_sectors", m->wave_l1_capacity_miss_sectors);
	put_d(mem, "l1_oversubscription", m->l1_oversubscription);
	put_d(mem, "l1_capacity_hit_rate", m->l1_capacity_hit_rate);
	json_object_object_add(mem, "l1_capacity_argument", json_object_new_string(
		m->l1_reuse_block >= 0 ? "reuse distances" : "allocation"));
	if (m->l1_reuse_block >= 0) {
		put_i(mem, "l1_reuse_block", m->l1_reuse_block);
		put_d(mem, "l1_reuse_distance_lines", m->l1_reuse_distance_lines);
	} else if (m->l1_reuse_none)
		json_object_object_add(mem, "l1_reuse_none", json_object_new_string(m->l1_reuse_none));
	put_d(mem, "l2_duplication", m->l2_duplication);
	put_d(mem, "l2_capacity_bytes", m->l2_capacity_bytes);
	put_d(mem, "waves", e->scale);
	put_d(mem, "reported_wave_compulsory_load_bytes", m->rep_load_units_bytes);
	put_d(mem, "reported_wave_dram_load_bytes", m->rep_dram_load_bytes);
	put_d(mem, "reported_wave_store_bytes", m->rep_store_bytes);
	put_d(mem, "reported_wave_tlb_pages", m->wave_tlb_pages);
	put_d(mem, "tlb_page_bytes", (double)TLB_PAGE_BYTES);
	json_object_object_add(root, "memory", mem);
	if (e->spill.present)
		json_object_object_add(root, "spill", spill_json(&e->spill));

	json_object *lims = json_object_new_array();
	char buf[512];
	for (int i = 0; i < warpest_n_limiters; i++) {
		json_object *li = json_object_new_object();
		put_s(li, "name", warpest_limiter_name((warpest_limiter)i));
		put_d(li, "seconds", s->limiter_seconds[i]);
		put_d(li, "utilisation", e->limiter_utilisation[i]);
		put_s(li, "source", limiter_source(e, i, buf, sizeof(buf)));
		json_object_array_add(lims, li);
	}
	json_object_object_add(root, "limiters", lims);
	/* what the compute limiter counted: its dominant pipe, the issue limit's
	 * warp-instructions, the operations by kind (per launch) */
	json_object *comp = json_object_new_object();
	put_s(comp, "dominant", e->compute.dominant);
	put_d(comp, "issue_seconds", e->compute.issue_seconds);
	put_d(comp, "warp_instructions", e->compute.warp_instructions);
	put_s(comp, "instructions_from", e->compute.from_binary ? "thread_instructions (the binary)" : "the model");
	json_object *ops = json_object_new_object();
	for (int op = 0; op < km_n_ops; op++)
		put_d(ops, km_op_names[op], e->compute.ops[op]);
	json_object_object_add(comp, "ops", ops);
	json_object_object_add(root, "compute", comp);
	/* the inputs of the latency term and the overlap (docs/model.md §8) */
	json_object *lat = json_object_new_object();
	json_object_object_add(lat, "applied", json_object_new_boolean(e->latency.applied));
	put_d(lat, "rounds", e->latency.rounds);
	put_d(lat, "round_latency_cycles", e->latency.round_latency_cycles);
	put_d(lat, "resident_warps", e->latency.resident_warps);
	put_d(lat, "saturation_warps", e->latency.saturation_warps);
	put_d(lat, "overlap", e->overlap);
	put_i(lat, "barrier_phases", e->barriers.phases);
	put_d(lat, "resident_blocks", e->barriers.resident_blocks);
	put_d(lat, "serial_weight", e->barriers.weight);
	put_d(lat, "serial_seconds", e->barriers.serial_seconds);
	json_object_object_add(root, "latency", lat);
	put_d(root, "predicted_seconds", s->predicted_seconds);
	put_s(root, "bottleneck", warpest_limiter_name(s->bottleneck));

	json_object *lc = json_object_new_array();
	for (int i = 0; i < m->n_reuse; i++) {
		const reuse_distance *r = &m->reuse[i];
		json_object *o = json_object_new_object();
		put_i(o, "waves_back", r->waves_back);
		put_d(o, "reused_bytes", r->reused_bytes);
		put_d(o, "volume_bytes", r->volume_bytes);
		put_d(o, "capacity_bytes", m->l2_capacity_bytes);
		put_d(o, "oversubscription", r->oversubscription);
		put_d(o, "hit_rate", r->hit_rate);
		json_object_object_add(o, "fits", json_object_new_boolean(r->fits));
		put_s(o, "plane_field", m->plane_field);
		put_d(o, "plane_elements", m->plane_elements);
		put_d(o, "max_plane_elements", r->max_plane);
		json_object_array_add(lc, o);
	}
	json_object_object_add(root, "layer_conditions", lc);

	if (e->atomic.present) {
		const atomic_result *a = &e->atomic;
		json_object *o = json_object_new_object();
		put_d(o, "instructions_per_sm", a->instructions_per_sm);
		put_d(o, "resident_warps", a->resident_warps);
		put_d(o, "effective_e", a->active_lanes);
		put_d(o, "cas_fraction", a->cas_fraction);
		put_d(o, "service_cycles", a->service_cycles);
		put_d(o, "busy_cycles_per_sm", a->busy_cycles_per_sm);
		put_d(o, "utilisation", a->utilisation);
		put_s(o, "contention_assumption", a->assumption);
		json_object_object_add(o, "provisional_table", json_object_new_boolean(a->provisional));
		json_object_object_add(root, "shared_atomics", o);
	}

	json_object *accs = json_object_new_array();
	for (int i = 0; i < e->n_rows; i++) {
		const bound_access *b = e->row_access[i];
		const access_stats *a = &e->rows[i];
		json_object *o = json_object_new_object();
		put_i(o, "index", i);
		put_s(o, "field", b->field->name);
		put_s(o, "space", space_names[b->field->space]);
		put_s(o, "kind", kind_names[b->src->kind]);
		put_i(o, "bytes", b->src->bytes);
		put_s(o, "loc", b->src->loc);
		json_object_object_add(o, "analysable", json_object_new_boolean(b->src->analysable));
		if (!b->src->analysable)
			put_s(o, "reason", b->src->reason);
		/* an unanalysed access counted under an assumption: which, and its
		 * figures under it (assumed.c) */
		int assumed = !b->src->analysable && b->src->assume != km_assume_none;
		if (assumed)
			put_s(o, "assume", assume_names[b->src->assume]);
		double n = a->instructions > 0 ? a->instructions : 1;
		put_d(o, "warp_instructions", a->instructions * e->scale);
		put_d(o, "active_lanes_per_instruction", a->lanes / n);
		if (b->src->analysable && b->field->space == km_space_constant) {
			put_d(o, "constant_cache_passes_per_instruction", a->data_wavefronts / n);
			json_object_object_add(o, "operand", json_object_new_boolean(b->src->operand));
		} else if (b->src->analysable || assumed) {
			put_d(o, "data_wavefronts_per_instruction", a->data_wavefronts / n);
			if (b->field->space == km_space_global) {
				put_d(o, "tag_wavefronts_per_instruction", a->tag_wavefronts / n);
				put_d(o, "sectors_per_request", a->sectors / n);
			}
			put_d(o, "l1_cycles_per_instruction", a->cycles / n);
		}
		json_object_array_add(accs, o);
	}
	json_object_object_add(root, "accesses", accs);

	json_object *nb = json_object_new_array();
	for (int i = 0; i < e->n_neighbours; i++) {
		json_object *o = json_object_new_object();
		json_object_object_add(o, "block", xyz(e->neighbours[i].block));
		put_s(o, "variant", e->neighbours[i].variant);
		put_d(o, "predicted_seconds", e->neighbours[i].seconds);
		put_d(o, "gain", e->neighbours[i].gain);
		put_s(o, "bottleneck", warpest_limiter_name(e->neighbours[i].bottleneck));
		json_object_array_add(nb, o);
	}
	json_object_object_add(root, "neighbours", nb);

	json_object *as = json_object_new_array();
	for (int i = 0; i < e->assumptions.n; i++)
		json_object_array_add(as, json_object_new_string(e->assumptions.text[i]));
	json_object_object_add(root, "assumptions", as);
	return root;
}

char *warpest_estimate_to_json(const warpest_estimate *e)
{
	json_object *root = build_json(e);
	char *text = strdup(json_object_to_json_string_ext(root,
		JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_SPACED | JSON_C_TO_STRING_NOSLASHESCAPE));
	json_object_put(root);
	return text;
}

/* ---- text ---- */

typedef struct text {
	char *buf;
	size_t len, cap;
} text;

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static void tprintf(text *t, const char *fmt, ...)
{
	va_list ap;
	for (;;) {
		va_start(ap, fmt);
		int n = vsnprintf(t->buf ? t->buf + t->len : NULL, t->buf ? t->cap - t->len : 0, fmt, ap);
		va_end(ap);
		if (n < 0)
			return;
		if (t->buf && t->len + (size_t)n < t->cap) {
			t->len += (size_t)n;
			return;
		}
		size_t cap = t->cap ? t->cap * 2 : 4096;
		while (cap < t->len + (size_t)n + 1)
			cap *= 2;
		char *grown = realloc(t->buf, cap);
		if (!grown)
			return;
		t->buf = grown;
		t->cap = cap;
	}
}

static void human_bytes(double b, char *buf, size_t n)
{
	const char *units[] = {"B", "kB", "MB", "GB", "TB"};
	int u = 0;
	while (b >= 1000 && u < 4) {
		b /= 1000;
		u++;
	}
	snprintf(buf, n, "%.3g %s", b, units[u]);
}

char *warpest_estimate_to_text(const warpest_estimate *e)
{
	const launch *l = &e->launch;
	const warpest_summary *s = &e->summary;
	const memory_result *m = &e->mem;
	const warpest_hw *hw = e->hw;
	text t = {0};
	double th = s->active_threads > 0 ? (double)s->active_threads : 1;
	char a[32], b[32];
	tprintf(&t, "kernel %s on %s (%s)\n", e->kernel->name, hw->id, hw->name);
	tprintf(&t, "  block %dx%dx%d, grid %dx%dx%d%s%s\n", l->block[0], l->block[1], l->block[2],
		l->grid[0], l->grid[1], l->grid[2], e->variant[0] ? ", variant " : "", e->variant);
	tprintf(&t, "  params:");
	for (int i = 0; i < e->kernel->n_params; i++) {
		int sym = e->kernel->param_syms[i];
		tprintf(&t, " %s=%lld", e->kernel->symbols.names[sym], (long long)l->env[sym]);
	}
	tprintf(&t, "\n  occupancy: %d blocks/SM (%d warps, limited by %s); wave %d blocks; %.1f waves; "
		"%lld active threads\n", l->blocks_per_sm, l->warps_per_sm,
		occupancy_limit_names[l->limited_by], l->wave_blocks, l->waves,
		(long long)s->active_threads);
	tprintf(&t, "waves: %d distinct evaluated, standing for all %lld (%lld classes%s)\n",
		m->waves_evaluated, (long long)m->waves_represented, (long long)m->wave_classes,
		m->waves_sampled ? ", a stratified subset" : ", every class");
	if (m->sample_runs)
		tprintf(&t, "blocks: sampled %lld of %lld per wave (%d runs of %lld), ±%.1f %% "
			"(2 standard errors between runs%s)\n", (long long)m->sample_blocks,
			(long long)m->sample_of, m->sample_runs, (long long)m->sample_run_blocks,
			100 * m->sample_bound, m->sample_run_blocks > 1 ? "" : "; runs of one block: data "
			"neighbouring blocks share not seen");
	/* reported, not costed: no TLB measurement to calibrate a limiter with */
	if (m->wave_tlb_pages >= 0)
		tprintf(&t, "TLB: %.0f pages of 2 MiB touched by the wave at block %lld (reported only, "
			"not in the time)\n", m->wave_tlb_pages, (long long)m->rep_first);
	tprintf(&t, "\n");
	tprintf(&t, "volumes                       per thread        per launch\n");
	tprintf(&t, "  L1 cycles                %12.3f      %12.4g\n", s->l1_cycles_per_thread,
		s->l1_cycles_per_thread * th);
	tprintf(&t, "  L1 data wavefronts       %12.3f      %12.4g\n", s->l1_data_wavefronts / th,
		s->l1_data_wavefronts);
	human_bytes(s->l2_load_bytes, a, sizeof(a));
	tprintf(&t, "  L2->L1 load              %10.2f B      %12s\n", s->l2_load_bytes / th, a);
	human_bytes(s->l2_store_bytes, a, sizeof(a));
	tprintf(&t, "  L1->L2 store             %10.2f B      %12s\n", s->l2_store_bytes / th, a);
	human_bytes(s->dram_load_bytes, a, sizeof(a));
	tprintf(&t, "  DRAM load                %10.2f B      %12s\n", s->dram_load_bytes / th, a);
	human_bytes(s->dram_store_bytes, a, sizeof(a));
	tprintf(&t, "  DRAM store               %10.2f B      %12s\n", s->dram_store_bytes / th, a);
	tprintf(&t, "  flops                    %12.2f      %12.4g\n\n", s->flops / th, s->flops);
	tprintf(&t, "limiter          time        share   source\n");
	char src[512];
	for (int i = 0; i < warpest_n_limiters; i++)
		tprintf(&t, "  %-13s %9.3f ms  %5.1f %%  %s\n", warpest_limiter_name((warpest_limiter)i),
			s->limiter_seconds[i] * 1e3, 100 * e->limiter_utilisation[i],
			limiter_source(e, i, src, sizeof(src)));
	tprintf(&t, "\nprediction %.3f ms, bottleneck: %s\n", s->predicted_seconds * 1e3,
		warpest_limiter_name(s->bottleneck));
	if (e->atomic.present)
		tprintf(&t, "shared-memory atomic unit: utilisation U = %.1f %%, S = %.2f cycles, N = %.4g "
			"per SM, n = %.0f, e = %.2f; contention: %s%s\n", 100 * e->atomic.utilisation,
			e->atomic.service_cycles, e->atomic.instructions_per_sm, e->atomic.resident_warps,
			e->atomic.active_lanes, e->atomic.assumption,
			e->atomic.provisional ? " [provisional T table]" : "");
	if (e->spill.present) {
		const spill_result *sp = &e->spill;
		human_bytes(sp->footprint_bytes, a, sizeof(a));
		human_bytes(sp->l1_left_bytes, b, sizeof(b));
		tprintf(&t, "register spills (%s): %.0f B stored + %.0f B loaded per thread static, "
			"%.4g + %.4g dynamic (x%.4g); %.4g L1 wavefronts per thread; ", sp->source,
			sp->static_store_bytes, sp->static_load_bytes, sp->store_bytes, sp->load_bytes,
			sp->op_factor, sp->wavefronts / th);
		if (sp->stack_frame_bytes < 0)
			tprintf(&t, "stack frame unknown: all in L1\n");
		else
			tprintf(&t, "stack frames %s per SM beside %s of L1 (spills taken to hit L1)\n", a, b);
	}
	if (m->n_reuse) {
		human_bytes(m->l2_capacity_bytes, a, sizeof(a));
		tprintf(&t, "\nlayer conditions of the wave at block %lld (standing for the most waves; "
			"reuse from earlier waves; effective L2 %s)\n", (long long)m->rep_first, a);
		for (int i = 0; i < m->n_reuse; i++) {
			const reuse_distance *r = &m->reuse[i];
			human_bytes(r->reused_bytes, a, sizeof(a));
			human_bytes(r->volume_bytes, b, sizeof(b));
			tprintf(&t, "  %2d wave(s) back: %10s reused, needs %10s: %s (hit %.0f %%)", r->waves_back,
				a, b, r->fits ? "fits" : "does not fit", 100 * r->hit_rate);
			if (r->max_plane > 0)
				tprintf(&t, "; holds while the %s plane <= %.3g elements", m->plane_field,
					r->max_plane);
			tprintf(&t, "\n");
		}
	}
	tprintf(&t, "\naccesses\n");
	for (int i = 0; i < e->n_rows; i++) {
		const bound_access *ba = e->row_access[i];
		const access_stats *as = &e->rows[i];
		double n = as->instructions > 0 ? as->instructions : 1;
		tprintf(&t, "  [%d] %-6s %s %s %dB %s: ", i, kind_names[ba->src->kind],
			space_names[ba->field->space], ba->field->name, ba->src->bytes,
			ba->src->loc[0] ? ba->src->loc : "");
		if (!ba->src->analysable && ba->src->assume != km_assume_none &&
		    ba->field->space == km_space_global)
			tprintf(&t, "not analysed: %s; assumed %s: %.2f data + %.2f tag wavefronts, %.2f "
				"sectors/request\n", ba->src->reason, assume_names[ba->src->assume],
				as->data_wavefronts / n, as->tag_wavefronts / n, as->sectors / n);
		else if (!ba->src->analysable)
			tprintf(&t, "not analysed: %s\n", ba->src->reason);
		else if (ba->field->space == km_space_global)
			tprintf(&t, "%.2f data + %.2f tag wavefronts, %.2f sectors/request\n",
				as->data_wavefronts / n, as->tag_wavefronts / n, as->sectors / n);
		else if (ba->field->space == km_space_constant && ba->src->operand)
			tprintf(&t, "constant cache, literal address: an operand, no instruction\n");
		else if (ba->field->space == km_space_constant)
			tprintf(&t, "constant cache: %.2f passes (distinct addresses) per instruction\n",
				as->data_wavefronts / n);
		else
			tprintf(&t, "%.2f wavefronts (bank conflicts: %.2f-way)\n", as->data_wavefronts / n,
				as->data_wavefronts / n / (ba->src->bytes <= 4 ? 1 : ba->src->bytes / 4));
	}
	if (e->n_neighbours) {
		tprintf(&t, "\nbetter neighbouring configurations\n");
		for (int i = 0; i < e->n_neighbours; i++)
			tprintf(&t, "  block %dx%dx%d%s%s: %.3f ms (%.1f %% faster), bottleneck %s\n",
				e->neighbours[i].block[0], e->neighbours[i].block[1], e->neighbours[i].block[2],
				e->neighbours[i].variant[0] ? " variant " : "", e->neighbours[i].variant,
				e->neighbours[i].seconds * 1e3, 100 * e->neighbours[i].gain,
				warpest_limiter_name(e->neighbours[i].bottleneck));
	}
	if (e->assumptions.n) {
		tprintf(&t, "\nassumptions\n");
		for (int i = 0; i < e->assumptions.n; i++)
			tprintf(&t, "  - %s\n", e->assumptions.text[i]);
	}
	return t.buf;
}
