#include "base/ctx.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

warpest_ctx *warpest_ctx_alloc(void)
{
	return calloc(1, sizeof(warpest_ctx));
}

void warpest_ctx_free(warpest_ctx *ctx)
{
	free(ctx);
}

const char *warpest_ctx_last_error(const warpest_ctx *ctx)
{
	return ctx ? ctx->message : "";
}

int ctx_error(warpest_ctx *ctx, const char *fmt, ...)
{
	if (ctx) {
		va_list ap;
		va_start(ap, fmt);
		vsnprintf(ctx->message, sizeof(ctx->message), fmt, ap);
		va_end(ap);
	}
	return warpest_error_input;
}

void ctx_clear(warpest_ctx *ctx)
{
	if (ctx) {
		ctx->message[0] = '\0';
		ctx->over_limit = 0;
	}
}
