// A flag set on one path and tested later (`computed = true` in the branch
// that updates a temporally tiled block, `if (computed) ...` after the
// barrier, and after the loop): the flag is an i1 phi of constants at the
// join, and the test its condition, the path condition of reaching the
// join from the arm that sets it; after the loop, that condition in the
// last iteration. Before, "condition not built from integer comparisons",
// assumed true: the guarded stores counted for every lane.
// REQUIRES: warpest-core
// RUN: env WARPEST_CONFIG='gpu=a100-40gb;block=16x16;grid=300x300;param=n:4096;param=iters:2' %clang-plugin --cuda-device-only --cuda-gpu-arch=sm_90 -Rpass-analysis='warpest.*' -c %s -o /dev/null 2>&1 | FileCheck %s
// CHECK-NOT: assumes condition
// The store at the flag: iteration i runs tx, ty in [i + 1, 14 - i]. A
// warp is two rows of 16. i = 0: rows 1..14, warps 0 and 7 hold one such
// row (14 lanes), warps 1..6 two (28): (2*14 + 6*28) / 8 = 24.5 lanes in 8
// warp-instructions. i = 1: rows 2..13, warps 1..6 with 24 lanes, warps 0
// and 7 none. (8*24.5 + 6*24) / 14 = 24.29 lanes a warp-instruction.
// CHECK: store t[threadIdx.x + 16*threadIdx.y]: 4 B, 1 data and 0 tag wavefronts and 0 sectors per request, 1 L1 cycles per instruction, 1260000 warp-instructions of 24.3 active lanes
// (300 x 300 blocks x 14 warp-instructions = 1260000.) After the loop the
// flag is the last iteration's (i = iters - 1 = 1): tx, ty in [2, 13], so
// warps 1..6 with 2 rows of 12 lanes; the grid (300 x 12 = 3600 < n) cuts
// none: 300 x 300 x 6 = 540000 warp-instructions of 24 lanes.
// CHECK: store dst[{{.*}}]: 4 B, {{.*}} 540000 warp-instructions of 24 active lanes
#include <cuda_runtime.h>
#define BS 16
extern "C" __global__ void pyramid(const float *__restrict__ src, float *__restrict__ dst, int n, int iters)
{
	__shared__ float t[BS][BS];
	int tx = threadIdx.x, ty = threadIdx.y;
	int gx = blockIdx.x * (BS - 2 * iters) + tx - iters, gy = blockIdx.y * (BS - 2 * iters) + ty - iters;
	if (gx >= 0 && gx < n && gy >= 0 && gy < n)
		t[ty][tx] = src[gy * n + gx];
	__syncthreads();
	bool computed = false;
	for (int i = 0; i < iters; i++) {
		computed = false;
		float v = 0.f;
		if (tx >= i + 1 && tx <= BS - i - 2 && ty >= i + 1 && ty <= BS - i - 2) {
			computed = true;
			v = 0.25f * (t[ty - 1][tx] + t[ty + 1][tx] + t[ty][tx - 1] + t[ty][tx + 1]);
		}
		__syncthreads();
		if (computed)
			t[ty][tx] = v;
		__syncthreads();
	}
	if (computed && gx < n && gy < n)
		dst[gy * n + gx] = t[ty][tx];
}
