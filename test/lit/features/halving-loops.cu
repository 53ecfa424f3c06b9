// Halving loops (docs/kernel-model.md "Loops", pass/halving.c): the tree
// reductions of public benchmark suites, `for (s = blockDim.x / 2; s > 0;
// s >>= 1)`, written the ways real code writes them. The loop's variable is
// its atom; the model gives its first value, shift and bound, and the core
// unrolls it at launch.
// REQUIRES: warpest-core, warpest-cli
// RUN: rm -rf %t && mkdir -p %t
// RUN: env WARPEST_CONFIG='no-estimate;dump-model=%t' %clang-plugin -fno-discard-value-names --cuda-device-only --cuda-gpu-arch=sm_80 -c %s -o /dev/null
// RUN: FileCheck %s --check-prefix=REDUCE --input-file=%t/_Z12block_reduceIfEvPKT_PS0_i.json
// RUN: FileCheck %s --check-prefix=MAX --input-file=%t/_Z8max_treePKfPf.json
// RUN: FileCheck %s --check-prefix=LEVELS --input-file=%t/_Z6levelsPf.json
// RUN: %warpest-cli estimate %t/_Z12block_reduceIfEvPKT_PS0_i.json --gpu a100-40gb --block 256x1x1 --grid 64x1x1 --param n=16384 --json > %t/reduce.json
// RUN: FileCheck %s --check-prefix=EST --input-file=%t/reduce.json
// RUN: %warpest-cli estimate %t/_Z8max_treePKfPf.json --gpu a100-40gb --block 96x1x1 --grid 10x1x1 --json > %t/max.json
// RUN: FileCheck %s --check-prefix=MAXEST --input-file=%t/max.json
#include <cuda_runtime.h>

template <typename T>
__device__ __forceinline__ T warp_sum(T v)
{
#pragma unroll
	for (int o = 16; o > 0; o >>= 1)
		v += __shfl_down_sync(0xffffffffu, v, o);
	return v;
}

// A grid-stride sum, the tree down to 64 values, the last warp by shuffles.
// LLVM keeps p = 2s in the phi (p = blockDim.x, p >> 1, ...) and tests
// p > 131 at the end of the body, which decides the next value: p' > 65.
// REDUCE: { "var": "it1", "lower": "ntid.x", "shift": 1, "above": "65", "first_always": true }
// REDUCE: "index": [ "tid.x + (it1) / 2" ], "loops": [ "it1" ], "guard": "ntid.x > 65 && tid.x < (it1) / 2"
// Block 256 at 64 blocks: p = 256, 128 (s = 128, 64): the threads t < s load
// sm[t + s], 4 + 2 = 6 full warps a block, 6 * 64 = 384 warp-instructions of
// 32 lanes, 4-byte lanes on distinct banks: 1 wavefront each.
// EST: "index": 2,
// EST: "warp_instructions": 384.0,
// EST-NEXT: "active_lanes_per_instruction": 32.0,
// EST-NEXT: "data_wavefronts_per_instruction": 1.0,
// EST: "halving loop 'it1' unrolled at this launch: 2 iteration(s), values 256, 128"
template <typename T>
__global__ void block_reduce(const T *__restrict__ in, T *__restrict__ out, int n)
{
	extern __shared__ unsigned char raw[];
	T *sm = reinterpret_cast<T *>(raw);
	const unsigned t = threadIdx.x;
	T v = 0;
	for (int i = blockIdx.x * blockDim.x + t; i < n; i += gridDim.x * blockDim.x)
		v += in[i];
	sm[t] = v;
	__syncthreads();
	for (unsigned s = blockDim.x / 2; s > 32; s >>= 1) {
		if (t < s)
			sm[t] += sm[t + s];
		__syncthreads();
	}
	if (t < 32) {
		v = sm[t] + sm[t + 32];
		v = warp_sum(v);
		if (t == 0)
			out[blockIdx.x] = v;
	}
}
template __global__ void block_reduce<float>(const float *, float *, int);

// A signed stride halved by division (InstCombine makes it a shift, the
// test on the next value at the end of the body).
// MAX: { "var": "it0", "lower": "(ntid.x) / 2", "shift": 1, "above": "0", "first_always": true }
// MAX: "index": [ "tid.x + it0" ], "loops": [ "it0" ], "guard": "(ntid.x) / 2 != 0 && tid.x < it0"
// Block 96, 10 blocks: s = 48, 24, 12, 6, 3, 1: warps 2 + 1 + 1 + 1 + 1 + 1 =
// 7 a block, 70 warp-instructions; lanes 48+24+12+6+3+1 = 94 a block,
// 94/7 = 13.43 per instruction.
// MAXEST: "index": 3,
// MAXEST: "warp_instructions": 70.0,
// MAXEST-NEXT: "active_lanes_per_instruction": 13.428
__global__ void max_tree(const float *in, float *out)
{
	__shared__ float s_max[512];
	int tid = threadIdx.x;
	s_max[tid] = in[blockIdx.x * blockDim.x + tid];
	__syncthreads();
	for (int stride = blockDim.x >> 1; stride > 0; stride /= 2) {
		if (tid < stride)
			s_max[tid] = fmaxf(s_max[tid], s_max[tid + stride]);
		__syncthreads();
	}
	if (tid == 0)
		out[blockIdx.x] = s_max[0];
}

// A second variable counting the levels is not a halving variable: the loop
// still is a halving loop, and the accesses that use the counter say why
// they are not analysed.
// LEVELS: { "var": "it0", "lower": "(ntid.x) / 2", "shift": 1, "above": "0", "first_always": true }
// LEVELS: "reason": "loop-carried value of a halving loop other than its halving variable"
__global__ void levels(float *buf)
{
	int t = threadIdx.x, level = 0;
	for (int s = blockDim.x / 2; s > 0; s >>= 1, level++) {
		if (t < s)
			buf[level * 1024 + t] = buf[level * 1024 + 2 * t] + buf[level * 1024 + 2 * t + 1];
		__syncthreads();
	}
}
