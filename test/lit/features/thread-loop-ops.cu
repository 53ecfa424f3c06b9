// A loop whose trip count depends on the thread (hotspot's shrinking stencil
// loops, a triangular sweep): its operations count a warp's iterations, its
// lanes' largest trip count, and so do its load rounds (docs/model.md §6, §8).
// REQUIRES: warpest-core, warpest-cli
// RUN: rm -rf %t && mkdir -p %t
// RUN: env WARPEST_CONFIG='no-estimate;dump-model=%t' %clang-plugin -fno-discard-value-names --cuda-device-only --cuda-gpu-arch=sm_80 -c %s -o /dev/null
// RUN: FileCheck %s --check-prefix=MODEL --input-file=%t/tri.json
// RUN: %warpest-cli estimate %t/tri.json --gpu a100-40gb --block 64x1x1 --grid 16x1x1 --json > %t/est.json
// RUN: FileCheck %s --check-prefix=EST --input-file=%t/est.json
#include <cuda_runtime.h>

// MODEL: "upper": "-tid.x + 40"
// MODEL: "ops": [
// MODEL-NEXT: { "int": 2 },
// MODEL-NEXT: { "loops": [ "it0" ], "int": 1 },
// MODEL-NEXT: { "loops": [ "it0" ], "runs_with": 1, "fp32_fma": 1, "int": 2 }
extern "C" __global__ void tri(const float *__restrict__ in, float *__restrict__ out)
{
	float acc = 0.0f;
#pragma unroll 1
	for (int i = threadIdx.x; i < 40; i++)
		acc = acc * 0.5f + in[blockIdx.x * 64 + i];
	out[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}

// Block of 64 threads, 16 blocks. Thread t runs 40 - t iterations (t < 40),
// none for t >= 40. Warp 0 (t = 0..31) runs 40 iterations (lane 0's), warp 1
// (t = 32..63) 8 (lane 32's): 48 warp-iterations a block, 32 lane slots
// each: 1536 a block, 24576 in the launch (the lanes themselves run
// 40*41/2 = 820 a block, 13120: what the count was before).
//   fp32_fma: 1 * 24576 = 24576
//   int: 2 * 1024 threads (loop-free) + (1 + 2) * 24576 = 75776
//   warp-instructions: (24576 + 75776) / 32 = 3136 operations
//     + the load 48 * 16 = 768 + the store 2 * 16 = 32: 3936
//   flops per thread: 2 * 24576 / 1024 = 48
//   load rounds: 48 warp-iterations a block over 2 warps = 24 a warp (1 before)
// EST: "flops": 48.0
// EST: "compute":
// EST: "warp_instructions": 3936.0
// EST: "fp32_fma": 24576.0
// EST: "int": 75776.0
// EST: "rounds": 24.0,
// EST-NOT: thread-dependent bounds
