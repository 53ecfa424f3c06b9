// Operations under a guard run as often as the accesses under the same guard
// (pass/ops.c "runs_with"), not as often as the nest's most-executed access:
// the shrinking halo of a temporally tiled stencil, each unrolled step
// computing for fewer threads than the step before.
// REQUIRES: warpest-core, warpest-cli
// RUN: rm -rf %t && mkdir -p %t
// RUN: env WARPEST_CONFIG='no-estimate;dump-model=%t' %clang-plugin -fno-discard-value-names --cuda-device-only --cuda-gpu-arch=sm_80 -c %s -o /dev/null
// RUN: FileCheck %s --check-prefix=MODEL --input-file=%t/_Z10halo_stepsILi2EEvPKfPf.json
// RUN: %warpest-cli estimate %t/_Z10halo_stepsILi2EEvPKfPf.json --gpu a100-40gb --block 128x1x1 --grid 64x1x1 --json > %t/est.json
// RUN: FileCheck %s --check-prefix=EST --input-file=%t/est.json
#include <cuda_runtime.h>

// Every thread loads its point and stores it to the tile (unguarded). Step
// s = 1, 2 updates the points s <= tid.x < 128 - s: two fp32 FMAs each, in a
// block of its own whose shared load and store carry the step's guard.
// InstCombine folds each step's `tx >= s && tx < 128 - s` into the unsigned
// range test (tx - s) u< 128 - 2s; the guard keeps its lower bound.
// MODEL: "guard": "tid.x - 1 >= 0 && tid.x - 1 < 126"
// MODEL: "guard": "tid.x - 2 >= 0 && tid.x - 2 < 124"
// MODEL: "ops": [
// Each step lies in the barrier phase after its __syncthreads (pass/phases.c).
// MODEL: { "runs_with": {{[0-9]+}}, "phase": 1, "fp32_fma": 2 }
// MODEL: { "runs_with": {{[0-9]+}}, "phase": 2, "fp32_fma": 2 }
template <int STEPS>
__global__ void halo_steps(const float *__restrict__ in, float *__restrict__ out)
{
	__shared__ float tile[2][128];
	const int tx = threadIdx.x;
	tile[0][tx] = in[blockIdx.x * 128 + tx];
	__syncthreads();
#pragma unroll
	for (int s = 1; s <= STEPS; s++) {
		if (tx >= s && tx < 128 - s) {
			const float t = tile[(s - 1) & 1][tx];
			tile[s & 1][tx] = (t * 0.5f + 0.125f) * t + 1.0f;
		}
		__syncthreads();
	}
	out[blockIdx.x * 128 + tx] = tile[STEPS & 1][tx];
}
template __global__ void halo_steps<2>(const float *, float *);

// Per block of 128 threads, step 1 computes for tid.x = 1..126 (126 lanes),
// step 2 for 2..125 (124 lanes): (126 + 124) * 2 FMAs = 500 FMAs, 1000 flops,
// over 128 threads = 7.8125 flops per thread. With the nest's most-executed
// access (128 lanes: the unguarded load) both steps would count 128 lanes:
// 2 * 128 * 2 * 2 / 128 = 8 flops per thread.
// EST: "per_thread":
// EST: "flops": 7.8125
