/* libFuzzer: the kernel-model reader (kernel/kernel_model_json.c) and the
 * model written back as JSON. */
#include "fuzz_common.h"
#include "warpest/warpest.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = fuzz_text(data, size);
	warpest_ctx *ctx = warpest_ctx_alloc();
	warpest_kernel *k = text && ctx ? warpest_kernel_read_string(ctx, text, "fuzz.json") : NULL;
	if (k)
		free(warpest_kernel_to_json(k));
	warpest_kernel_free(k);
	warpest_ctx_free(ctx);
	free(text);
	return 0;
}
