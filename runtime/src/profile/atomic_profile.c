/* Shared-atomic utilisation from Nsight Compute counters (paper 001 §3.3).
 *
 * Paper 001 Table 1 -> ncu metric (totals over all SMs; see docs/atomics.md):
 *   N_f + N_c  smsp__inst_executed_op_shared_atom.sum
 *              (else ..._shared_atom_dot_alu.sum + ..._shared_atom_dot_cas.sum)
 *   N_c        smsp__inst_executed_op_shared_atom_dot_cas.sum (absent: 0, said so)
 *   O          l1tex__data_pipe_lsu_wavefronts_mem_shared_op_atom.sum
 *              (else smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_atom.sum)
 *   o * warps  sm__warps_active.avg.per_cycle_active
 *              (else sm__warps_active.avg.pct_of_peak_sustained_active / 100 * max warps/SM)
 *   T          sm__cycles_elapsed.avg, else gpc__cycles_elapsed.max,
 *              else gpu__time_duration.sum * clock (sm__cycles_elapsed.avg.per_second,
 *              else the table's clock); sm__cycles_active.avg (the paper's
 *              active_cycles) gives a second utilisation when present
 *   SMs        device__attribute_multiprocessor_count, else the table
 */
#include "profile/atomic_profile.h"

#include "base/ctx.h"

#include <json-c/json.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define M_ATOM "smsp__inst_executed_op_shared_atom.sum"
#define M_ATOM_ALU "smsp__inst_executed_op_shared_atom_dot_alu.sum"
#define M_ATOM_CAS "smsp__inst_executed_op_shared_atom_dot_cas.sum"
#define M_WAVEFRONTS "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_atom.sum"
#define M_WAVEFRONTS_SASS "smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_atom.sum"
#define M_WARPS "sm__warps_active.avg.per_cycle_active"
#define M_WARPS_PCT "sm__warps_active.avg.pct_of_peak_sustained_active"
#define M_CYCLES "sm__cycles_elapsed.avg"
#define M_GPC_CYCLES "gpc__cycles_elapsed.max"
#define M_CYCLES_ACTIVE "sm__cycles_active.avg"
#define M_DURATION "gpu__time_duration.sum"
#define M_CLOCK "sm__cycles_elapsed.avg.per_second"
#define M_SMS "device__attribute_multiprocessor_count"

const char atomic_profile_ncu_metrics[] =
	M_ATOM "," M_ATOM_ALU "," M_ATOM_CAS "," M_WAVEFRONTS "," M_WARPS "," M_CYCLES ","
	M_CYCLES_ACTIVE "," M_DURATION "," M_CLOCK "," M_SMS;

static char *copy_string(const char *text)
{
	size_t length = strlen(text);
	char *copy = malloc(length + 1);
	if (copy)
		memcpy(copy, text, length + 1);
	return copy;
}

/* A metric's numeric value in base units. Returns 1 when found with a number,
 * 0 when absent or "n/a", and an error (< 0) when the value is not a number or
 * its unit is the wrong kind. `want` is the unit kind required (ncu_unit_none
 * accepts none and count). */
static int metric_number(warpest_ctx *ctx, const ncu_csv *csv, const ncu_launch *launch,
	const char *name, ncu_unit_kind want, double *value)
{
	const ncu_metric *m = ncu_launch_metric(launch, name);
	if (!m || m->has_value == 0)
		return 0;
	if (m->has_value < 0)
		return ctx_error(ctx, "%s: line %d: column \"Metric Value\": cannot read '%s' as a "
			"number (metric %s)", csv->origin, m->line, m->raw, name);
	int kind_ok;
	switch (want) {
	case ncu_unit_time:
		kind_ok = m->unit_kind == ncu_unit_time;
		break;
	case ncu_unit_percent:
		kind_ok = m->unit_kind == ncu_unit_percent || m->unit_kind == ncu_unit_none;
		break;
	case ncu_unit_other:
		kind_ok = 1; /* checked by the caller */
		break;
	default:
		kind_ok = m->unit_kind == ncu_unit_none || m->unit_kind == ncu_unit_count;
		break;
	}
	if (!kind_ok)
		return ctx_error(ctx, "%s: line %d: column \"Metric Unit\": unit '%s' does not fit "
			"metric %s", csv->origin, m->line, m->unit, name);
	if (m->value < 0.0)
		return ctx_error(ctx, "%s: line %d: column \"Metric Value\": negative value '%s' "
			"(metric %s)", csv->origin, m->line, m->raw, name);
	*value = m->value;
	return 1;
}

