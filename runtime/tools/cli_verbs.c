/* Dispatch of the verbs implemented in their own files (verb_*.c), so that
 * warpest_main.c names them in one place. */
#include "cli_verbs.h"

#include <string.h>

int cli_extra_verb(const char *verb, int argc, char **argv)
{
	if (strcmp(verb, "diff") == 0)
		return cli_diff_main(argc, argv);
	if (strcmp(verb, "report") == 0)
		return cli_report_main(argc, argv);
	return -1;
}
