// Transposes: naive, tiled through shared memory with padding, diagonal
// block order, and a 2D copy with pitched rows.
// RUN: rm -rf %t && mkdir -p %t
// RUN: env WARPEST_CONFIG='no-estimate;dump-model=%t' %clang-plugin -gline-tables-only -fno-discard-value-names --cuda-device-only --cuda-gpu-arch=sm_90 -c %s -o /dev/null
// RUN: %python %inputs/check_corpus.py %s %t %warpest-cli
#include <cuda_runtime.h>
//! param nx=1024 ny=1024 pitch=1056

#define TILE 32
#define ROWS 8

extern "C" __global__ void transpose_tiled(const float *in, float *out, int nx, int ny)
{
	__shared__ float tile[TILE][TILE + 1];
	int x = blockIdx.x * TILE + threadIdx.x;
	int y = blockIdx.y * TILE + threadIdx.y;
	for (int j = 0; j < TILE; j += ROWS)
		if (x < nx && y + j < ny)
			tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * nx + x];
	__syncthreads();
	x = blockIdx.y * TILE + threadIdx.x;
	y = blockIdx.x * TILE + threadIdx.y;
	for (int j = 0; j < TILE; j += ROWS)
		if (x < ny && y + j < nx)
			out[(y + j) * ny + x] = tile[threadIdx.x][threadIdx.y + j];
}

extern "C" __global__ void transpose_naive_i(const int *in, int *out, int nx, int ny)
{
	int x = blockIdx.x * blockDim.x + threadIdx.x;
	int y = blockIdx.y * blockDim.y + threadIdx.y;
	if (x < nx && y < ny)
		out[x * ny + y] = in[y * nx + x];
}

// diagonal reordering of blocks against partition camping
extern "C" __global__ void transpose_diag(const float *in, float *out, int nx, int ny)
{
	__shared__ float tile[TILE][TILE + 1];
	int by = blockIdx.x, bx = (blockIdx.x + blockIdx.y) % gridDim.x;
	int x = bx * TILE + threadIdx.x, y = by * TILE + threadIdx.y;
	for (int j = 0; j < TILE; j += ROWS)
		tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * nx + x];
	__syncthreads();
	x = by * TILE + threadIdx.x;
	y = bx * TILE + threadIdx.y;
	for (int j = 0; j < TILE; j += ROWS)
		out[(y + j) * ny + x] = tile[threadIdx.x][threadIdx.y + j];
}

// pitched 2D copy (cudaMallocPitch rows, pitch in elements)
extern "C" __global__ void copy_pitched(const float *src, float *dst, int nx, int ny, int pitch)
{
	int x = blockIdx.x * blockDim.x + threadIdx.x;
	int y = blockIdx.y * blockDim.y + threadIdx.y;
	if (x < nx && y < ny)
		dst[y * pitch + x] = src[y * pitch + x];
}