/* A clock rate metric in Hz: "cycle/nsecond", "cycle/usecond", "cycle/second",
 * "hz" with K/M/G prefixes. Returns 1, 0 (absent) or an error. */
static int metric_rate_hz(warpest_ctx *ctx, const ncu_csv *csv, const ncu_launch *launch,
	const char *name, double *hz)
{
	double value;
	int status = metric_number(ctx, csv, launch, name, ncu_unit_other, &value);
	if (status <= 0)
		return status;
	const ncu_metric *m = ncu_launch_metric(launch, name);
	static const struct { const char *unit; double scale; } rates[] = {
		{ "cycle/second", 1.0 }, { "cycle/s", 1.0 }, { "cycle/usecond", 1e6 },
		{ "cycle/us", 1e6 }, { "cycle/nsecond", 1e9 }, { "cycle/ns", 1e9 },
		{ "hz", 1.0 }, { "Hz", 1.0 }, { "Khz", 1e3 }, { "KHz", 1e3 }, { "khz", 1e3 },
		{ "Mhz", 1e6 }, { "MHz", 1e6 }, { "Ghz", 1e9 }, { "GHz", 1e9 },
	};
	for (size_t i = 0; i < sizeof(rates) / sizeof(rates[0]); i++) {
		if (strcmp(m->unit, rates[i].unit) == 0) {
			*hz = value * rates[i].scale;
			return 1;
		}
	}
	return ctx_error(ctx, "%s: line %d: column \"Metric Unit\": unit '%s' is not a clock rate "
		"(metric %s)", csv->origin, m->line, m->unit, name);
}

static void note_append(char *note, size_t size, const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 3, 4)))
#endif
	;

static void note_append(char *note, size_t size, const char *fmt, ...)
{
	size_t used = strlen(note);
	if (used + 3 >= size)
		return;
	if (used > 0) {
		memcpy(note + used, "; ", 3);
		used += 2;
	}
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(note + used, size - used, fmt, ap);
	va_end(ap);
}

