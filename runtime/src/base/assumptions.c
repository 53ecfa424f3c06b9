/* The list of assumptions behind one estimate (base/assumptions.h). */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "base/assumptions.h"

void assumption_add(assumption_list *list, const char *fmt, ...)
{
	char text[ASSUMPTION_BYTES];
	va_list ap;
	va_start(ap, fmt);
	int len = vsnprintf(text, sizeof(text), fmt, ap);
	va_end(ap);
	if (len >= (int)sizeof(text))
		memcpy(text + sizeof(text) - 4, "...", 4);
	int room = ASSUMPTIONS_MAX - 1; /* the last entry counts the rest */
	for (int i = 0; i < list->n && i < room; i++)
		if (strcmp(list->text[i], text) == 0)
			return;
	if (list->n < room) {
		memcpy(list->text[list->n++], text, sizeof(text));
		return;
	}
	list->unlisted++;
	snprintf(list->text[room], sizeof(list->text[room]), "%d more assumption%s not listed (a "
		"report lists %d)", list->unlisted, list->unlisted > 1 ? "s" : "", room);
	list->n = ASSUMPTIONS_MAX;
}
