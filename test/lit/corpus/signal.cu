// Kernels in the style of signal-processing and machine-learning suites,
// written for this corpus in the tenth session and run as written before
// any fix: an FFT butterfly stage shifted by a kernel argument, a clamped
// bilinear lookup at float-scaled coordinates, row softmax with warp
// shuffles, a vectorised scale-and-bias, a templated dot product with a
// CUB-style block reduction (%laneid through inline asm, __launch_bounds__),
// a padded shared-memory transpose, a row convolution with a __constant__
// filter and clamped taps, an embedding-row gather, and a float4 axpy with a
// scalar remainder loop. As written, 19 accesses were unanalysed: the
// FFT's 8 (shift by a variable amount), the embedding row (random per
// lane), the bilinear lookup's 4 and the remainder loop's 6. The last 10
// remain (a float-scaled index; the start of a runtime-unrolled loop merged
// from two paths); the models now hold 88 accesses.
// RUN: rm -rf %t && mkdir -p %t
// RUN: env WARPEST_CONFIG='no-estimate;dump-model=%t' %clang-plugin -gline-tables-only -fno-discard-value-names --cuda-device-only --cuda-gpu-arch=sm_90 -c %s -o /dev/null
// RUN: %python %inputs/check_corpus.py %s %t %warpest-cli
#include <cuda_runtime.h>
#include <stdint.h>
//! param n=1048576 log2n=20 s=4 w=1024 h=1024 rows=4096 cols=1024 n4=262144 c4=256 width=1024 height=1024 pitch=1024 dim=1024 n_rows=4096

// radix-2 decimation-in-time stage: twiddles from a table of n/2 entries,
// the butterfly span and the twiddle stride both shifted by the stage
__global__ void fft_radix2_dit(float2 *__restrict__ x, const float2 *__restrict__ tw, int log2n, int s)
{
	const unsigned k = blockIdx.x * blockDim.x + threadIdx.x;
	const unsigned span = 1u << s;
	if (k >= (1u << (log2n - 1)))
		return;
	const unsigned j = k & (span - 1);
	const unsigned top = ((k >> s) << (s + 1)) | j;
	const float2 w = tw[j << (log2n - 1 - s)];
	const float2 u = x[top], v = x[top + span];
	const float2 t = make_float2(w.x * v.x - w.y * v.y, w.x * v.y + w.y * v.x);
	x[top] = make_float2(u.x + t.x, u.y + t.y);
	x[top + span] = make_float2(u.x - t.x, u.y - t.y);
}

// lookup with a clamp by texture-like addressing
__global__ void bilinear(const float *img, float *out, int w, int h, float sx, float sy)
{
	int x = blockIdx.x * blockDim.x + threadIdx.x;
	int y = blockIdx.y * blockDim.y + threadIdx.y;
	if (x >= w || y >= h) return;
	int x0 = min(max((int)(x * sx), 0), w - 1);
	int y0 = min(max((int)(y * sy), 0), h - 1);
	int x1 = min(x0 + 1, w - 1);
	int y1 = min(y0 + 1, h - 1);
	out[y * w + x] = 0.25f * (img[y0 * w + x0] + img[y0 * w + x1] + img[y1 * w + x0] + img[y1 * w + x1]); //! unanalysed assume=random
}

// row softmax, one warp per row with shuffles
__global__ void softmax_rows(const float *in, float *out, int rows, int cols)
{
	int warp = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
	int lane = threadIdx.x & 31;
	if (warp >= rows) return;
	const float *row = in + (size_t)warp * cols;
	float m = -1e30f;
	for (int c = lane; c < cols; c += 32) m = fmaxf(m, row[c]);
	for (int o = 16; o > 0; o >>= 1) m = fmaxf(m, __shfl_xor_sync(0xffffffff, m, o));
	float s = 0;
	for (int c = lane; c < cols; c += 32) s += __expf(row[c] - m);
	for (int o = 16; o > 0; o >>= 1) s += __shfl_xor_sync(0xffffffff, s, o);
	for (int c = lane; c < cols; c += 32) out[(size_t)warp * cols + c] = __expf(row[c] - m) / s;
}


// layernorm-ish with vectorised float4 loads
__global__ void scale_bias_vec4(const float4 *__restrict__ x, const float *__restrict__ gamma, const float *__restrict__ beta, float4 *__restrict__ y, int n4, int c4)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= n4) return;
	int c = (i % c4) * 4;
	float4 v = x[i];
	v.x = v.x * gamma[c] + beta[c];
	v.y = v.y * gamma[c + 1] + beta[c + 1];
	v.z = v.z * gamma[c + 2] + beta[c + 2];
	v.w = v.w * gamma[c + 3] + beta[c + 3];
	y[i] = v;
}


