/* `warpest diff OLD NEW`: a regression gate for CI. Each input is either the
 * pass's remark records (YAML from -fsave-optimization-record or opt's
 * -pass-remarks-output) or estimate reports (`warpest estimate --json`, one
 * object, an array of them, or one per line). Kernel by kernel: predicted
 * time, bottleneck and each volume, old and new; exit 1 when a kernel is
 * predicted slower by more than the threshold. docs/ci.md shows a CI job. */
#include "cli_verbs.h"
#include "cli_io.h"

#include <json-c/json.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_KERNELS 4096

enum { V_DRAM_RD, V_DRAM_WR, V_L2_LD, V_L2_ST, V_L1_WF, V_SATOM, N_VOL };
static const char *const vol_head[N_VOL] = {"DRAM rd", "DRAM wr", "L2 ld", "L2 st", "L1 wf", "sh.atom"};
/* remark argument key, scale to the report's unit */
static const char *const vol_arg[N_VOL] = {"DRAMReadKB", "DRAMWriteKB", "L2LoadSectors", "L2StoreSectors",
	"L1DataWavefronts", "SharedAtomicInstructions"};
static const double vol_scale[N_VOL] = {1e3, 1e3, 1, 1, 1, 1};
static const char *const vol_metric[N_VOL] = {"dram_read_bytes", "dram_write_bytes", "l2_load_sectors",
	"l2_store_sectors", "l1_data_wavefronts", "shared_atomic_instructions"};

typedef struct kfig {
	char key[512];        /* kernel, with " (sm_90)" for remark records */
	char name[512];       /* kernel alone */
	char bottleneck[32];
	double seconds;       /* < 0: no prediction */
	double vol[N_VOL];    /* < 0: unknown */
} kfig;

typedef struct kset {
	const char *path;
	int n;
	kfig *k;
} kset;

static int input_error(const char *path, const char *what)
{
	fprintf(stderr, "warpest diff: %s: %s\n", path, what);
	return -1;
}

static kfig *kernel(kset *s, const char *name, const char *arch)
{
	char key[512];
	if (arch && *arch)
		snprintf(key, sizeof key, "%s (%s)", name, arch);
	else
		snprintf(key, sizeof key, "%s", name);
	for (int i = 0; i < s->n; i++)
		if (!strcmp(s->k[i].key, key))
			return &s->k[i];
	if (s->n == MAX_KERNELS)
		return NULL;
	kfig *k = &s->k[s->n++];
	memset(k, 0, sizeof *k);
	snprintf(k->key, sizeof k->key, "%s", key);
	snprintf(k->name, sizeof k->name, "%s", name);
	k->seconds = -1;
	for (int v = 0; v < N_VOL; v++)
		k->vol[v] = -1;
	return k;
}

/* ---------- estimate reports (JSON) ---------- */
static int add_report(kset *s, json_object *r)
{
	json_object *v, *m;
	if (!json_object_object_get_ex(r, "format", &v) || strcmp(json_object_get_string(v), "warpest-report"))
		return input_error(s->path, "not a warpest report (\"format\": \"warpest-report\")");
	const char *name = json_object_object_get_ex(r, "kernel", &v) ? json_object_get_string(v) : "?";
	kfig *k = kernel(s, name, NULL);
	if (!k)
		return input_error(s->path, "too many kernels");
	if (json_object_object_get_ex(r, "predicted_seconds", &v))
		k->seconds = json_object_get_double(v);
	if (json_object_object_get_ex(r, "bottleneck", &v))
		snprintf(k->bottleneck, sizeof k->bottleneck, "%s", json_object_get_string(v));
	if (json_object_object_get_ex(r, "metrics", &m))
		for (int i = 0; i < N_VOL; i++)
			if (json_object_object_get_ex(m, vol_metric[i], &v))
				k->vol[i] = json_object_get_double(v);
	return 0;
}

static int read_reports(kset *s, const char *text)
{
	json_object *all = json_object_new_array();
	int rc = cli_json_values("diff", s->path, text, all);
	for (size_t i = 0; !rc && i < json_object_array_length(all); i++)
		rc = add_report(s, json_object_array_get_idx(all, i));
	if (!rc && !json_object_array_length(all))
		rc = input_error(s->path, "no report in the file");
	json_object_put(all);
	return rc;
}

/* ---------- remark records (YAML) ---------- */
/* A YAML scalar: plain, 'single' ('' is a quote) or "double" (\-escapes). */
static void scalar(const char *v, char *out, size_t len)
{
	size_t n = 0;
	while (*v == ' ')
		v++;
	if (*v == '\'' || *v == '"') {
		char q = *v++;
		for (; *v && n + 1 < len; v++) {
			if (*v == q && q == '\'' && v[1] == '\'')
				out[n++] = *v++;
			else if (*v == q)
				break;
			else if (*v == '\\' && q == '"' && v[1])
				out[n++] = *++v;
			else
				out[n++] = *v;
		}
	} else {
		for (; *v && *v != '\n' && *v != '\r' && n + 1 < len; v++)
			out[n++] = *v;
		while (n && out[n - 1] == ' ')
			n--;
	}
	out[n] = 0;
}