static int compute_launch(warpest_ctx *ctx, const ncu_csv *csv, const ncu_launch *launch,
	const warpest_hw *hw, satomic_class fao_class, atomic_profile_launch *out)
{
	const char *where_kernel = launch->kernel[0] ? launch->kernel : "?";
	int status;
	double value;

	/* N: atomic warp-instructions, all SMs */
	double alu = 0.0, cas = 0.0;
	int have_alu = 0, have_cas = 0, have_total = 0;
	if ((status = metric_number(ctx, csv, launch, M_ATOM_CAS, ncu_unit_none, &cas)) < 0)
		return status;
	have_cas = status;
	if ((status = metric_number(ctx, csv, launch, M_ATOM_ALU, ncu_unit_none, &alu)) < 0)
		return status;
	have_alu = status;
	if ((status = metric_number(ctx, csv, launch, M_ATOM, ncu_unit_none, &value)) < 0)
		return status;
	have_total = status;
	if (have_total) {
		out->atomic_instructions = value;
	} else if (have_alu && have_cas) {
		out->atomic_instructions = alu + cas;
	} else {
		return ctx_error(ctx, "%s: line %d: kernel '%s' (ID %s): metric %s is missing (or give "
			"both %s and %s); profile with --metrics %s", csv->origin, launch->line,
			where_kernel, launch->id, M_ATOM, M_ATOM_ALU, M_ATOM_CAS,
			atomic_profile_ncu_metrics);
	}
	out->cas_instructions = have_cas ? cas : 0.0;
	if (out->cas_instructions > out->atomic_instructions)
		return ctx_error(ctx, "%s: line %d: kernel '%s' (ID %s): metric %s (%g) exceeds %s (%g)",
			csv->origin, launch->line, where_kernel, launch->id, M_ATOM_CAS,
			out->cas_instructions, M_ATOM, out->atomic_instructions);

	/* SMs */
	out->sm_count = hw->sm_count.value;
	out->sm_count_source = "hardware table";
	if ((status = metric_number(ctx, csv, launch, M_SMS, ncu_unit_none, &value)) < 0)
		return status;
	if (status && value >= 1.0) {
		if (hw->sm_count.value > 0.0 && value != hw->sm_count.value)
			note_append(out->note, sizeof(out->note),
				"the profiled device has %g SMs, table %s has %g", value, hw->id,
				hw->sm_count.value);
		out->sm_count = value;
		out->sm_count_source = M_SMS;
	}
	if (!(out->sm_count >= 1.0))
		return ctx_error(ctx, "%s: no SM count: the file lacks %s and table %s has none",
			csv->origin, M_SMS, hw->id);
	if (launch->cc[0] && (hw->cc_major || hw->cc_minor)) {
		char table_cc[16];
		snprintf(table_cc, sizeof(table_cc), "%d.%d", hw->cc_major, hw->cc_minor);
		if (strcmp(table_cc, launch->cc) != 0)
			note_append(out->note, sizeof(out->note),
				"profiled on compute capability %s, table %s is %s", launch->cc, hw->id,
				table_cc);
	}

	/* kernel time in SM cycles */
	double clock_hz = hw->clock_mhz.value * 1e6;
	const char *clock_source = "hardware table clock";
	if ((status = metric_rate_hz(ctx, csv, launch, M_CLOCK, &value)) < 0)
		return status;
	if (status && value > 0.0) {
		clock_hz = value;
		clock_source = M_CLOCK;
	}
	if ((status = metric_number(ctx, csv, launch, M_DURATION, ncu_unit_time, &value)) < 0)
		return status;
	out->has_duration = status;
	out->duration_seconds = status ? value : 0.0;
	if ((status = metric_number(ctx, csv, launch, M_CYCLES, ncu_unit_none, &value)) < 0)
		return status;
	if (status) {
		out->elapsed_cycles = value;
		out->elapsed_source = M_CYCLES;
	} else {
		if ((status = metric_number(ctx, csv, launch, M_GPC_CYCLES, ncu_unit_none, &value)) < 0)
			return status;
		if (status) {
			out->elapsed_cycles = value;
			out->elapsed_source = M_GPC_CYCLES;
		} else if (out->has_duration && clock_hz > 0.0) {
			out->elapsed_cycles = out->duration_seconds * clock_hz;
			out->elapsed_source = strcmp(clock_source, M_CLOCK) == 0 ?
				M_DURATION " * " M_CLOCK : M_DURATION " * table clock";
		} else {
			return ctx_error(ctx, "%s: line %d: kernel '%s' (ID %s): no kernel time: give %s, %s "
				"or %s", csv->origin, launch->line, where_kernel, launch->id, M_CYCLES,
				M_GPC_CYCLES, M_DURATION);
		}
	}
	if ((status = metric_number(ctx, csv, launch, M_CYCLES_ACTIVE, ncu_unit_none, &value)) < 0)
		return status;
	out->has_active_cycles = status;
	out->active_cycles = status ? value : 0.0;

	/* n-hat: average active warps per SM */
	if ((status = metric_number(ctx, csv, launch, M_WARPS, ncu_unit_none, &value)) < 0)
		return status;
	if (status) {
		out->n = value;
		out->n_source = M_WARPS;
	} else {
		if ((status = metric_number(ctx, csv, launch, M_WARPS_PCT, ncu_unit_percent, &value)) < 0)
			return status;
		if (!status)
			return ctx_error(ctx, "%s: line %d: kernel '%s' (ID %s): metric %s is missing (or %s)",
				csv->origin, launch->line, where_kernel, launch->id, M_WARPS, M_WARPS_PCT);
		if (!(hw->max_warps_per_sm.value > 0.0))
			return ctx_error(ctx, "%s: metric %s needs the table's max_warps_per_sm, which %s "
				"lacks", csv->origin, M_WARPS_PCT, hw->id);
		out->n = value / 100.0 * hw->max_warps_per_sm.value;
		out->n_source = M_WARPS_PCT " * max warps per SM";
	}

	/* e = O / N */
	out->warp_instructions_per_sm = out->atomic_instructions / out->sm_count;
	if (out->atomic_instructions > 0.0) {
		if ((status = metric_number(ctx, csv, launch, M_WAVEFRONTS, ncu_unit_none, &value)) < 0)
			return status;
		if (!status &&
			(status = metric_number(ctx, csv, launch, M_WAVEFRONTS_SASS, ncu_unit_none,
				&value)) < 0)
			return status;
		if (!status)
			return ctx_error(ctx, "%s: line %d: kernel '%s' (ID %s): metric %s is missing; it "
				"gives e, the serial rounds per atomic warp-instruction", csv->origin,
				launch->line, where_kernel, launch->id, M_WAVEFRONTS);
		out->atomic_wavefronts = value;
		out->e = value / out->atomic_instructions;
		out->c = out->n * out->cas_instructions / out->atomic_instructions;
		if (!have_cas) /* only possible when the total was given */
			note_append(out->note, sizeof(out->note), "%s missing: c = 0 assumed", M_ATOM_CAS);
	}

	satomic_input input = {
		.warp_instructions_per_sm = out->warp_instructions_per_sm,
		.queue_length = out->n,
		.e = out->e,
		.cas_in_queue = out->c,
		.cls = fao_class,
	};
	status = satomic_estimate(&input, &hw->atomics, &out->model);
	if (status < 0)
		return ctx_error(ctx, "%s: kernel '%s' (ID %s): %s (table %s)", csv->origin, where_kernel,
			launch->id, out->model.note, hw->id);
	out->utilisation = out->elapsed_cycles > 0.0 ? out->model.busy_cycles / out->elapsed_cycles :
		0.0;
	out->utilisation_active = out->has_active_cycles && out->active_cycles > 0.0 ?
		out->model.busy_cycles / out->active_cycles : 0.0;
	if (out->model.clamped)
		note_append(out->note, sizeof(out->note), "n=%.3g, e=%.3g outside the table grid: "
			"extrapolated", out->n, out->e);
	return warpest_ok;
}

