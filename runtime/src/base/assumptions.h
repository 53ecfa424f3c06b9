/* The assumptions one estimate rests on, in the order they were made: every
 * model that has to guess adds one, and the reports print them. */
#ifndef WARPEST_ASSUMPTIONS_H
#define WARPEST_ASSUMPTIONS_H

#define ASSUMPTIONS_MAX 48
#define ASSUMPTION_BYTES 512

typedef struct assumption_list {
	int n;
	int unlisted;  /* assumptions past the list's room */
	char text[ASSUMPTIONS_MAX][ASSUMPTION_BYTES];
} assumption_list;

/* Adds a printf-style assumption unless the same text is there already.
 * The last entry is kept for a count of those past ASSUMPTIONS_MAX - 1, so
 * that none goes unsaid; a text past ASSUMPTION_BYTES ends in "...". */
void assumption_add(assumption_list *list, const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 2, 3)))
#endif
	;

#endif
