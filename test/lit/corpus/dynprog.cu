// Dynamic programming and directional stencils: a pyramid of row minima with a shrinking halo, a
// difference whose neighbour a switch on an argument picks.
// RUN: rm -rf %t && mkdir -p %t
// RUN: env WARPEST_CONFIG='no-estimate;dump-model=%t' %clang-plugin -gline-tables-only -fno-discard-value-names --cuda-device-only --cuda-gpu-arch=sm_90 -c %s -o /dev/null
// RUN: %python %inputs/check_corpus.py %s %t %warpest-cli
#include <cuda_runtime.h>

// Pyramid dynamic programming over rows with a halo that shrinks each step (pathfinder-like).
//! param steps=2 border=2 start_step=0
#define BS 256
#define HALO 1
#define IN_RANGE(v, lo, hi) ((v) >= (lo) && (v) <= (hi))
extern "C" __global__ void pyramid_step(int steps, const int *wall, const int *src, int *dst, int cols, int start_step, int border)
{
	__shared__ int prev[BS];
	__shared__ int result[BS];
	int bx = blockIdx.x, tx = threadIdx.x;
	int small_cols = BS - steps * HALO * 2;
	int blk_x = small_cols * bx - border;
	int blk_x_max = blk_x + BS - 1;
	int xidx = blk_x + tx;
	int valid_min = blk_x < 0 ? -blk_x : 0;
	int valid_max = blk_x_max > cols - 1 ? BS - 1 - (blk_x_max - cols + 1) : BS - 1;
	int w = tx - 1, e = tx + 1;
	w = w < valid_min ? valid_min : w;
	e = e > valid_max ? valid_max : e;
	bool is_valid = IN_RANGE(tx, valid_min, valid_max);
	if (IN_RANGE(xidx, 0, cols - 1))
		prev[tx] = src[xidx];
	__syncthreads();
	bool computed = false;
	for (int i = 0; i < steps; i++) {
		computed = false;
		if (IN_RANGE(tx, i + 1, BS - i - 2) && is_valid) {
			computed = true;
			int left = prev[w], up = prev[tx], right = prev[e];
			int shortest = min(left, min(up, right));
			int index = cols * (start_step + i) + xidx;
			result[tx] = shortest + wall[index];
		}
		__syncthreads();
		if (i == steps - 1)
			break;
		if (computed)
			prev[tx] = result[tx];
		__syncthreads();
	}
	if (computed)
		dst[xidx] = result[tx];
}

// Stencil whose neighbour offset is picked by a switch on a kernel argument.
extern "C" __global__ void directional_diff(const float *in, float *out, int nx, int ny, int dir)
{
	int x = blockIdx.x * blockDim.x + threadIdx.x;
	int y = blockIdx.y * blockDim.y + threadIdx.y;
	if (x >= nx - 1 || y >= ny - 1 || x < 1 || y < 1)
		return;
	int off;
	switch (dir) {
	case 0: off = 1; break;
	case 1: off = -1; break;
	case 2: off = nx; break;
	default: off = -nx; break;
	}
	int c = y * nx + x;
	out[c] = in[c + off] - in[c];
}