template <typename T, int BLOCK>
__device__ __forceinline__ T block_reduce_sum(T v)
{
	__shared__ T warp_sums[BLOCK / 32];
	unsigned lane;
	asm volatile("mov.u32 %0, %%laneid;" : "=r"(lane));
	for (int o = 16; o > 0; o >>= 1)
		v += __shfl_down_sync(0xffffffffu, v, o);
	if (lane == 0)
		warp_sums[threadIdx.x / 32] = v;
	__syncthreads();
	v = threadIdx.x < BLOCK / 32 ? warp_sums[threadIdx.x] : T(0);
	if (threadIdx.x < 32)
		for (int o = 16; o > 0; o >>= 1)
			v += __shfl_down_sync(0xffffffffu, v, o);
	return v;
}

template <int BLOCK>
__global__ void __launch_bounds__(BLOCK) dot_kernel(const float4 *__restrict__ a, const float4 *__restrict__ b, float *partial, size_t n4)
{
	float s = 0.f;
	for (size_t i = blockIdx.x * (size_t)BLOCK + threadIdx.x; i < n4; i += (size_t)gridDim.x * BLOCK) {
		float4 x = __ldg(&a[i]), y = __ldg(&b[i]);
		s += x.x * y.x + x.y * y.y + x.z * y.z + x.w * y.w;
	}
	s = block_reduce_sum<float, BLOCK>(s);
	if (threadIdx.x == 0)
		partial[blockIdx.x] = s;
}
template __global__ void dot_kernel<256>(const float4 *, const float4 *, float *, size_t);


#define TILE 32
#define ROWS 8
__global__ void transpose_padded(float *__restrict__ out, const float *__restrict__ in, int width, int height)
{
	__shared__ float tile[TILE][TILE + 1];
	int x = blockIdx.x * TILE + threadIdx.x;
	int y = blockIdx.y * TILE + threadIdx.y;
	for (int j = 0; j < TILE; j += ROWS)
		if (x < width && y + j < height)
			tile[threadIdx.y + j][threadIdx.x] = in[(size_t)(y + j) * width + x];
	__syncthreads();
	x = blockIdx.y * TILE + threadIdx.x;
	y = blockIdx.x * TILE + threadIdx.y;
	for (int j = 0; j < TILE; j += ROWS)
		if (x < height && y + j < width)
			out[(size_t)(y + j) * height + x] = tile[threadIdx.x][threadIdx.y + j];
}

__constant__ float c_filter[2 * 8 + 1];
template <int R>
__global__ void conv_rows(float *__restrict__ dst, const float *__restrict__ src, int w, int h, int pitch)
{
	int x = blockIdx.x * blockDim.x + threadIdx.x;
	int y = blockIdx.y * blockDim.y + threadIdx.y;
	if (x >= w || y >= h) return;
	float acc = 0.f;
#pragma unroll
	for (int k = -R; k <= R; ++k) {
		int xx = min(max(x + k, 0), w - 1);
		acc += c_filter[k + R] * src[y * pitch + xx];
	}
	dst[y * pitch + x] = acc;
}
template __global__ void conv_rows<8>(float *, const float *, int, int, int);


// gather rows by index (embedding lookup)
__global__ void embedding_gather(const float *__restrict__ table, const int64_t *__restrict__ ids, float *__restrict__ out, int dim, int n)
{
	int row = blockIdx.x;
	if (row >= n) return;
	int64_t id = ids[row];
	for (int c = threadIdx.x; c < dim; c += blockDim.x)
		out[(size_t)row * dim + c] = table[id * dim + c];
}


// unrolled by 4 with a remainder, reading through a restrict pointer
__global__ void axpy_unroll4(int n, float a, const float *__restrict__ x, float *__restrict__ y)
{
	int i = (blockIdx.x * blockDim.x + threadIdx.x) * 4;
	if (i + 3 < n) {
		float4 xv = *reinterpret_cast<const float4 *>(x + i);
		float4 yv = *reinterpret_cast<float4 *>(y + i);
		yv.x += a * xv.x; yv.y += a * xv.y; yv.z += a * xv.z; yv.w += a * xv.w;
		*reinterpret_cast<float4 *>(y + i) = yv;
	} else {
		for (; i < n; ++i) y[i] += a * x[i]; // unrolled by 2: its pairs start at i + (n - i) % 2
	}
}
