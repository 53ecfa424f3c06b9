/* The list of assumptions behind one estimate (base/assumptions.h). */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "base/assumptions.h"

void assumption_add(assumption_list *list, const char *fmt, ...)
{
	if (list->n >= ASSUMPTIONS_MAX)
		return;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(list->text[list->n], sizeof(list->text[0]), fmt, ap);
	va_end(ap);
	for (int i = 0; i < list->n; i++)
		if (strcmp(list->text[i], list->text[list->n]) == 0)
			return;
	list->n++;
}