void atomic_profile_free(atomic_profile *profile)
{
	if (!profile)
		return;
	for (int i = 0; i < profile->n_launches; i++) {
		free(profile->launches[i].id);
		free(profile->launches[i].kernel);
		free(profile->launches[i].cc);
	}
	free(profile->launches);
	free(profile->file);
	free(profile);
}

atomic_profile *atomic_profile_compute(warpest_ctx *ctx, const ncu_csv *csv, const warpest_hw *hw,
	satomic_class fao_class)
{
	if (!csv || !hw) {
		ctx_error(ctx, "profile-atomics: no CSV or no hardware table");
		return NULL;
	}
	if (!hw->atomics.present) {
		ctx_error(ctx, "%s: table %s (%s) has no shared-atomic T(n,e,c) table", csv->origin,
			hw->id, hw->origin);
		return NULL;
	}
	if (fao_class == satomic_cas) {
		ctx_error(ctx, "profile-atomics: the fetch-and-op class must be rmw or unused");
		return NULL;
	}
	atomic_profile *profile = calloc(1, sizeof(*profile));
	if (!profile || !(profile->file = copy_string(csv->origin)) ||
		!(profile->launches = calloc((size_t)(csv->n_launches ? csv->n_launches : 1),
			sizeof(atomic_profile_launch)))) {
		atomic_profile_free(profile);
		ctx_error(ctx, "%s: out of memory", csv->origin);
		return NULL;
	}
	snprintf(profile->gpu_id, sizeof(profile->gpu_id), "%s", hw->id);
	snprintf(profile->gpu_name, sizeof(profile->gpu_name), "%s", hw->name);
	snprintf(profile->table_provenance, sizeof(profile->table_provenance), "%s",
		hw->atomics.provenance);
	profile->fao_class = fao_class;
	profile->provisional = hw->atomics.provisional != 0;
	for (int i = 0; i < csv->n_launches; i++) {
		const ncu_launch *launch = &csv->launches[i];
		atomic_profile_launch *out = &profile->launches[i];
		profile->n_launches = i + 1;
		out->line = launch->line;
		if (!(out->id = copy_string(launch->id)) || !(out->kernel = copy_string(launch->kernel)) ||
			!(out->cc = copy_string(launch->cc))) {
			atomic_profile_free(profile);
			ctx_error(ctx, "%s: out of memory", csv->origin);
			return NULL;
		}
		if (compute_launch(ctx, csv, launch, hw, fao_class, out) < 0) {
			atomic_profile_free(profile);
			return NULL;
		}
	}
	return profile;
}

