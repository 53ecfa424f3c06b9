/* Error reporting inside the core: every failing function records one message
 * in the caller's warpest_ctx and returns an error value. */
#ifndef WARPEST_CTX_H
#define WARPEST_CTX_H

#include "warpest/warpest.h"

struct warpest_ctx {
	char message[1024];
	int over_limit;          /* the last failure was the work limit */
};

/* Records a printf-style message (replacing any earlier one); ctx may be NULL.
 * Returns warpest_error_input so callers can `return ctx_error(...)`. */
#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
int ctx_error(warpest_ctx *ctx, const char *fmt, ...);
void ctx_clear(warpest_ctx *ctx);

#endif
