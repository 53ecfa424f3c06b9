// L1 capacity misses from reuse distances (docs/model.md §5, "L1 argument"):
// one block's loads replayed in program order. Two kernels in the style of
// real code: a direct convolution whose taps reuse each other's sectors at
// once, and a thread summing its own row four times, whose row comes back
// only after the whole block's rows have passed.
// REQUIRES: warpest-core, warpest-cli
// RUN: rm -rf %t && mkdir -p %t
// RUN: env WARPEST_CONFIG='no-estimate;dump-model=%t' %clang-plugin -fno-discard-value-names --cuda-device-only --cuda-gpu-arch=sm_80 -c %s -o /dev/null
// RUN: %warpest-cli estimate %t/_Z13conv2d_directILi7EEvPKfPfii.json --gpu a100-40gb --block 64x1x1 -p w=4096 -p h=4096 --json | FileCheck %s --check-prefix=CONV
// RUN: %warpest-cli estimate %t/_Z13conv2d_directILi7EEvPKfPfii.json --gpu a100-40gb --block 32x2x1 -p w=4096 -p h=4096 --json | FileCheck %s --check-prefix=SMALL
// RUN: %warpest-cli estimate %t/_Z10row_repeatPKfPfi.json --gpu a100-40gb --block 64x1x1 --grid 1024 -p n=1024 --json | FileCheck %s --check-prefix=ROW
#include <cuda_runtime.h>

// 64x1 blocks: 32 resident, 15 rows of 64+14 floats each, about 1.05x the
// 192 KB L1 as a whole allocation (the allocation argument's hit rate: 0.91),
// but tap j+1 asks for the sectors tap j just read: every repeat hits.
// CONV: "l1_capacity_hit_rate": 1.0,
// CONV: "l1_capacity_argument": "reuse distances",
// 32x2: the allocation fits (o = 0.79), nothing is replayed
// SMALL: "l1_capacity_hit_rate": 1.0,
// SMALL: "l1_capacity_argument": "allocation",
// SMALL: "l1_reuse_none": "the allocation hits: no reuse distance is longer"
template <int R>
__global__ void conv2d_direct(const float *__restrict__ in, float *__restrict__ out, int w, int h)
{
	const int x = blockIdx.x * blockDim.x + threadIdx.x;
	const int y = blockIdx.y * blockDim.y + threadIdx.y;
	if (x >= w || y >= h)
		return;
	const int pitch = w + 2 * R;
	float acc = 0.0f;
#pragma unroll
	for (int i = 0; i <= 2 * R; i++)
#pragma unroll
		for (int j = 0; j <= 2 * R; j++)
			acc += in[(y + i) * pitch + x + j] * (1.0f / ((2 * R + 1) * (2 * R + 1)));
	out[y * w + x] = acc;
}
template __global__ void conv2d_direct<7>(const float *, float *, int, int);

// Row r of 1024 floats = 32 lines of 4 sectors, read 4 times. Block 64x1:
// lane r reads row r, every warp-instruction 32 lines of 32 rows.
// Repeats within a pass: sector k (k % 8 != 0) again at k+1, 1024 - 128 =
// 896 a pass, distance 31 lines of its own warp's instruction + 32 of the
// other warp's = 63. From the second pass the 128 sectors of the row come
// back after every other line of the block: 64 * 32 - 1 = 2047.
// Repeated: 4 * 896 + 3 * 128 = 3968; mean distance
// (3584 * 63 + 384 * 2047) / 3968 = 1011840 / 3968 = 255.0 lines.
// Grid 1024: ceil(1024 / 108) = 10 blocks per SM, so o = 10 * 63 * 128 /
// 196608 = 0.41 (hit) and 10 * 2047 * 128 / 196608 = 13.3 (miss):
// hit rate 1 - 384 / 3968 = 0.903226 (the allocation argument: 0).
// ROW: "l1_capacity_hit_rate": 0.903225806
// ROW: "l1_capacity_argument": "reuse distances",
// ROW: "l1_reuse_distance_lines": 255.0
__global__ void row_repeat(const float *__restrict__ a, float *__restrict__ out, int n)
{
	const int r = blockIdx.x * blockDim.x + threadIdx.x;
	float acc = 0.0f;
	for (int rep = 0; rep < 4; rep++)
		for (int k = 0; k < n; k++)
			acc += a[(long)r * n + k];
	out[r] = acc;
}