/* ---- renderings ---- */

typedef struct text_buffer {
	char *data;
	size_t used, capacity;
	int failed;
} text_buffer;

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static void text_printf(text_buffer *buffer, const char *fmt, ...)
{
	if (buffer->failed)
		return;
	for (;;) {
		size_t room = buffer->capacity - buffer->used;
		va_list ap;
		va_start(ap, fmt);
		int wrote = buffer->data ? vsnprintf(buffer->data + buffer->used, room, fmt, ap) : -2;
		va_end(ap);
		if (wrote >= 0 && (size_t)wrote < room) {
			buffer->used += (size_t)wrote;
			return;
		}
		if (wrote == -1) {
			buffer->failed = 1;
			return;
		}
		size_t capacity = buffer->capacity ? buffer->capacity * 2 : 4096;
		while (wrote > 0 && capacity < buffer->used + (size_t)wrote + 1)
			capacity *= 2;
		char *grown = realloc(buffer->data, capacity);
		if (!grown) {
			buffer->failed = 1;
			return;
		}
		buffer->data = grown;
		buffer->capacity = capacity;
	}
}

static const char *provisional_warning =
	"PROVISIONAL: the shared-atomic T(n,e,c) table of this GPU is not measured by the "
	"micro-benchmarks yet; S, B and U are indicative only";

char *atomic_profile_to_text(const atomic_profile *profile)
{
	text_buffer out = { NULL, 0, 0, 0 };
	text_printf(&out, "shared-atomic utilisation (paper 001 single-server model)\n");
	text_printf(&out, "file: %s\ngpu: %s (%s)\n", profile->file, profile->gpu_id,
		profile->gpu_name);
	if (profile->provisional)
		text_printf(&out, "%s\n", provisional_warning);
	text_printf(&out, "T(n,e,c) table: %s\n",
		profile->table_provenance[0] ? profile->table_provenance : "(no provenance)");
	text_printf(&out, "fetch-and-op jobs use the %s grid%s\n\n",
		satomic_class_name(profile->fao_class),
		profile->fao_class == satomic_rmw ?
			" (use --class unused for increments that discard their result, sm_80+)" : "");
	text_printf(&out, "%-6s %-28s %12s %8s %7s %7s %9s %12s %12s %8s\n", "ID", "kernel", "N/SM",
		"n", "e", "c", "S[cyc]", "B[cyc]", "T[cyc]", "U");
	for (int i = 0; i < profile->n_launches; i++) {
		const atomic_profile_launch *l = &profile->launches[i];
		char kernel[29];
		snprintf(kernel, sizeof(kernel), "%s", l->kernel);
		if (strlen(l->kernel) > 28)
			memcpy(kernel + 25, "...", 4);
		text_printf(&out, "%-6s %-28s %12.1f %8.2f %7.2f %7.2f %9.3f %12.0f %12.0f %7.1f%%\n",
			l->id, kernel, l->warp_instructions_per_sm, l->n, l->e, l->c,
			l->model.service_cycles, l->model.busy_cycles, l->elapsed_cycles,
			100.0 * l->utilisation);
	}
	int any_notes = 0;
	for (int i = 0; i < profile->n_launches; i++) {
		const atomic_profile_launch *l = &profile->launches[i];
		{
			if (!any_notes)
				text_printf(&out, "\n");
			any_notes = 1;
			text_printf(&out, "ID %s:", l->id);
			if (l->has_active_cycles)
				text_printf(&out, " U over active cycles %.1f%%;", 100.0 * l->utilisation_active);
			text_printf(&out, " T from %s%s%s\n", l->elapsed_source, l->note[0] ? "; " : "",
				l->note);
		}
	}
	if (out.failed) {
		free(out.data);
		return NULL;
	}
	return out.data;
}