typedef struct record {
	char pass[64], name[64], function[512];
	int nargs;
	char keys[64][64];
	char vals[64][1024];
} record;

static const char *arg(const record *r, const char *key)
{
	for (int i = 0; i < r->nargs; i++)
		if (!strcmp(r->keys[i], key))
			return r->vals[i];
	return NULL;
}

static int take_record(kset *s, const record *r)
{
	if (strcmp(r->pass, "warpest"))
		return 0;
	int summary = !strcmp(r->name, "Summary"), volumes = !strcmp(r->name, "Volumes");
	if (!summary && !volumes)
		return 0;
	const char *name = arg(r, "Kernel");
	kfig *k = kernel(s, name ? name : r->function, arg(r, "Arch"));
	if (!k)
		return input_error(s->path, "too many kernels");
	const char *v;
	if (summary) {
		if ((v = arg(r, "PredictedMicroseconds")) && k->seconds < 0)
			k->seconds = atof(v) * 1e-6;
		if ((v = arg(r, "Bottleneck")))
			snprintf(k->bottleneck, sizeof k->bottleneck, "%s", v);
	} else {
		if ((v = arg(r, "PredictedNanoseconds")) && atof(v) >= 1000)
			k->seconds = atof(v) * 1e-9; /* more digits than the summary's 3 */
		for (int i = 0; i < N_VOL; i++)
			if ((v = arg(r, vol_arg[i])))
				k->vol[i] = atof(v) * vol_scale[i];
	}
	return 0;
}

static int read_remarks(kset *s, const char *text)
{
	record *r = calloc(1, sizeof *r);
	int in_args = 0, rc = 0, docs = 0;
	for (const char *line = text; line && *line && !rc;) {
		const char *eol = strchr(line, '\n');
		char buf[2048];
		size_t len = eol ? (size_t)(eol - line) : strlen(line);
		snprintf(buf, sizeof buf, "%.*s", (int)(len < sizeof buf ? len : sizeof buf - 1), line);
		if (!strncmp(buf, "--- ", 4) || !strcmp(buf, "---")) {
			if (docs)
				rc = take_record(s, r);
			memset(r, 0, sizeof *r);
			in_args = 0;
			docs++;
		} else if (!strcmp(buf, "...")) {
			/* the end of a document */
		} else if (!strncmp(buf, "Pass:", 5)) {
			scalar(buf + 5, r->pass, sizeof r->pass);
		} else if (!strncmp(buf, "Name:", 5)) {
			scalar(buf + 5, r->name, sizeof r->name);
		} else if (!strncmp(buf, "Function:", 9)) {
			scalar(buf + 9, r->function, sizeof r->function);
		} else if (!strncmp(buf, "Args:", 5)) {
			in_args = 1;
		} else if (in_args && !strncmp(buf, "  - ", 4) && r->nargs < 64) {
			char *colon = strstr(buf + 4, ": ");
			if (!colon && (colon = strchr(buf + 4, ':')) && colon[1])
				colon = NULL;
			if (colon) {
				*colon = 0;
				snprintf(r->keys[r->nargs], sizeof r->keys[0], "%.63s", buf + 4);
				scalar(colon + 1, r->vals[r->nargs], sizeof r->vals[0]);
				r->nargs++;
			}
		} else if (buf[0] && buf[0] != ' ') {
			in_args = 0;
		}
		line = eol ? eol + 1 : NULL;
	}
	if (!rc && docs)
		rc = take_record(s, r);
	free(r);
	if (!rc && !docs)
		rc = input_error(s->path, "no remark records (expected YAML documents '--- !Analysis')");
	return rc;
}

static int load(kset *s, const char *path)
{
	s->path = path;
	s->n = 0;
	s->k = calloc(MAX_KERNELS, sizeof *s->k);
	char *text = cli_read_file(path);
	if (!text || !s->k) {
		free(text);
		return input_error(path, "cannot read the file");
	}
	const char *p = text;
	while (*p == ' ' || *p == '\n' || *p == '\r' || *p == '\t')
		p++;
	int rc = *p == '{' || *p == '[' ? read_reports(s, text) : read_remarks(s, text);
	free(text);
	return rc;
}

/* ---------- comparison ---------- */
static const kfig *find(const kset *s, const kfig *k)
{
	for (int i = 0; i < s->n; i++)
		if (!strcmp(s->k[i].key, k->key))
			return &s->k[i];
	const kfig *only = NULL; /* a report against remark records: by name */
	for (int i = 0; i < s->n; i++)
		if (!strcmp(s->k[i].name, k->name))
			only = only ? NULL : &s->k[i];
	return only;
}

static void change(double a, double b, char *buf, size_t len)
{
	if (a < 0 || b < 0)
		snprintf(buf, len, "?");
	else if (a == b)
		snprintf(buf, len, "=");
	else if (a == 0)
		snprintf(buf, len, "new");
	else
		snprintf(buf, len, "%+.1f%%", 100 * (b - a) / a);
}

