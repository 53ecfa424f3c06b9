// One WARPEST_CONFIG for a whole file names every kernel's parameter values
// (a suite's file holds many kernels): past 16 values the plugin used to
// drop the rest with a warning, and the kernels needing them got no
// prediction. Here 20 values no kernel has, then each kernel's own: every
// kernel is predicted, and its Model remark lists only its own values.
// REQUIRES: warpest-core
// RUN: env WARPEST_CONFIG='gpu=a100-40gb;block=256;param=unused1:1;param=unused2:2;param=unused3:3;param=unused4:4;param=unused5:5;param=unused6:6;param=unused7:7;param=unused8:8;param=unused9:9;param=unused10:10;param=unused11:11;param=unused12:12;param=unused13:13;param=unused14:14;param=unused15:15;param=unused16:16;param=unused17:17;param=unused18:18;param=unused19:19;param=unused20:20;param=n:65536;param=rows:4096;param=cols:4096' %clang-plugin --cuda-device-only --cuda-gpu-arch=sm_90 -Rpass-analysis=warpest -c %s -o /dev/null 2>&1 | FileCheck %s
// CHECK-NOT: too many parameter values
// CHECK: scale (sm_90): 2 accesses (0 not analysable), configuration gpu=a100-40gb;block=256x1x1;param=n:65536 [
// CHECK: scale (sm_90, a100-40gb): predicted {{[0-9.e+]+}} us
// CHECK: copy2d (sm_90): 2 accesses (0 not analysable), configuration gpu=a100-40gb;block=256x1x1;param=rows:4096;param=cols:4096 [
// CHECK: copy2d (sm_90, a100-40gb): predicted {{[0-9.e+]+}} us
// CHECK-NOT: too many parameter values
#include <cuda_runtime.h>

extern "C" __global__ void scale(const float *__restrict__ x, float *__restrict__ y, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		y[i] = 2.f * x[i];
}

extern "C" __global__ void copy2d(const float *__restrict__ a, float *__restrict__ b, int rows, int cols)
{
	int c = blockIdx.x * blockDim.x + threadIdx.x, r = blockIdx.y;
	if (r < rows && c < cols)
		b[r * cols + c] = a[r * cols + c];
}