static int json_add(json_object *object, const char *key, json_object *value)
{
	if (!value)
		return -1;
	return json_object_object_add(object, key, value);
}

/* Nine significant digits: enough for counters, and "0.8" stays "0.8". */
static json_object *json_number(double value)
{
	if (!isfinite(value))
		value = 0.0;
	char text[64];
	snprintf(text, sizeof(text), "%.9g", value);
	if (!strpbrk(text, ".eEn"))
		strncat(text, ".0", sizeof(text) - strlen(text) - 1);
	return json_object_new_double_s(value, text);
}

char *atomic_profile_to_json(const atomic_profile *profile)
{
	json_object *root = json_object_new_object();
	json_object *launches = json_object_new_array();
	int failed = !root || !launches;
	if (!failed) {
		failed |= json_add(root, "format", json_object_new_string("warpest-atomic-profile"));
		failed |= json_add(root, "version", json_object_new_int(1));
		failed |= json_add(root, "file", json_object_new_string(profile->file));
		failed |= json_add(root, "gpu", json_object_new_string(profile->gpu_id));
		failed |= json_add(root, "gpu_name", json_object_new_string(profile->gpu_name));
		failed |= json_add(root, "provisional", json_object_new_boolean(profile->provisional));
		if (profile->provisional)
			failed |= json_add(root, "warning", json_object_new_string(provisional_warning));
		failed |= json_add(root, "table_provenance",
			json_object_new_string(profile->table_provenance));
		failed |= json_add(root, "fao_class",
			json_object_new_string(satomic_class_name(profile->fao_class)));
	}
	for (int i = 0; !failed && i < profile->n_launches; i++) {
		const atomic_profile_launch *l = &profile->launches[i];
		json_object *item = json_object_new_object();
		if (!item) {
			failed = 1;
			break;
		}
		failed |= json_object_array_add(launches, item);
		failed |= json_add(item, "id", json_object_new_string(l->id));
		failed |= json_add(item, "kernel", json_object_new_string(l->kernel));
		failed |= json_add(item, "line", json_object_new_int(l->line));
		failed |= json_add(item, "atomic_instructions", json_number(l->atomic_instructions));
		failed |= json_add(item, "cas_instructions", json_number(l->cas_instructions));
		failed |= json_add(item, "atomic_wavefronts", json_number(l->atomic_wavefronts));
		failed |= json_add(item, "sm_count", json_number(l->sm_count));
		failed |= json_add(item, "sm_count_source", json_object_new_string(l->sm_count_source));
		failed |= json_add(item, "N_per_sm", json_number(l->warp_instructions_per_sm));
		failed |= json_add(item, "n", json_number(l->n));
		failed |= json_add(item, "n_source", json_object_new_string(l->n_source));
		failed |= json_add(item, "e", json_number(l->e));
		failed |= json_add(item, "c", json_number(l->c));
		failed |= json_add(item, "service_cycles", json_number(l->model.service_cycles));
		failed |= json_add(item, "busy_cycles", json_number(l->model.busy_cycles));
		failed |= json_add(item, "elapsed_cycles", json_number(l->elapsed_cycles));
		failed |= json_add(item, "elapsed_source", json_object_new_string(l->elapsed_source));
		failed |= json_add(item, "utilisation", json_number(l->utilisation));
		if (l->has_active_cycles) {
			failed |= json_add(item, "active_cycles", json_number(l->active_cycles));
			failed |= json_add(item, "utilisation_active", json_number(l->utilisation_active));
		}
		if (l->has_duration)
			failed |= json_add(item, "duration_seconds", json_number(l->duration_seconds));
		failed |= json_add(item, "extrapolated", json_object_new_boolean(l->model.clamped));
		failed |= json_add(item, "note", json_object_new_string(l->note));
	}
	if (!failed)
		failed |= json_add(root, "launches", launches);
	else
		json_object_put(launches);
	char *text = NULL;
	if (!failed) {
		const char *rendered = json_object_to_json_string_ext(root,
			JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_NOSLASHESCAPE);
		text = rendered ? copy_string(rendered) : NULL;
	}
	json_object_put(root);
	return text;
}
