/* Reader for Nsight Compute CSV exports in the long ("details") layout that
 * `ncu --csv --metrics a,b,... ./app` and `ncu --csv --import r.ncu-rep`
 * print: one row per (kernel launch, metric), with the columns
 *   "ID","Process ID","Process Name","Host Name","Kernel Name","Context",
 *   "Stream","Block Size","Grid Size","Device","CC","Section Name",
 *   "Metric Name","Metric Unit","Metric Value"
 * (older versions add "Kernel Time", newer ones append rule columns; columns
 * are found by their header names, so both read). Lines before the header
 * (==PROF== progress, application output) and lines after it that do not
 * start with a quote are skipped.
 *
 * Values: thousands separators are removed ("1,205.00"), "n/a" and empty
 * values are kept as missing, and units with a scale are brought to the base
 * unit: times to seconds (ns/nsecond, us/usecond, ms/msecond, s/second),
 * K/M/G/T prefixes of counts (Kinst, Mbyte, Kcycle) by powers of 1000 and
 * Ki/Mi/Gi by powers of 1024. A US-English number format is assumed.
 */
#ifndef WARPEST_NCU_CSV_H
#define WARPEST_NCU_CSV_H

#include "warpest/warpest.h"

/* What a unit measures, so callers can reject e.g. a percentage where a
 * count is required. */
typedef enum ncu_unit_kind {
	ncu_unit_none = 0, /* no unit ("") */
	ncu_unit_count,    /* inst, warp, cycle, byte, sector, wavefront, ... (possibly prefixed) */
	ncu_unit_time,     /* value converted to seconds */
	ncu_unit_percent,  /* "%" */
	ncu_unit_other     /* anything else (rates like "cycle/nsecond", "register/thread") */
} ncu_unit_kind;

typedef struct ncu_metric {
	char *name;       /* "smsp__inst_executed_op_shared_atom.sum" */
	char *unit;       /* as written: "inst", "nsecond", "" */
	char *raw;        /* the value as written */
	double value;     /* in the base unit (seconds for times); valid when has_value == 1 */
	int has_value;    /* 1: a number; 0: "n/a" or empty; -1: text that is not a number
	                     (string-valued metrics exist, so this is not a read error) */
	ncu_unit_kind unit_kind;
	int line;         /* 1-based line of the row in the file */
} ncu_metric;

/* One profiled kernel launch (one "ID"). */
typedef struct ncu_launch {
	char *id;           /* the "ID" column */
	char *kernel;       /* "Kernel Name" */
	char *block_size;   /* "(256, 1, 1)" or "" when the column is absent */
	char *grid_size;
	char *device;
	char *cc;           /* "9.0" */
	int line;           /* line of its first row */
	int n_metrics;
	ncu_metric *metrics;
	int metrics_capacity; /* the reader's bookkeeping */
} ncu_launch;

typedef struct ncu_csv {
	char *origin;       /* file name used in messages */
	int n_launches;     /* in file order */
	ncu_launch *launches;
} ncu_csv;

/* Reads and parses a file. Errors name the file, the line and the column or
 * metric: "run.csv: line 7: column \"Metric Value\": cannot read 'x1' as a number
 * (metric gpu__time_duration.sum)". The caller frees the result. */
__warpest_give ncu_csv *ncu_csv_read_file(warpest_ctx *ctx, const char *path);
/* The same from text; `origin` names it in messages. */
__warpest_give ncu_csv *ncu_csv_read_string(warpest_ctx *ctx, const char *text,
	const char *origin);
void ncu_csv_free(__warpest_take ncu_csv *csv);

/* The metric of a launch by exact name, or NULL. When a name occurs more than
 * once (several sections), the first row with a value wins. */
const ncu_metric *ncu_launch_metric(const ncu_launch *launch, const char *name);

/* Parses one value with its unit as ncu writes them: `*value` in base units.
 * Returns 1 on success, 0 for "n/a" or empty, -1 when the text is not a
 * number. Exposed for tests. */
int ncu_parse_value(const char *raw, const char *unit, double *value, ncu_unit_kind *kind);

#endif
