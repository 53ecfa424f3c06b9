/* `warpest report REPORT.json... --html OUT.html`: estimate reports as one
 * self-contained HTML page (no script, no external resource): per kernel the
 * limiter bars, the ranking curve over a `warpest rank --json` sweep, the
 * layer-condition verdicts, and the per-access table whose source column links
 * to the lines, quoted at the end of the page. */
#include "cli_verbs.h"
#include "cli_io.h"

#include <json-c/json.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_INPUTS 256

static void esc(FILE *o, const char *s)
{
	for (; s && *s; s++)
		switch (*s) {
		case '<': fputs("&lt;", o); break;
		case '>': fputs("&gt;", o); break;
		case '&': fputs("&amp;", o); break;
		case '"': fputs("&quot;", o); break;
		default: fputc(*s, o);
		}
}

static double jd(json_object *o, const char *k, double d)
{
	json_object *v;
	return o && json_object_object_get_ex(o, k, &v) ? json_object_get_double(v) : d;
}

static const char *js(json_object *o, const char *k, const char *d)
{
	json_object *v;
	return o && json_object_object_get_ex(o, k, &v) && json_object_is_type(v, json_type_string)
	           ? json_object_get_string(v)
	           : d;
}

static json_object *ja(json_object *o, const char *k)
{
	json_object *v;
	return o && json_object_object_get_ex(o, k, &v) && json_object_is_type(v, json_type_array) ? v : NULL;
}

static void dims(json_object *o, const char *k, char *buf, size_t len)
{
	json_object *a = ja(o, k);
	if (a && json_object_array_length(a) == 3)
		snprintf(buf, len, "%dx%dx%d", json_object_get_int(json_object_array_get_idx(a, 0)),
			json_object_get_int(json_object_array_get_idx(a, 1)), json_object_get_int(json_object_array_get_idx(a, 2)));
	else
		snprintf(buf, len, "?");
}

static int read_values(const char *path, json_object *all)
{
	char *text = cli_read_file(path);
	if (!text) {
		fprintf(stderr, "warpest report: %s: cannot read the file\n", path);
		return -1;
	}
	int rc = cli_json_values("report", path, text, all);
	free(text);
	return rc;
}

static const char *const style =
	"body{font:14px/1.4 system-ui,sans-serif;margin:24px;color:#222;max-width:1200px}"
	"h1{font-size:22px}h2{font-size:18px;margin-top:36px;border-bottom:1px solid #ccc}"
	"h3{font-size:15px;margin:18px 0 6px}"
	"table{border-collapse:collapse;margin:6px 0}td,th{border:1px solid #ddd;padding:2px 8px;text-align:right}"
	"th{background:#f3f3f3}td.l,th.l{text-align:left}"
	".bar{display:flex;align-items:center;margin:2px 0}.bar span.n{width:110px}"
	".bar div.t{background:#eee;width:520px;height:16px;margin:0 8px}"
	".bar div.f{background:#6b8fd6;height:16px}.bar.b div.f{background:#d9534f}"
	".ok{color:#2a7d2a}.broken{color:#c0392b;font-weight:bold}"
	"pre{background:#f8f8f8;padding:8px;overflow:auto}pre a{display:block;color:inherit;text-decoration:none}"
	"pre a:target{background:#ffe9a8}.muted{color:#777}";

static void limiter_bars(FILE *o, json_object *r)
{
	json_object *lim = ja(r, "limiters");
	const char *bn = js(r, "bottleneck", "");
	fputs("<h3>Limiters</h3>\n", o);
	for (size_t i = 0; lim && i < json_object_array_length(lim); i++) {
		json_object *l = json_object_array_get_idx(lim, i);
		double u = jd(l, "utilisation", 0);
		fprintf(o, "<div class=\"bar%s\" title=\"", strcmp(js(l, "name", ""), bn) ? "" : " b");
		esc(o, js(l, "source", ""));
		fputs("\"><span class=\"n\">", o);
		esc(o, js(l, "name", "?"));
		fprintf(o, "</span><div class=\"t\"><div class=\"f\" style=\"width:%.1f%%\"></div></div>%.3g us (%.0f%%)</div>\n",
			fmin(100, 100 * u), jd(l, "seconds", 0) * 1e6, 100 * u);
	}
}

