/* libFuzzer: the Nsight Compute CSV reader (profile/ncu_csv.c). */
#include "fuzz_common.h"
#include "profile/ncu_csv.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = fuzz_text(data, size);
	warpest_ctx *ctx = warpest_ctx_alloc();
	ncu_csv *csv = text && ctx ? ncu_csv_read_string(ctx, text, "fuzz.csv") : NULL;
	ncu_csv_free(csv);
	warpest_ctx_free(ctx);
	free(text);
	return 0;
}
