/* The assumption list (base/assumptions.c): nothing an estimate assumed goes
 * unsaid. Past the list's room the last entry counts the rest (17 public
 * kernels filled the 16 entries of before, and what came after was dropped
 * with no word), and a text too long for an entry ends in "...". */
#include <stdio.h>
#include <string.h>

#include "base/assumptions.h"
#include "check.h"

int main(void)
{
	static assumption_list list;
	/* 60 distinct ones, each added twice: the duplicates are dropped, so
	 * 47 listed and the 48th entry counts the other 13 (60 - 47) */
	for (int i = 0; i < 60; i++) {
		assumption_add(&list, "assumption %d", i);
		if (i < ASSUMPTIONS_MAX - 1)
			assumption_add(&list, "assumption %d", i);
	}
	CHECK(list.n == ASSUMPTIONS_MAX, "entries: %d (expected %d)", list.n, ASSUMPTIONS_MAX);
	CHECK(strcmp(list.text[0], "assumption 0") == 0 && strcmp(list.text[46], "assumption 46") == 0,
		"the first 47 listed in order: '%s', '%s'", list.text[0], list.text[46]);
	CHECK(strcmp(list.text[47], "13 more assumptions not listed (a report lists 47)") == 0,
		"the last entry counts the rest: '%s'", list.text[47]);

	/* 600 characters: cut at 511 with "..." at the end */
	static assumption_list one;
	char long_text[601];
	memset(long_text, 'x', 600);
	long_text[600] = 0;
	assumption_add(&one, "%s", long_text);
	size_t len = strlen(one.text[0]);
	CHECK(one.n == 1 && len == ASSUMPTION_BYTES - 1 && strcmp(one.text[0] + len - 3, "...") == 0,
		"a long text is cut with '...' (%zu characters)", len);
	return check_summary();
}