/* The ranking's predicted times over rank as an SVG polyline, the report's
 * configuration marked when it is in the sweep. */
static void ranking_curve(FILE *o, json_object *r, json_object *rank)
{
	json_object *rows = ja(rank, "ranking");
	size_t n = rows ? json_object_array_length(rows) : 0;
	if (!n)
		return;
	const double W = 720, H = 240, L = 70, B = 30, T = 10;
	double lo = INFINITY, hi = 0;
	for (size_t i = 0; i < n; i++) {
		double t = jd(json_object_array_get_idx(rows, i), "predicted_seconds", 0) * 1e6;
		lo = fmin(lo, t);
		hi = fmax(hi, t);
	}
	if (hi <= lo)
		hi = lo + 1e-9;
	char mine[32];
	dims(json_object_object_get_ex(r, "config", NULL) ? json_object_object_get(r, "config") : NULL, "block", mine,
		sizeof mine);
	fprintf(o, "<h3>Ranking over the sweep (%zu configurations, %s)</h3>\n", n, js(rank, "gpu", ""));
	fprintf(o, "<svg width=\"%.0f\" height=\"%.0f\" viewBox=\"0 0 %.0f %.0f\" role=\"img\">\n", W, H, W, H);
	fprintf(o, "<line x1=\"%.0f\" y1=\"%.0f\" x2=\"%.0f\" y2=\"%.0f\" stroke=\"#999\"/>", L, H - B, W - 10, H - B);
	fprintf(o, "<line x1=\"%.0f\" y1=\"%.0f\" x2=\"%.0f\" y2=\"%.0f\" stroke=\"#999\"/>\n", L, T, L, H - B);
	fprintf(o, "<text x=\"4\" y=\"%.0f\" font-size=\"11\">%.3g us</text>", T + 10, hi);
	fprintf(o, "<text x=\"4\" y=\"%.0f\" font-size=\"11\">%.3g us</text>", H - B, lo);
	fprintf(o, "<text x=\"%.0f\" y=\"%.0f\" font-size=\"11\">rank (best first)</text>\n", W / 2, H - 8);
	fputs("<polyline fill=\"none\" stroke=\"#6b8fd6\" stroke-width=\"2\" points=\"", o);
	for (size_t i = 0; i < n; i++) {
		double t = jd(json_object_array_get_idx(rows, i), "predicted_seconds", 0) * 1e6;
		double x = L + (W - 10 - L) * (n > 1 ? (double)i / (double)(n - 1) : 0.5);
		double y = (H - B) - (H - B - T) * (t - lo) / (hi - lo);
		fprintf(o, "%.1f,%.1f ", x, y);
	}
	fputs("\"/>\n", o);
	for (size_t i = 0; i < n; i++) {
		json_object *row = json_object_array_get_idx(rows, i);
		char b[32];
		dims(row, "block", b, sizeof b);
		double t = jd(row, "predicted_seconds", 0) * 1e6;
		double x = L + (W - 10 - L) * (n > 1 ? (double)i / (double)(n - 1) : 0.5);
		double y = (H - B) - (H - B - T) * (t - lo) / (hi - lo);
		int is_mine = !strcmp(b, mine) && !strcmp(js(row, "variant", ""), js(json_object_object_get(r, "config"), "variant", ""));
		fprintf(o, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%d\" fill=\"%s\"><title>%s %s: %.4g us, %s</title></circle>\n", x,
			y, is_mine ? 6 : 3, is_mine ? "#d9534f" : "#6b8fd6", b, js(row, "variant", ""), t, js(row, "bottleneck", ""));
	}
	fputs("</svg>\n<p class=\"muted\">Red: this report's configuration. Hover a point for its block, time and bottleneck.</p>\n", o);
}

