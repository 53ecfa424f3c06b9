// Shifts by a kernel argument (an FFT's butterfly stage: half = 1 << stage,
// tid >> stage, tid & (half - 1)): the pass gives the model a parameter
// exp2_stage = 2^stage (params[].exp2_of), which the core derives from the
// value of stage at launch; the shifts become products and floor divisions by
// it, the mask a remainder (exp2_stage is a power of two by construction).
// REQUIRES: warpest-core, warpest-cli
// RUN: rm -rf %t && mkdir -p %t
// RUN: env WARPEST_CONFIG='no-estimate;dump-model=%t' %clang-plugin -fno-discard-value-names --cuda-device-only --cuda-gpu-arch=sm_80 -c %s -o /dev/null
// RUN: FileCheck %s --check-prefix=MODEL --input-file=%t/fft_stage.json
// RUN: %warpest-cli estimate %t/fft_stage.json --gpu a100-40gb --block 256x1x1 -p n=1048576 -p stage=0 --json | FileCheck %s --check-prefix=STAGE0
// RUN: %warpest-cli estimate %t/fft_stage.json --gpu a100-40gb --block 256x1x1 -p n=1048576 -p stage=4 --json | FileCheck %s --check-prefix=STAGE4
// RUN: not %warpest-cli estimate %t/fft_stage.json --gpu a100-40gb --block 256x1x1 -p n=1048576 -p exp2_stage=16 2>&1 | FileCheck %s --check-prefix=DERIVED
// RUN: not %warpest-cli estimate %t/fft_stage.json --gpu a100-40gb --block 256x1x1 -p n=1048576 -p stage=41 2>&1 | FileCheck %s --check-prefix=RANGE
// With no configuration, the placeholders run the per-access part: stage, shifted by, takes 10
// (2^10 = 1024, the size placeholder) and exp2_stage no value of its own, which the core rejects.
// RUN: env WARPEST_CONFIG= %clang-plugin -fno-discard-value-names --cuda-device-only --cuda-gpu-arch=sm_80 -Rpass-analysis=warpest -c %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOCONFIG
#include <cuda_runtime.h>

// MODEL: { "name": "exp2_stage", "exp2_of": "stage" }
// MODEL-NOT: "analysable": false
// MODEL-NOT: shift by a variable amount
extern "C" __global__ void fft_stage(float2 *data, int n, int stage)
{
	int tid = blockIdx.x * blockDim.x + threadIdx.x;
	int half = 1 << stage;
	if (tid >= n / 2)
		return;
	int group = tid >> stage;
	int pos = tid & (half - 1);
	int i0 = group * (half << 1) + pos;
	int i1 = i0 + half;
	float2 a = data[i0], b = data[i1];
	data[i0] = make_float2(a.x + b.x, a.y + b.y);
	data[i1] = make_float2(a.x - b.x, a.y - b.y);
}

// n = 2^20: 2^19 threads, 2048 blocks of 256, 16384 warps; two 8-byte loads
// each: 32768 load requests. The whole array, 2^20 float2 = 8388608 B, is
// read once and written once.
// stage 0 (half 1): i0 = 2*tid, i1 = 2*tid + 1: a warp's 32 lanes span
// 32 * 16 = 512 B, 16 sectors a request: 32768 * 16 = 524288 sectors.
// STAGE0: "l1_global_ld_requests": 32768.0
// STAGE0-NEXT: "l1_global_ld_sectors": 524288.0
// STAGE0: "dram_read_bytes": 8388608.0
// STAGE0-NEXT: "dram_write_bytes": 8388608.0
// stage 4 (half 16): a warp is two groups of 16 consecutive float2 (128 B,
// 4 sectors each): 8 sectors a request, 262144 sectors.
// STAGE4: "l1_global_ld_requests": 32768.0
// STAGE4-NEXT: "l1_global_ld_sectors": 262144.0
// STAGE4: "dram_read_bytes": 8388608.0
// DERIVED: parameter 'exp2_stage' is 2^stage (params[2].exp2_of): give 'stage' instead
// NOCONFIG-NOT: rejected
// NOCONFIG: per-access figures below use 1024 for them (stage: 10, shifted by)
// NOCONFIG-NOT: rejected
// NOCONFIG: remark: load data[
// RANGE: parameter 'stage' = 41: the model takes 2^stage ('exp2_stage', a shift by it), which needs 0 <= stage <= 40
