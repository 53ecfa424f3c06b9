/* Entry points of the `warpest` sub-commands implemented outside
 * warpest_main.c. Each takes the arguments from the verb on (argv[0] is the
 * verb's name, e.g. "profile-atomics") and returns the process exit status:
 * 0 success, 2 bad usage or input (message on stderr, nothing on stdout). */
#ifndef WARPEST_CLI_VERBS_H
#define WARPEST_CLI_VERBS_H

/* warpest profile-atomics --gpu ID FILE.csv [--class rmw|unused] [--json]
 * Shared-memory atomic unit utilisation per kernel from an Nsight Compute CSV
 * export (docs/atomics.md). */
int cli_profile_atomics_main(int argc, char **argv);

/* warpest diff OLD NEW [--threshold PCT]
 * Predicted time, bottleneck and volumes kernel by kernel from two remark
 * record files or estimate reports; exit 1 on a slowdown beyond PCT. */
int cli_diff_main(int argc, char **argv);

/* warpest report REPORT.json... [--ranking RANK.json] --html OUT.html
 * One self-contained HTML page per set of reports. */
int cli_report_main(int argc, char **argv);

/* The verbs above beyond profile-atomics, by name: the verb's exit status,
 * or -1 when `verb` is none of them (cli_verbs.c). */
int cli_extra_verb(const char *verb, int argc, char **argv);

#endif
