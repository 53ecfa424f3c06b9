// Assorted: an escape-time fractal, a templated block reduction with shuffles, particle binning,
// a warp-per-row softmax, 2x2 downsampling of an RGBA image.
// RUN: rm -rf %t && mkdir -p %t
// RUN: env WARPEST_CONFIG='no-estimate;dump-model=%t' %clang-plugin -gline-tables-only -fno-discard-value-names --cuda-device-only --cuda-gpu-arch=sm_90 -c %s -o /dev/null
// RUN: %python %inputs/check_corpus.py %s %t %warpest-cli
#include <cuda_runtime.h>
// Escape-time fractal: the trip count depends on the point (data-free, but not affine).
extern "C" __global__ void escape_time(int *counts, int width, int height, float x0, float y0, float dx, float dy, int max_iter)
{
	int px = blockIdx.x * blockDim.x + threadIdx.x;
	int py = blockIdx.y * blockDim.y + threadIdx.y;
	if (px >= width || py >= height)
		return;
	float cr = x0 + px * dx, ci = y0 + py * dy, zr = 0.f, zi = 0.f;
	int it = 0;
	while (it < max_iter && zr * zr + zi * zi < 4.f) {
		float t = zr * zr - zi * zi + cr;
		zi = 2.f * zr * zi + ci;
		zr = t;
		++it;
	}
	counts[py * width + px] = it;
}

// Block-wide sum with a templated block size, warp shuffles and one shared slot per warp.
template <int BLOCK, typename T>
__device__ T block_reduce(T v)
{
	__shared__ T partial[BLOCK / 32];
	int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
#pragma unroll
	for (int off = 16; off > 0; off >>= 1)
		v += __shfl_down_sync(0xffffffffu, v, off);
	if (lane == 0)
		partial[warp] = v;
	__syncthreads();
	v = threadIdx.x < BLOCK / 32 ? partial[lane] : T(0);
	if (warp == 0) {
#pragma unroll
		for (int off = BLOCK / 64; off > 0; off >>= 1)
			v += __shfl_down_sync(0xffffffffu, v, off);
	}
	return v;
}

template <int BLOCK, typename T>
__global__ void __launch_bounds__(BLOCK) sum_squares(const T *__restrict__ x, T *__restrict__ out, long n)
{
	T acc = 0;
	for (long i = blockIdx.x * (long)BLOCK + threadIdx.x; i < n; i += (long)gridDim.x * BLOCK) {
		T v = __ldg(&x[i]);
		acc += v * v;
	}
	acc = block_reduce<BLOCK>(acc);
	if (threadIdx.x == 0)
		atomicAdd(out, acc);
}
template __global__ void sum_squares<256, float>(const float *, float *, long);
template __global__ void sum_squares<512, double>(const double *, double *, long);

// Particles binned into cells: count per cell with global atomics, cell from clamped positions.
extern "C" __global__ void bin_particles(const float4 *__restrict__ pos, int *cell_count, int *cell_of, int n,
	float inv_cell, int cells_per_side)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= n)
		return;
	float4 p = pos[i];
	int cx = min(max((int)(p.x * inv_cell), 0), cells_per_side - 1);
	int cy = min(max((int)(p.y * inv_cell), 0), cells_per_side - 1);
	int cz = min(max((int)(p.z * inv_cell), 0), cells_per_side - 1);
	int c = (cz * cells_per_side + cy) * cells_per_side + cx;
	cell_of[i] = c;
	atomicAdd(&cell_count[c], 1); //! unanalysed assume=random
}

// Row softmax, one warp per row, rows longer than a warp handled in strides.
extern "C" __global__ void softmax_warp(const float *__restrict__ in, float *__restrict__ out, int rows, int cols)
{
	int warp = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
	int lane = threadIdx.x % 32;
	if (warp >= rows)
		return;
	const float *r = in + (size_t)warp * cols;
	float m = -INFINITY;
	for (int c = lane; c < cols; c += 32)
		m = fmaxf(m, r[c]);
	for (int o = 16; o; o /= 2)
		m = fmaxf(m, __shfl_xor_sync(0xffffffffu, m, o));
	float s = 0.f;
	for (int c = lane; c < cols; c += 32)
		s += __expf(r[c] - m);
	for (int o = 16; o; o /= 2)
		s += __shfl_xor_sync(0xffffffffu, s, o);
	float inv = 1.f / s;
	for (int c = lane; c < cols; c += 32)
		out[(size_t)warp * cols + c] = __expf(r[c] - m) * inv;
}

// 2x2 box downsampling of an RGBA8 image, one output pixel a thread, rows of odd width clamped.
extern "C" __global__ void downsample_rgba(const uchar4 *__restrict__ src, uchar4 *__restrict__ dst, int src_w,
	int src_h, int dst_w, int dst_h)
{
	int ox = blockIdx.x * blockDim.x + threadIdx.x, oy = blockIdx.y * blockDim.y + threadIdx.y;
	if (ox >= dst_w || oy >= dst_h)
		return;
	int x0 = 2 * ox, y0 = 2 * oy;
	int x1 = min(x0 + 1, src_w - 1), y1 = min(y0 + 1, src_h - 1);
	uchar4 a = src[y0 * src_w + x0], b = src[y0 * src_w + x1];
	uchar4 c = src[y1 * src_w + x0], d = src[y1 * src_w + x1];
	dst[oy * dst_w + ox] = make_uchar4((a.x + b.x + c.x + d.x + 2) / 4, (a.y + b.y + c.y + d.y + 2) / 4,
		(a.z + b.z + c.z + d.z + 2) / 4, (a.w + b.w + c.w + d.w + 2) / 4);
}
