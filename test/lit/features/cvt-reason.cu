// An index converted from floating point is data to the pass (its value is
// not affine). The reason says where it came from: a conversion of thread
// indices and arguments (an image resize), or of loaded data (a table of
// scales); the resize used to say "data loaded at", where no load is.
// REQUIRES: warpest-core
// RUN: env WARPEST_CONFIG='gpu=a100-40gb;block=32x8;param=sw:1024;param=sh:1024;param=dw:2048;param=dh:2048;param=n:4096' %clang-plugin --cuda-device-only --cuda-gpu-arch=sm_90 -Rpass-analysis='warpest.*' -c %s -o /dev/null 2>&1 | FileCheck %s
// CHECK: load src not analysed: address depends on a float-to-integer conversion at cvt-reason.cu:{{[0-9]+}}:{{[0-9]+}} of thread indices and arguments; assumed random
// 1-byte lanes assumed random: distinct lines and banks, 1 data wavefront.
// CHECK-SAME: 1 B, 1 data and 8.3 tag wavefronts and 32 sectors per request
// CHECK: load in not analysed: address depends on data loaded at cvt-reason.cu:{{[0-9]+}}:{{[0-9]+}} (float to integer); assumed random
#include <cuda_runtime.h>

extern "C" __global__ void resize_nearest(const unsigned char *__restrict__ src, unsigned char *__restrict__ dst,
	int sw, int sh, int dw, int dh)
{
	int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
	if (x >= dw || y >= dh)
		return;
	float fx = (x + 0.5f) * sw / (float)dw - 0.5f;
	float fy = (y + 0.5f) * sh / (float)dh - 0.5f;
	int x0 = max((int)floorf(fx), 0), y0 = max((int)floorf(fy), 0);
	dst[y * dw + x] = src[y0 * sw + x0];
}

extern "C" __global__ void scaled_gather(const float *__restrict__ scale, const float *__restrict__ in, float *__restrict__ out, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		out[i] = in[(int)(scale[i] * n)];
}
