// Barrier phases (pass/phases.c, docs/model.md §8): the number of
// __syncthreads before each access and operation on the longest path from
// the entry. A tiled matrix product loads its tiles (phase 0), computes on
// them after the first barrier (phase 1), and stores after the loop, whose
// body ends in the second barrier (phase 2). With one resident block per SM
// (32x32 threads on an RTX A4000: 1536 threads per SM hold one block of
// 1024) the block's phases run one after another; with 16x16 (six blocks
// resident) the limiters overlap and the time is the largest of them.
// REQUIRES: warpest-core, warpest-cli
// RUN: rm -rf %t && mkdir -p %t
// RUN: env WARPEST_CONFIG='no-estimate;dump-model=%t' %clang-plugin --cuda-device-only --cuda-gpu-arch=sm_86 -c %s -o /dev/null
// RUN: FileCheck %s --check-prefix=MODEL --input-file=%t/_Z12tiled_matmulILi32EEvPKfS1_Pfi.json
// RUN: FileCheck %s --check-prefix=GRID --input-file=%t/_Z12tiled_matmulILi32EEvPKfS1_Pfi.json --implicit-check-not='no guard bounds the grid'
// RUN: %warpest-cli estimate %t/_Z12tiled_matmulILi32EEvPKfS1_Pfi.json --gpu rtx-a4000 --block 32x32x1 --grid 64x64x1 -p n=2048 --json > %t/one.json
// RUN: FileCheck %s --check-prefix=ONE --input-file=%t/one.json --implicit-check-not='no guard bounds the grid'
// RUN: %warpest-cli estimate %t/_Z12tiled_matmulILi32EEvPKfS1_Pfi.json --gpu rtx-a4000 --block 16x16x1 --grid 128x128x1 -p n=2048 --json > %t/six.json
// RUN: FileCheck %s --check-prefix=SIX --input-file=%t/six.json --implicit-check-not='no guard bounds the grid'
// RUN: %warpest-cli estimate %t/_Z12tiled_matmulILi32EEvPKfS1_Pfi.json --gpu rtx-a4000 --block 16x16x1 -p n=2048 --json | FileCheck %s --check-prefix=NOGRID
// RUN: env WARPEST_CONFIG='gpu=rtx-a4000;block=32x32x1;grid=64x64x1;param=n:2048' %clang-plugin --cuda-device-only --cuda-gpu-arch=sm_86 -Rpass-analysis='warpest.*' -c %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK --implicit-check-not='no guard bounds the grid'
#include <cuda_runtime.h>

template <int TILE>
__global__ void tiled_matmul(const float *__restrict__ a, const float *__restrict__ b,
                             float *__restrict__ c, int n)
{
	__shared__ float as[TILE][TILE];
	__shared__ float bs[TILE][TILE];
	const int tx = threadIdx.x, ty = threadIdx.y;
	const int row = blockIdx.y * TILE + ty, col = blockIdx.x * TILE + tx;
	float acc = 0.0f;
	for (int k0 = 0; k0 < n; k0 += TILE) {
		as[ty][tx] = a[row * n + k0 + tx];
		bs[ty][tx] = b[(k0 + ty) * n + col];
		__syncthreads();
#pragma unroll
		for (int k = 0; k < TILE; k++)
			acc += as[ty][k] * bs[k][tx];
		__syncthreads();
	}
	c[row * n + col] = acc;
}
template __global__ void tiled_matmul<32>(const float *, const float *, float *, int);

// The store after the loop is phase 2; the tile loads and stores have no
// phase key (0); the reads of the tiles are phase 1, and so are the FMAs.
// MODEL: { "field": "c", "kind": "store", {{.*}}"phase": 2 }
// MODEL: { "field": "a", "kind": "load", "bytes": 4, "index": [ "tid.y + 32*ctaid.y", "tid.x + 32*it0" ], "loops": [ "it0" ], "guard": "n > 0" },
// MODEL: { "field": "as", "kind": "load", {{.*}}"phase": 1 }
// MODEL: { "loops": [ "it0" ], "runs_with": 1, "phase": 1, "fp32_fma": 32 }
// No guard bounds the grid: the model marks its guess (`guessed`), and the
// core lists it only where a launch uses it: not with grid= (the REMARK
// run), nor with --grid (ONE, SIX); the NOGRID run uses it.
// GRID: "grid": { "x": "1024", "y": "64", "guessed": [ "x", "y" ] },
// NOGRID: "no guard bounds the grid's x dimension: the model's guess of 1024 blocks used (give the grid)"
// NOGRID-NEXT: "no guard bounds the grid's y dimension: the model's guess of 64 blocks used (give the grid)"

// ONE: "barrier_phases": 3,
// ONE-NEXT: "resident_blocks": 1.0,
// ONE-NEXT: "serial_weight": 1.0,
// ONE: "3 barrier phases and 1 resident block(s) per SM: a block's phases run one after another

// Six blocks resident: s = clamp(2 - 6, 0, 1) = 0, the phases overlap and
// the prediction is the largest limiter's time (L1 here).
// SIX: "barrier_phases": 3,
// SIX-NEXT: "resident_blocks": 6.0,
// SIX-NEXT: "serial_weight": 0.0,
// SIX-NOT: barrier phases and

// REMARK: remark: tiled_matmul<32> (sm_86): assumes 3 barrier phases and 1 resident block(s) per SM
