// Loaded data reduced to a known number of values before it indexes a
// shared atomic: masked by 2^w - 1 (a radix digit: 16 bins), a byte
// shifted right by c (256 >> 4 = 16 bins), a digit whose shift is a kernel
// argument. Each is one data value of that range, so the atomic is costed
// by contention over its bins ("contention": "uniform:N", pass/bitops.c
// ranged_data) instead of as random; the variable shift of data is no
// parameter the estimate needs (before: exp2_shift, and "needs 0 <= shift
// <= 40" for shift = 4096). A mask that is not 2^w - 1 keeps the old reading.
// RUN: rm -rf %t && mkdir -p %t
// RUN: env WARPEST_CONFIG='no-estimate;dump-model=%t' %clang-plugin --cuda-device-only --cuda-gpu-arch=sm_90 -c %s -o /dev/null
// RUN: FileCheck %s --check-prefix=DIGIT --input-file=%t/digit_bins.json
// RUN: FileCheck %s --check-prefix=NIBBLE --input-file=%t/nibble_bins.json
// RUN: FileCheck %s --check-prefix=SHIFT --input-file=%t/shifted_digit_bins.json
// RUN: FileCheck %s --check-prefix=ODD --input-file=%t/odd_mask_bins.json
// DIGIT: "field": "bins", "kind": "atomic"{{.*}}"analysable": false{{.*}}"contention": "uniform:16"
// NIBBLE: "field": "bins", "kind": "atomic"{{.*}}"analysable": false{{.*}}"contention": "uniform:16"
// SHIFT-NOT: exp2_shift
// SHIFT: "field": "bins", "kind": "atomic"{{.*}}"analysable": false{{.*}}"contention": "uniform:16"
// ODD-NOT: "contention"
#include <cuda_runtime.h>
extern "C" __global__ void digit_bins(const unsigned *keys, unsigned *out, int n)
{
	__shared__ unsigned bins[16];
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		atomicAdd(&bins[keys[i] & 15u], 1u);
	__syncthreads();
	if (threadIdx.x < 16)
		out[blockIdx.x * 16 + threadIdx.x] = bins[threadIdx.x];
}
extern "C" __global__ void nibble_bins(const unsigned char *bytes, unsigned *out, int n)
{
	__shared__ unsigned bins[16];
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		atomicAdd(&bins[bytes[i] >> 4], 1u);
	__syncthreads();
	if (threadIdx.x < 16)
		out[blockIdx.x * 16 + threadIdx.x] = bins[threadIdx.x];
}
extern "C" __global__ void shifted_digit_bins(const unsigned *keys, unsigned *out, int n, int shift)
{
	__shared__ unsigned bins[16];
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		atomicAdd(&bins[(keys[i] >> shift) & 15u], 1u);
	__syncthreads();
	if (threadIdx.x < 16)
		out[blockIdx.x * 16 + threadIdx.x] = bins[threadIdx.x];
}
extern "C" __global__ void odd_mask_bins(const unsigned *keys, unsigned *out, int n)
{
	__shared__ unsigned bins[11];
	for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
		atomicAdd(&bins[keys[i] & 10u], 1u);
	__syncthreads();
	if (threadIdx.x == 0)
		atomicAdd(out, bins[10]);
}
