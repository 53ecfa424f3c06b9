// Repeated loads (pass/repeats.c): a load that re-reads an address an
// earlier load read, with no write or barrier between them, is served from a
// register and counted once, as the backend's CSE (and nvcc) leaves it.
// REQUIRES: warpest-core, warpest-cli
// RUN: rm -rf %t && mkdir -p %t
// RUN: env WARPEST_CONFIG='no-estimate;dump-model=%t' %clang-plugin -fno-discard-value-names --cuda-device-only --cuda-gpu-arch=sm_80 -c %s -o /dev/null
// RUN: FileCheck %s --check-prefix=BLUR --input-file=%t/_Z11blur_columnILi2ELi2ELi5EEvPKfPf.json
// RUN: FileCheck %s --check-prefix=KEEP --input-file=%t/keep_across_writes.json
// RUN: %warpest-cli estimate %t/_Z11blur_columnILi2ELi2ELi5EEvPKfPf.json --gpu a100-40gb --block 32x2x1 --grid 64x512x1 --json | FileCheck %s --check-prefix=EST
#include <cuda_runtime.h>

// Each thread sums TAPS rows of the shared tile for TY outputs spaced BY rows
// apart. With BY=2, TY=2, TAPS=5 output 0 reads rows ty+0..ty+4 and output 1
// rows ty+2..ty+6: 10 loads in the unrolled code, 7 distinct rows. -O2's GVN
// merges some of the repeats (it misses those whose row is computed by a
// different expression); repeats.c merges the rest, so the model keeps 7.
// BLUR-COUNT-7: "field": "tile", "kind": "load"
// BLUR-NOT: "field": "tile", "kind": "load"
// BLUR: "assumptions":
// BLUR-NEXT: loads repeat an address an earlier load read with no write between: counted once
template <int BY, int TY, int TAPS>
__global__ void blur_column(const float *__restrict__ in, float *__restrict__ out)
{
	constexpr int ROWS = BY * TY + TAPS - 1;
	__shared__ float tile[ROWS][32];
	const int tx = threadIdx.x, ty = threadIdx.y;
	const int x = blockIdx.x * 32 + tx;
	const int y0 = blockIdx.y * BY * TY;
	for (int r = ty; r < ROWS; r += BY)
		tile[r][tx] = in[(y0 + r) * 2048 + x];
	__syncthreads();
	float sum[TY];
#pragma unroll
	for (int yi = 0; yi < TY; yi++)
		sum[yi] = 0.0f;
#pragma unroll
	for (int i = 0; i < TAPS; i++)
#pragma unroll
		for (int yi = 0; yi < TY; yi++)
			sum[yi] += tile[ty + yi * BY + i][tx];
#pragma unroll
	for (int yi = 0; yi < TY; yi++)
		out[(y0 + ty + yi * BY) * 2048 + x] = sum[yi] * (1.0f / TAPS);
}
template __global__ void blur_column<2, 2, 5>(const float *, float *);

// L1 data wavefronts, by hand. Block 32x2: warp 0 is row ty=0, warp 1 ty=1.
// ROWS = 2*2 + 5 - 1 = 8, so the fill loop runs 4 times for either warp
// (rows ty, ty+2, ty+4, ty+6): 4 global loads of 32 aligned floats (one
// wavefront each) and 4 shared stores of one row (one each). Then 7 shared
// loads of one row (one each, no bank conflict) and 2 stores of 32 aligned
// floats (one each): 4 + 4 + 7 + 2 = 17 per warp. Grid 64x512 of 2-warp
// blocks: 65536 warps x 17 = 1114112. With the 3 repeats kept: 65536 x 20.
// EST: "l1_data_wavefronts": 1114112.0,

// Loads that must stay: data[i] is re-read after a store through `other`,
// which may alias it, and buf[t] after a barrier another thread's store may
// precede.
// KEEP-COUNT-2: "field": "data", "kind": "load"
// KEEP-COUNT-2: "field": "buf", "kind": "load"
// KEEP-NOT: repeat an address
extern "C" __global__ void keep_across_writes(float *data, float *other, float *out)
{
	__shared__ float buf[256];
	const int t = threadIdx.x;
	const int i = blockIdx.x * blockDim.x + t;
	float a = data[i];
	other[i + 1] = a * 2.0f;
	float b = data[i];
	buf[t] = a + b;
	__syncthreads();
	float c = buf[t];
	buf[255 - t] = c;
	__syncthreads();
	float d = buf[t];
	out[i] = c + d;
}
