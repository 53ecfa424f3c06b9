/* libFuzzer: the hardware-table reader (hardware/hw_table_json.c). */
#include "fuzz_common.h"
#include "warpest/warpest.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = fuzz_text(data, size);
	warpest_ctx *ctx = warpest_ctx_alloc();
	/* the id must equal the file stem: name the input after the seeds' id */
	warpest_hw *hw = text && ctx ? warpest_hw_read_string(ctx, text, "h100-sxm.json") : NULL;
	warpest_hw_free(hw);
	warpest_ctx_free(ctx);
	free(text);
	return 0;
}