static void layer_conditions(FILE *o, json_object *r)
{
	json_object *lcs = ja(r, "layer_conditions");
	fputs("<h3>Layer conditions</h3>\n", o);
	if (!lcs || !json_object_array_length(lcs)) {
		fputs("<p class=\"muted\">No reuse from earlier waves.</p>\n", o);
		return;
	}
	fputs("<table><tr><th>waves back</th><th>reused kB</th><th>volume since kB</th><th>L2 capacity kB</th>"
	      "<th>hit rate</th><th class=\"l\">verdict</th><th class=\"l\">largest plane that fits</th></tr>\n",
		o);
	for (size_t i = 0; i < json_object_array_length(lcs); i++) {
		json_object *lc = json_object_array_get_idx(lcs, i), *f;
		int fits = json_object_object_get_ex(lc, "fits", &f) && json_object_get_boolean(f);
		fprintf(o, "<tr><td>%d</td><td>%.0f</td><td>%.0f</td><td>%.0f</td><td>%.0f%%</td>"
			   "<td class=\"l %s\">%s</td><td class=\"l\">",
			(int)jd(lc, "waves_back", 0), jd(lc, "reused_bytes", 0) / 1e3, jd(lc, "volume_bytes", 0) / 1e3,
			jd(lc, "capacity_bytes", 0) / 1e3, 100 * jd(lc, "hit_rate", 0), fits ? "ok" : "broken",
			fits ? "holds" : "broken");
		if (js(lc, "plane_field", NULL)) {
			esc(o, js(lc, "plane_field", ""));
			fprintf(o, ": %.0f elements (now %.0f)", floor(jd(lc, "max_plane_elements", 0)),
				jd(lc, "plane_elements", 0));
		}
		fputs("</td></tr>\n", o);
	}
	fputs("</table>\n", o);
}

/* Source locations quoted at the end: "file:line:col" → anchor id. */
typedef struct srcref {
	char file[512];
	int line;
} srcref;

static int anchor_of(srcref *refs, int *nrefs, const char *loc)
{
	char file[512];
	int line = 0;
	const char *c1 = strchr(loc, ':');
	if (!c1 || (size_t)(c1 - loc) >= sizeof file)
		return -1;
	snprintf(file, sizeof file, "%.*s", (int)(c1 - loc), loc);
	line = atoi(c1 + 1);
	if (line <= 0)
		return -1;
	for (int i = 0; i < *nrefs; i++)
		if (!strcmp(refs[i].file, file) && refs[i].line == line)
			return i;
	if (*nrefs == 4096)
		return -1;
	snprintf(refs[*nrefs].file, sizeof refs[0].file, "%s", file);
	refs[*nrefs].line = line;
	return (*nrefs)++;
}

static void access_table(FILE *o, json_object *r, srcref *refs, int *nrefs)
{
	json_object *accs = ja(r, "accesses");
	fputs("<h3>Accesses</h3>\n<table><tr><th>#</th><th class=\"l\">kind</th><th class=\"l\">field</th>"
	      "<th class=\"l\">space</th><th>bytes</th><th>data wf/instr</th><th>tag wf/instr</th><th>sectors/request</th>"
	      "<th>L1 cycles/instr</th><th>warp-instr</th><th class=\"l\">source</th></tr>\n",
		o);
	for (size_t i = 0; accs && i < json_object_array_length(accs); i++) {
		json_object *a = json_object_array_get_idx(accs, i), *an;
		int ok = !json_object_object_get_ex(a, "analysable", &an) || json_object_get_boolean(an);
		fprintf(o, "<tr><td>%zu</td><td class=\"l\">", i);
		esc(o, js(a, "kind", ""));
		fputs("</td><td class=\"l\">", o);
		esc(o, js(a, "field", ""));
		fputs("</td><td class=\"l\">", o);
		esc(o, js(a, "space", ""));
		if (ok)
			fprintf(o, "</td><td>%.0f</td><td>%.3g</td><td>%.3g</td><td>%.3g</td><td>%.3g</td><td>%.0f</td>",
				jd(a, "bytes", 0), jd(a, "data_wavefronts_per_instruction", 0),
				jd(a, "tag_wavefronts_per_instruction", 0), jd(a, "sectors_per_request", 0),
				jd(a, "l1_cycles_per_instruction", 0), jd(a, "warp_instructions", 0));
		else {
			fprintf(o, "</td><td>%.0f</td><td class=\"l\" colspan=\"5\">not analysed: ", jd(a, "bytes", 0));
			esc(o, js(a, "reason", ""));
			fputs("</td>", o);
		}
		const char *loc = js(a, "loc", "");
		int id = loc[0] ? anchor_of(refs, nrefs, loc) : -1;
		fputs("<td class=\"l\">", o);
		if (id >= 0) {
			fprintf(o, "<a href=\"#src%d\">", id);
			esc(o, loc);
			fputs("</a>", o);
		} else {
			esc(o, loc[0] ? loc : "-");
		}
		fputs("</td></tr>\n", o);
	}
	fputs("</table>\n", o);
}

