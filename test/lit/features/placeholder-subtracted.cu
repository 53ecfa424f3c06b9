// Placeholder values for parameters without one (pass/driver.c): a size
// gets 1024, and a parameter that a thread count subtracts gets 16, so that
// the placeholder launch is not empty. An elimination step's threads are
// `n - 1 - k` (k the pivot row): with 1024 for both the grid had 0 blocks
// and the kernel got no per-access figures at all ("grid dimension x
// evaluates to 0 blocks"). Now 1024 - 1 - 16 = 1007 threads run.
// REQUIRES: warpest-core
// RUN: %clang-plugin --cuda-device-only --cuda-gpu-arch=sm_80 -Rpass-analysis='warpest.*' -c %s -o /dev/null 2>&1 | FileCheck %s --implicit-check-not='evaluates to 0 blocks'
#include <cuda_runtime.h>

template <typename T>
__global__ void eliminate_column(T *__restrict__ mult, const T *__restrict__ a, int n, int k)
{
	const int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= n - 1 - k)
		return;
	const int row = i + k + 1;
	mult[row * n + k] = a[row * n + k] / a[k * n + k];
}
template __global__ void eliminate_column<float>(float *, const float *, int, int);

// Nothing subtracted: the note names no small placeholder.
__global__ void scale_vector(float *__restrict__ x, float a, int n)
{
	const int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		x[i] *= a;
}

// CHECK: remark: eliminate_column<float> (sm_80): no prediction: the estimate needs values for n, k {{.*}}per-access figures below use 1024 for them (k: 16, subtracted from a thread count)
// 1007 threads in blocks of 256: 4 blocks, 32 warps, 1007 / 32 = 31.47 lanes a warp.
// CHECK: remark: load a[n*k + k]: 4 B, {{.*}} 32 warp-instructions of 31.5 active lanes
// CHECK: remark: scale_vector (sm_80): no prediction: the estimate needs values for n {{.*}}per-access figures below use 1024 for them{{(;| \[)}}
