// Geometric loops (docs/kernel-model.md "Loops", pass/geometric.c): the tree
// reductions of public benchmark suites, `for (s = blockDim.x / 2; s > 0;
// s >>= 1)`, and the interleaved ones and scans that double instead,
// `for (s = 1; s < blockDim.x; s *= 2)`, written the ways real code writes
// them. The loop's variable is its atom; the model gives its first value,
// shift and bound, and the core unrolls it at launch.
// REQUIRES: warpest-core, warpest-cli
// RUN: rm -rf %t && mkdir -p %t
// RUN: env WARPEST_CONFIG='no-estimate;dump-model=%t' %clang-plugin -fno-discard-value-names --cuda-device-only --cuda-gpu-arch=sm_80 -c %s -o /dev/null
// RUN: FileCheck %s --check-prefix=REDUCE --input-file=%t/_Z12block_reduceIfEvPKT_PS0_i.json
// RUN: FileCheck %s --check-prefix=MAX --input-file=%t/_Z8max_treePKfPf.json
// RUN: FileCheck %s --check-prefix=LEVELS --input-file=%t/_Z6levelsPf.json
// RUN: %warpest-cli estimate %t/_Z6levelsPf.json --gpu a100-40gb --block 256x1x1 --grid 4x1x1 --json > %t/levels.json
// RUN: FileCheck %s --check-prefix=LEVEST --input-file=%t/levels.json
// RUN: %warpest-cli estimate %t/_Z12block_reduceIfEvPKT_PS0_i.json --gpu a100-40gb --block 256x1x1 --grid 64x1x1 --param n=16384 --json > %t/reduce.json
// RUN: FileCheck %s --check-prefix=EST --input-file=%t/reduce.json
// RUN: %warpest-cli estimate %t/_Z8max_treePKfPf.json --gpu a100-40gb --block 96x1x1 --grid 10x1x1 --json > %t/max.json
// RUN: FileCheck %s --check-prefix=MAXEST --input-file=%t/max.json
// RUN: FileCheck %s --check-prefix=INTER --input-file=%t/_Z11interleavedPKfPf.json
// RUN: FileCheck %s --check-prefix=DIVERGENT --input-file=%t/_Z9divergentPKfPf.json
// RUN: FileCheck %s --check-prefix=SCAN --input-file=%t/_Z10scan_naivePKfPf.json
// RUN: %warpest-cli estimate %t/_Z11interleavedPKfPf.json --gpu a100-40gb --block 256x1x1 --grid 64x1x1 --json > %t/inter.json
// RUN: FileCheck %s --check-prefix=INTEREST --input-file=%t/inter.json
// RUN: %warpest-cli estimate %t/_Z9divergentPKfPf.json --gpu a100-40gb --block 256x1x1 --grid 64x1x1 --json > %t/divergent.json
// RUN: FileCheck %s --check-prefix=DIVEST --input-file=%t/divergent.json
// RUN: mkdir -p %t/misc
// RUN: env WARPEST_CONFIG='no-estimate;dump-model=%t/misc' %clang-plugin -fno-discard-value-names --cuda-device-only --cuda-gpu-arch=sm_80 -c %S/../corpus/misc.cu -o /dev/null
// RUN: FileCheck %s --check-prefix=BITONIC --input-file=%t/misc/bitonic_block.json
// RUN: %warpest-cli estimate %t/misc/bitonic_block.json --gpu a100-40gb --block 256x1x1 --grid 8x1x1 --param up=1 --json > %t/bitonic.json
// RUN: FileCheck %s --check-prefix=BITEST --input-file=%t/bitonic.json
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

// A second variable counting the levels is affine in the iteration count,
// which the model names beside the variable ("count": 0, 1, ... in the
// copies). Both level sums read two neighbouring floats, which -O2 merges
// into one 8-byte load.
// LEVELS: { "var": "it0", "count": "it0k", "lower": "(ntid.x) / 2", "shift": 1, "above": "0", "first_always": true }
// LEVELS: "bytes": 8, "index": [ "2*tid.x + 1024*it0k" ], "loops": [ "it0" ], "guard": "tid.x < it0"
// LEVELS: "bytes": 4, "index": [ "tid.x + 1024*it0k" ], "loops": [ "it0" ], "guard": "tid.x < it0"
// Block 256, 4 blocks: s = 128, ..., 1: 4 + 2 + 1*6 = 12 warps a block, 48
// in all; the 8-byte loads of level 0 (s = 128) span 2 wavefronts a warp, 1
// from s = 16 down (16 lanes or fewer): (4*2 + 2*2 + 2 + 1*5)/12 = 19/12.
// LEVEST: "index": 0,
// LEVEST: "warp_instructions": 48.0,
// LEVEST-NEXT: "active_lanes_per_instruction": 21.25,
// LEVEST-NEXT: "data_wavefronts_per_instruction": 1.583
__global__ void levels(float *buf)
{
	int t = threadIdx.x, level = 0;
	for (int s = blockDim.x / 2; s > 0; s >>= 1, level++) {
		if (t < s)
			buf[level * 1024 + t] = buf[level * 1024 + 2 * t] + buf[level * 1024 + 2 * t + 1];
		__syncthreads();
	}
}