static void kernel_section(FILE *o, json_object *r, json_object *rankings, srcref *refs, int *nrefs)
{
	json_object *cfg = json_object_object_get(r, "config"), *occ = json_object_object_get(r, "occupancy");
	char block[32], grid[32];
	dims(cfg, "block", block, sizeof block);
	dims(cfg, "grid", grid, sizeof grid);
	fputs("<h2>", o);
	esc(o, js(r, "kernel", "?"));
	fputs(" on ", o);
	esc(o, js(r, "gpu_name", js(r, "gpu", "?")));
	fprintf(o, "</h2>\n<p>Predicted <b>%.4g us</b>, bottleneck <b>", jd(r, "predicted_seconds", 0) * 1e6);
	esc(o, js(r, "bottleneck", "?"));
	fprintf(o, "</b>; block %s, grid %s", block, grid);
	if (js(cfg, "variant", "")[0]) {
		fputs(", variant ", o);
		esc(o, js(cfg, "variant", ""));
	}
	fprintf(o, "; %d blocks and %d warps per SM, limited by ", (int)jd(occ, "blocks_per_sm", 0),
		(int)jd(occ, "warps_per_sm", 0));
	esc(o, js(occ, "limited_by", "?"));
	fputs(".</p>\n", o);
	limiter_bars(o, r);
	for (size_t i = 0; rankings && i < json_object_array_length(rankings); i++) {
		json_object *rk = json_object_array_get_idx(rankings, i);
		if (!strcmp(js(rk, "kernel", ""), js(r, "kernel", "")) && !strcmp(js(rk, "gpu", ""), js(r, "gpu", "")))
			ranking_curve(o, r, rk);
	}
	layer_conditions(o, r);
	access_table(o, r, refs, nrefs);
	json_object *as = ja(r, "assumptions");
	if (as && json_object_array_length(as)) {
		fputs("<h3>Assumptions</h3>\n<ul>\n", o);
		for (size_t i = 0; i < json_object_array_length(as); i++) {
			fputs("<li>", o);
			esc(o, json_object_get_string(json_object_array_get_idx(as, i)));
			fputs("</li>\n", o);
		}
		fputs("</ul>\n", o);
	}
}

/* The quoted lines, two of context on each side, grouped by file. */
static void sources(FILE *o, const srcref *refs, int nrefs, const char *source_dir)
{
	if (!nrefs)
		return;
	fputs("<h2>Source lines</h2>\n", o);
	for (int i = 0; i < nrefs; i++) {
		int first = 1;
		for (int j = 0; j < i; j++)
			first &= strcmp(refs[j].file, refs[i].file) != 0;
		if (!first)
			continue;
		char path[1200];
		if (refs[i].file[0] != '/' && source_dir)
			snprintf(path, sizeof path, "%.600s/%.511s", source_dir, refs[i].file);
		else
			snprintf(path, sizeof path, "%.511s", refs[i].file);
		FILE *f = fopen(path, "r");
		fputs("<h3>", o);
		esc(o, refs[i].file);
		fputs("</h3>\n", o);
		char line[4096];
		int no = 0, open = 0;
		while (f && fgets(line, sizeof line, f)) {
			no++;
			int id = -1, near = 0;
			for (int j = 0; j < nrefs; j++)
				if (!strcmp(refs[j].file, refs[i].file)) {
					if (refs[j].line == no)
						id = j;
					near |= abs(refs[j].line - no) <= 2;
				}
			if (!near) {
				if (open)
					fputs("</pre>\n", o);
				open = 0;
				continue;
			}
			if (!open)
				fputs("<pre>", o);
			open = 1;
			line[strcspn(line, "\n")] = 0;
			if (id >= 0)
				fprintf(o, "<a id=\"src%d\">%5d  ", id, no);
			else
				fprintf(o, "<a>%5d  ", no);
			esc(o, line);
			fputs("</a>", o);
		}
		if (open)
			fputs("</pre>\n", o);
		if (!f) {
			fputs("<p class=\"muted\">(not readable here: ", o);
			esc(o, path);
			fputs("; give --source-dir)</p>\n", o);
			/* the anchors still exist, so that the links land somewhere */
			for (int j = 0; j < nrefs; j++)
				if (!strcmp(refs[j].file, refs[i].file))
					fprintf(o, "<p id=\"src%d\">%s line %d</p>\n", j, "", refs[j].line);
		} else {
			fclose(f);
		}
	}
}

