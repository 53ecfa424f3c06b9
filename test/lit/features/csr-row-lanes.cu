// Rows read from a start loaded per warp or per block (CSR sparse rows, one
// warp or one block a row): the start is data, the same for the warp's
// lanes, and the lanes read consecutive elements from it. Such an access is
// not analysed, but counted as "lanes": the lanes' own pattern at an
// unknown base the warp shares, averaged over the base's element-aligned
// places in a 128 B line, no reuse between warps (docs/kernel-model.md).
// Before, these were "random" (32 sectors a request). A start that differs
// per lane stays random.
// REQUIRES: warpest-core
// RUN: env WARPEST_CONFIG='gpu=a100-40gb;block=256;param=nrows:100000;param=n:100000' %clang-plugin --cuda-device-only --cuda-gpu-arch=sm_90 -Rpass-analysis='warpest.*' -c %s -o /dev/null 2>&1 | FileCheck %s
// RUN: rm -rf %t && mkdir -p %t && env WARPEST_CONFIG='no-estimate;dump-model=%t' %clang-plugin --cuda-device-only --cuda-gpu-arch=sm_90 -c %s -o /dev/null
// RUN: FileCheck %s --check-prefix=MODEL < %t/csr_block_row.json
//
// csr_warp_row<double>: row = gid / 32 is the same for a warp's lanes
// (blockDim.x a multiple of 32), so rowptr[row] is too. val[j], j = beg +
// lane + 32*it: 32 doubles, 256 B, from a base at one of 16 places in a
// line; at the 4 sector-aligned ones 8 sectors, else 9: (4*8 + 12*9)/16 =
// 8.75. col[j]: 32 ints, 128 B at one of 32 places, 4 sectors at 4 of them,
// else 5: (4*4 + 28*5)/32 = 4.875, printed 4.88. x[col[j]]: random, 32.
// CHECK: csr_warp_row<double> (sm_90, a100-40gb): predicted {{[0-9.e+]+}} us, bottleneck DRAM
// CHECK: load val not analysed: address depends on data loaded at csr-row-lanes.cu:[[#ROWPTR:]]:{{[0-9]+}}; assumed lanes: 8 B, 2 data and 1.6 tag wavefronts and 8.75 sectors per request
// CHECK: load col not analysed: address depends on data loaded at csr-row-lanes.cu:[[#ROWPTR]]:{{[0-9]+}}; assumed lanes: 4 B, 1 data and 1.23 tag wavefronts and 4.88 sectors per request
// CHECK: load x not analysed: address depends on data loaded at {{.*}}; assumed random: 8 B, 2 data and 8.3 tag wavefronts and 32 sectors per request
// csr_block_row: rowptr[blockIdx.x] is the same for the block; val[j], j =
// beg + threadIdx.x + blockDim.x*it: 32 floats, 4.875 sectors as above.
// CHECK: csr_block_row (sm_90, a100-40gb): predicted {{[0-9.e+]+}} us, bottleneck DRAM
// CHECK: load val not analysed: address depends on data loaded at {{.*}}; assumed lanes: 4 B, 1 data and 1.23 tag wavefronts and 4.88 sectors per request
// CHECK: load col not analysed: address depends on data loaded at {{.*}}; assumed lanes: 4 B, 1 data and 1.23 tag wavefronts and 4.88 sectors per request
// gather_rows: start[i] differs per lane: random.
// CHECK: gather_rows (sm_90, a100-40gb): predicted
// CHECK: load in not analysed: address depends on data loaded at {{.*}}; assumed random: 4 B, 1 data and 8.3 tag wavefronts and 32 sectors per request
// The model: lane i's byte offset 4*i.
// MODEL: "assume": "lanes", "lane_offsets": [ 0, 4, 8, 12, 16, 20, 24, 28, 32, 36, 40, 44, 48, 52, 56, 60, 64, 68, 72, 76, 80, 84, 88, 92, 96, 100, 104, 108, 112, 116, 120, 124 ]
#include <cuda_runtime.h>

#define WARP 32

// CSR, one warp per row, templated on the value type
template <typename T>
__global__ void csr_warp_row(const int *__restrict__ rowptr, const int *__restrict__ col, const T *__restrict__ val,
	const T *__restrict__ x, T *__restrict__ y, int nrows)
{
	const int gid = blockIdx.x * blockDim.x + threadIdx.x;
	const int row = gid / WARP, lane = gid % WARP;
	if (row >= nrows)
		return;
	const int beg = rowptr[row], end = rowptr[row + 1];
	T sum = T(0);
	for (int j = beg + lane; j < end; j += WARP)
		sum += val[j] * x[col[j]];
#pragma unroll
	for (int o = WARP / 2; o > 0; o >>= 1)
		sum += __shfl_down_sync(0xffffffffu, sum, o);
	if (lane == 0)
		y[row] = sum;
}
template __global__ void csr_warp_row<double>(const int *, const int *, const double *, const double *, double *, int);

// CSR, one block per row
extern "C" __global__ void csr_block_row(const int *__restrict__ rowptr, const int *__restrict__ col,
	const float *__restrict__ val, const float *__restrict__ x, float *__restrict__ partial)
{
	const int beg = rowptr[blockIdx.x], end = rowptr[blockIdx.x + 1];
	float s = 0.f;
	for (int j = beg + threadIdx.x; j < end; j += blockDim.x)
		s += val[j] * x[col[j]];
	partial[blockIdx.x * blockDim.x + threadIdx.x] = s;
}

// a gather whose start differs per lane: stays random
extern "C" __global__ void gather_rows(const int *__restrict__ start, const float *__restrict__ in, float *__restrict__ out, int n)
{
	const int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		out[i] = in[start[i] + threadIdx.x];
}
