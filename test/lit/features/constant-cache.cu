// __constant__ reads through the constant cache (docs/model.md §2): no L1
// wavefronts and no L2 or DRAM traffic; a literal address is an operand of
// its user (no instruction), any other address issues one pass per distinct
// word of the warp.
// REQUIRES: warpest-core, warpest-cli
// RUN: rm -rf %t && mkdir -p %t
// RUN: env WARPEST_CONFIG='no-estimate;dump-model=%t' %clang-plugin -fno-discard-value-names --cuda-device-only --cuda-gpu-arch=sm_80 -c %s -o /dev/null
// RUN: FileCheck %s --check-prefix=MODEL --input-file=%t/_Z10weigh_tapsILi3EEvPKfPfi.json
// RUN: %warpest-cli estimate %t/_Z10weigh_tapsILi3EEvPKfPfi.json --gpu a100-40gb --block 128x1x1 --grid 64x1x1 -p n=3 --json > %t/est.json
// RUN: FileCheck %s --check-prefix=EST --input-file=%t/est.json
// RUN: FileCheck %s --check-prefix=WAVES --input-file=%t/est.json
#include <cuda_runtime.h>

__constant__ float taps[3];
__constant__ float bias[64];
__constant__ float table[8];

// The field is constant memory, and the three taps stay three 4-byte loads
// (not merged into a vector: each is its own operand).
// MODEL: "name": "taps", "space": "constant"
// MODEL-NOT: modelled as global memory
// MODEL-NOT: merged into one
template <int K>
__global__ void weigh_taps(const float *__restrict__ in, float *__restrict__ out, int n)
{
	const int i = blockIdx.x * blockDim.x + threadIdx.x;
	float acc = 0.0f;
#pragma unroll
	for (int k = 0; k < K; k++)
		acc += taps[k] * in[i + k];
	// a runtime loop over a warp-uniform index: one pass a load
	for (int j = 0; j < n; j++)
		acc += bias[j];
	// eight distinct words in each warp: eight passes
	acc *= table[threadIdx.x & 7];
	out[i] = acc;
}
template __global__ void weigh_taps<3>(const float *, float *, int);

// Per access (in model order, the literal taps first):
// EST: "field": "taps",
// EST-NEXT: "space": "constant",
// EST: "constant_cache_passes_per_instruction": 1.0,
// EST-NEXT: "operand": true
// the remainder loop of `j < n` unrolled by 4 runs n % 4 = 3 times:
// 256 warps x 3 = 768 warp-instructions, one pass each
// EST: "field": "bias",
// EST-NEXT: "space": "constant",
// EST: "warp_instructions": 768.0,
// EST: "constant_cache_passes_per_instruction": 1.0,
// EST-NEXT: "operand": false
// EST: "field": "table",
// EST-NEXT: "space": "constant",
// EST: "constant_cache_passes_per_instruction": 8.0,
// EST-NEXT: "operand": false
// L1 data wavefronts, by hand: 64 blocks x 4 warps = 256 warps. Each makes
// 3 loads of in[] (32 consecutive floats, one wavefront each) and 1 store
// of out[] (one wavefront): 256 x 4 = 1024. The constant loads add none.
// WAVES: "l1_data_wavefronts": 1024.0,