// The interleaved reduction: index = 2*s*tid, a product of the thread index
// and the loop's variable, affine in every copy the core makes.
// INTER: { "var": "it0", "lower": "1", "shift": -1, "below": "ntid.x", "first_always": true }
// INTER: "index": [ "2*tid.x*it0 + it0" ], "loops": [ "it0" ], "guard": "ntid.x > 1 && 2*tid.x*it0 < ntid.x"
// Block 256, 64 blocks: s = 1, 2, ..., 128; the threads t < 128/s load word
// 2st + s: 4, 2, 1, 1, 1, 1, 1, 1 warps (12 a block, 768 in all) with
// 2, 4, 8, 8, 8, 4, 2, 1 lanes on one bank: 4*2 + 2*4 + 8 + 8 + 8 + 4 + 2
// + 1 = 47 wavefronts a block, 47/12 = 3.9167 per instruction.
// INTEREST: "index": 2,
// INTEREST: "warp_instructions": 768.0,
// INTEREST-NEXT: "active_lanes_per_instruction": 21.25,
// INTEREST-NEXT: "data_wavefronts_per_instruction": 3.916
__global__ void interleaved(const float *in, float *out)
{
	extern __shared__ float sdata[];
	unsigned tid = threadIdx.x;
	sdata[tid] = in[blockIdx.x * blockDim.x + tid];
	__syncthreads();
	for (unsigned s = 1; s < blockDim.x; s *= 2) {
		unsigned index = 2 * s * tid;
		if (index < blockDim.x)
			sdata[index] += sdata[index + s];
		__syncthreads();
	}
	if (tid == 0)
		out[blockIdx.x] = sdata[0];
}

// The divergent reduction: tid % (2*s), which LLVM writes as
// tid & (2*s + 1023) (the thread index has 10 bits; s is a power of two).
// DIVERGENT: "index": [ "tid.x + it0" ], "loops": [ "it0" ], "guard": "ntid.x > 1 && (tid.x) % (2*it0) == 0"
// Block 256, 64 blocks: the threads t = 0 mod 2s, 128/s of them; every warp
// has one for 2s <= 32 (s = 1..16: 5 levels of 8 warps), then 4, 2, 1:
// 47 warp-instructions a block, 3008 in all; 255 lanes a block, 5.4255 each.
// DIVEST: "index": 2,
// DIVEST: "warp_instructions": 3008.0,
// DIVEST-NEXT: "active_lanes_per_instruction": 5.425
__global__ void divergent(const float *in, float *out)
{
	__shared__ float sd[1024];
	unsigned tid = threadIdx.x;
	sd[tid] = in[blockIdx.x * blockDim.x + tid];
	__syncthreads();
	for (unsigned s = 1; s < blockDim.x; s *= 2) {
		if (tid % (2 * s) == 0)
			sd[tid] += sd[tid + s];
		__syncthreads();
	}
	if (tid == 0)
		out[blockIdx.x] = sd[0];
}

// A Hillis-Steele scan in one buffer: the offset doubles by a left shift.
// SCAN: { "var": "it0", "lower": "1", "shift": -1, "below": "ntid.x", "first_always": true }
// SCAN: "index": [ "tid.x - it0" ], "loops": [ "it0" ], "guard": "ntid.x > 1 && tid.x >= it0"
__global__ void scan_naive(const float *in, float *out)
{
	__shared__ float s[1024];
	int t = threadIdx.x;
	s[t] = in[blockIdx.x * blockDim.x + t];
	__syncthreads();
	for (int offset = 1; offset < blockDim.x; offset <<= 1) {
		float v = t >= offset ? s[t - offset] : 0.f;
		__syncthreads();
		s[t] += v;
		__syncthreads();
	}
	out[blockIdx.x * blockDim.x + t] = s[t];
}

// A bitonic sort of 2 * blockDim.x keys in shared memory (bitonic_block in
// corpus/misc.cu): the stride's loop starts from the size's, which the core
// unrolls first; the stride's values are powers of two, so t & (stride - 1)
// is t % stride.
// BITONIC: { "var": "it0", "lower": "2", "shift": -1, "below": "2*ntid.x + 1", "first_always": true },
// BITONIC-NEXT: { "var": "it1", "lower": "(it0) / 2", "shift": 1, "above": "0", "first_always": true }
// BITONIC: "index": [ "2*tid.x + it1 - (tid.x) % (it1)" ], "loops": [ "it0", "it1" ]
// Block 256, 8 blocks: sizes 2^m, m = 1..9, strides 2^(m-1) down to 1: 45
// pairs, each run by 8 warps: 360 warp-instructions a block, 2880 in all.
// pos = t + s*floor(t/s): a warp's 32 lanes cover 64 words for a
// stride below 32 (2 lanes a bank: 2 wavefronts) and 32 consecutive words
// from 32 up (1); strides of 32 or more: 1 + 2 + 3 + 4 = 10 of the 45
// pairs: (35*2 + 10)/45 = 1.7778 wavefronts each.
// BITEST: "index": 8,
// BITEST: "warp_instructions": 2880.0,
// BITEST-NEXT: "active_lanes_per_instruction": 32.0,
// BITEST-NEXT: "data_wavefronts_per_instruction": 1.777
