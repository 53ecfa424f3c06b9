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

#endif
