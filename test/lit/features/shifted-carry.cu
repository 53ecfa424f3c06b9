// A value carried from one iteration to the next as a function of the loop
// counter, not of itself: the z-marching 7-point stencil's `top` plane,
// loaded at the end of iteration k from plane k + 2, reaches the IR as a
// phi [2*ny, (k + 2)*ny] (the load moved to the next iteration's start).
// In iteration k the phi holds E(k - 1) = (k + 1)*ny, the first iteration
// included since E(0) = 2*ny is the start. Before, "loop-carried value that
// is not an induction variable", and the load was assumed random.
// REQUIRES: warpest-core
// RUN: env WARPEST_CONFIG='gpu=a100-40gb;block=32x8;param=nx:512;param=ny:512;param=nz:512' %clang-plugin --cuda-device-only --cuda-gpu-arch=sm_90 -Rpass-analysis='warpest.*' -c %s -o /dev/null 2>&1 | FileCheck %s
// CHECK: stencil7_zmarch (sm_90): 8 accesses (0 not analysable)
// CHECK-NOT: not an induction variable
// it0 = k - 1, so plane k + 1 (loaded in iteration k for k + 1's use) is
// it0 + 2; the store of plane k is it0 + 1.
// CHECK-DAG: load A0[it0 + 2][threadIdx.y + blockIdx.y*blockDim.y + 1][threadIdx.x + blockIdx.x*blockDim.x + 1]: 4 B
// CHECK-DAG: store Anext[it0 + 1][threadIdx.y + blockIdx.y*blockDim.y + 1][threadIdx.x + blockIdx.x*blockDim.x + 1]: 4 B
// A start that is not E(-1): row 0 first, then row k + 5 (E(-1) = 4, not
// 0): the value is not one affine form, and stays unanalysed. (LLVM unrolls
// the loop by 4: the first of each 4 loads is that value; the others, and
// the remainder loop's, are affine.)
// CHECK: carry_mismatch (sm_90): 6 accesses (1 not analysable)
// CHECK: load in not analysed: loop-carried value that is not an induction variable
#include <cuda_runtime.h>

#define IDX3(nx, ny, i, j, k) ((i) + (nx) * ((j) + (ny) * (k)))

extern "C" __global__ void stencil7_zmarch(float c0, float c1, const float *A0, float *Anext, int nx, int ny, int nz)
{
	const int i = blockIdx.x * blockDim.x + threadIdx.x + 1;
	const int j = blockIdx.y * blockDim.y + threadIdx.y + 1;
	if (i > nx - 2 || j > ny - 2)
		return;
	float below = A0[IDX3(nx, ny, i, j, 0)];
	float here = A0[IDX3(nx, ny, i, j, 1)];
	float above = A0[IDX3(nx, ny, i, j, 2)];
	for (int k = 1; k < nz - 1; k++) {
		const float side = A0[IDX3(nx, ny, i, j + 1, k)] + A0[IDX3(nx, ny, i, j - 1, k)] +
			A0[IDX3(nx, ny, i + 1, j, k)] + A0[IDX3(nx, ny, i - 1, j, k)];
		Anext[IDX3(nx, ny, i, j, k)] = c1 * (above + below + side) - c0 * here;
		below = here;
		here = above;
		above = A0[IDX3(nx, ny, i, j, k + 2)];
	}
}

extern "C" __global__ void carry_mismatch(const float *in, float *out, int w, int n)
{
	const int t = blockIdx.x * blockDim.x + threadIdx.x;
	int row = 0;
	float s = 0.f;
	for (int k = 0; k < n; k++) {
		s += in[row * w + t];
		row = k + 5;
	}
	out[t] = s;
}