static void usage(FILE *to)
{
	fputs("usage: warpest report REPORT.json... --html OUT.html [--ranking RANK.json]... [--source-dir DIR]\n"
	      "\n"
	      "Writes one self-contained HTML page (no script, no external file) from estimate\n"
	      "reports (warpest estimate --json: an object, an array, or one per line): per\n"
	      "kernel the limiter bars, the ranking curve over a `warpest rank --json` sweep of\n"
	      "the same kernel and GPU, the layer-condition verdicts, and the per-access table\n"
	      "with links to the source lines, quoted from DIR (default: as the report names them).\n",
		to);
}

int cli_report_main(int argc, char **argv)
{
	const char *html = NULL, *source_dir = NULL, *inputs[MAX_INPUTS], *ranks[MAX_INPUTS];
	int ni = 0, nr = 0;
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
			usage(stdout);
			return 0;
		} else if ((!strcmp(a, "--html") || !strcmp(a, "--ranking") || !strcmp(a, "--source-dir")) && i + 1 < argc) {
			const char *v = argv[++i];
			if (!strcmp(a, "--html"))
				html = v;
			else if (!strcmp(a, "--source-dir"))
				source_dir = v;
			else if (nr < MAX_INPUTS)
				ranks[nr++] = v;
		} else if (a[0] == '-' && a[1]) {
			fprintf(stderr, "warpest report: unknown or incomplete option '%s'\n(see `warpest report --help`)\n", a);
			return 2;
		} else if (ni < MAX_INPUTS) {
			inputs[ni++] = a;
		}
	}
	if (!html || !ni) {
		fprintf(stderr, "warpest report: %s\n(see `warpest report --help`)\n",
			!ni ? "no report given" : "--html OUT.html is required (the only output so far)");
		return 2;
	}
	json_object *reports = json_object_new_array(), *rankings = json_object_new_array();
	int rc = 0;
	for (int i = 0; i < ni && !rc; i++)
		rc = read_values(inputs[i], reports);
	for (int i = 0; i < nr && !rc; i++)
		rc = read_values(ranks[i], rankings);
	for (size_t i = 0; !rc && i < json_object_array_length(reports); i++)
		if (strcmp(js(json_object_array_get_idx(reports, i), "format", ""), "warpest-report")) {
			fprintf(stderr, "warpest report: entry %zu is not a warpest report (\"format\": \"warpest-report\")\n", i);
			rc = -1;
		}
	FILE *o = rc ? NULL : fopen(html, "w");
	if (!rc && !o) {
		fprintf(stderr, "warpest report: %s: cannot write the file\n", html);
		rc = -1;
	}
	if (o) {
		static srcref refs[4096];
		int nrefs = 0;
		fprintf(o, "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n"
			   "<title>warpest report</title>\n<style>%s</style></head>\n<body>\n<h1>warpest report</h1>\n"
			   "<p class=\"muted\">Static estimates: nothing here was measured. Limiter bars show each limiter's "
			   "share of the predicted time (red: the bottleneck); hover a bar for the table value it uses.</p>\n",
			style);
		for (size_t i = 0; i < json_object_array_length(reports); i++)
			kernel_section(o, json_object_array_get_idx(reports, i), rankings, refs, &nrefs);
		sources(o, refs, nrefs, source_dir);
		fputs("</body></html>\n", o);
		if (fclose(o)) {
			fprintf(stderr, "warpest report: %s: write failed\n", html);
			rc = -1;
		}
	}
	json_object_put(reports);
	json_object_put(rankings);
	return rc ? 2 : 0;
}