static void usage(FILE *to)
{
	fputs("usage: warpest diff OLD NEW [--threshold PCT]\n"
	      "\n"
	      "Compares two sets of predictions kernel by kernel: the pass's remark records\n"
	      "(YAML: clang -fsave-optimization-record, opt -pass-remarks-output) or estimate\n"
	      "reports (warpest estimate --json; an object, an array, or one per line).\n"
	      "Prints predicted time, bottleneck and the change of each volume; exits 1 when\n"
	      "a kernel present in both is predicted slower by more than PCT percent\n"
	      "(default 5), 0 otherwise, 2 on bad input.\n",
		to);
}

int cli_diff_main(int argc, char **argv)
{
	const char *files[2] = {NULL, NULL};
	double threshold = 5;
	int nf = 0;
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
			usage(stdout);
			return 0;
		} else if (!strcmp(argv[i], "--threshold") && i + 1 < argc) {
			char *end;
			threshold = strtod(argv[++i], &end);
			if (*end || end == argv[i] || threshold < 0) {
				fprintf(stderr, "warpest diff: --threshold needs a percentage >= 0, got '%s'\n", argv[i]);
				return 2;
			}
		} else if (argv[i][0] == '-' && argv[i][1]) {
			fprintf(stderr, "warpest diff: unknown or incomplete option '%s'\n(see `warpest diff --help`)\n", argv[i]);
			return 2;
		} else if (nf < 2) {
			files[nf++] = argv[i];
		} else {
			fprintf(stderr, "warpest diff: unexpected argument '%s'\n", argv[i]);
			return 2;
		}
	}
	if (nf != 2) {
		usage(stderr);
		return 2;
	}
	kset olds = {0}, news = {0};
	if (load(&olds, files[0]) || load(&news, files[1])) {
		free(olds.k);
		free(news.k);
		return 2;
	}
	int width = 6;
	for (int i = 0; i < olds.n; i++)
		width = (int)fmax(width, (double)strlen(olds.k[i].key));
	for (int i = 0; i < news.n; i++)
		width = (int)fmax(width, (double)strlen(news.k[i].key));
	printf("%-*s %12s %12s %8s  %-20s", width, "kernel", "old time", "new time", "change", "bottleneck");
	for (int v = 0; v < N_VOL; v++)
		printf(" %8s", vol_head[v]);
	printf("\n");
	int slower = 0, compared = 0;
	char worst[1024] = "";
	for (int i = 0; i < news.n; i++) {
		const kfig *b = &news.k[i], *a = find(&olds, b);
		char t[32], ot[32] = "-", nt[32] = "-", bn[80]; /* two bottleneck names and " -> " */
		if (a && a->seconds >= 0)
			snprintf(ot, sizeof ot, "%.4g us", a->seconds * 1e6);
		if (b->seconds >= 0)
			snprintf(nt, sizeof nt, "%.4g us", b->seconds * 1e6);
		if (!a) {
			printf("%-*s %12s %12s %8s  %-20s\n", width, b->key, "-", nt, "added", b->bottleneck);
			continue;
		}
		change(a->seconds, b->seconds, t, sizeof t);
		if (strcmp(a->bottleneck, b->bottleneck))
			snprintf(bn, sizeof bn, "%s -> %s", a->bottleneck, b->bottleneck);
		else
			snprintf(bn, sizeof bn, "%s", b->bottleneck);
		int bad = a->seconds > 0 && b->seconds >= 0 && 100 * (b->seconds - a->seconds) / a->seconds > threshold;
		compared++;
		if (bad) {
			size_t l = strlen(worst);
			snprintf(worst + l, sizeof worst - l, "%s%s (%s)", slower ? ", " : "", b->key, t);
			slower++;
		}
		printf("%-*s %12s %12s %8s%s %-20s", width, b->key, ot, nt, t, bad ? "!" : " ", bn);
		for (int v = 0; v < N_VOL; v++) {
			char c[32];
			change(a->vol[v], b->vol[v], c, sizeof c);
			printf(" %8s", c);
		}
		printf("\n");
	}
	for (int i = 0; i < olds.n; i++)
		if (!find(&news, &olds.k[i])) {
			char ot[32] = "-";
			if (olds.k[i].seconds >= 0)
				snprintf(ot, sizeof ot, "%.4g us", olds.k[i].seconds * 1e6);
			printf("%-*s %12s %12s %8s\n", width, olds.k[i].key, ot, "-", "removed");
		}
	if (slower)
		printf("\nwarpest diff: %d of %d kernels predicted slower by more than %g%%: %s\n", slower, compared,
			threshold, worst);
	else
		printf("\nwarpest diff: %d kernels compared, none predicted slower by more than %g%%\n", compared,
			threshold);
	free(olds.k);
	free(news.k);
	return slower ? 1 : 0;
}
