// Grid-stride loops, vector types, early returns, chunked loops with min.
// RUN: rm -rf %t && mkdir -p %t
// RUN: env WARPEST_CONFIG='no-estimate;dump-model=%t' %clang-plugin -gline-tables-only -fno-discard-value-names --cuda-device-only --cuda-gpu-arch=sm_90 -c %s -o /dev/null
// RUN: %python %inputs/check_corpus.py %s %t %warpest-cli
#include <cuda_runtime.h>
#include <stdint.h>

extern "C" __global__ void saxpy_gs(float a, const float *x, float *y, int n)
{
	for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
		y[i] = a * x[i] + y[i];
}

extern "C" __global__ void copy_float4(const float4 *in, float4 *out, int n4)
{
	for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n4; i += blockDim.x * gridDim.x)
		out[i] = in[i];
}

// size_t indices, early return
extern "C" __global__ void scale_early(double *v, double s, long n)
{
	size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= (size_t)n)
		return;
	v[i] *= s;
}

// each thread handles a chunk; the end is clamped with min
extern "C" __global__ void chunk_sum(const float *in, float *out, int n, int chunk)
{
	int t = blockIdx.x * blockDim.x + threadIdx.x;
	int beg = t * chunk;
	int end = min(beg + chunk, n);
	float s = 0.f;
	for (int i = beg; i < end; i++)
		s += in[i];
	if (beg < n)
		out[t] = s;
}

// float3 arrays of structures copied whole
extern "C" __global__ void aos_float3(const float3 *p, const float3 *v, float3 *q, float dt, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= n)
		return;
	float3 a = p[i], b = v[i];
	q[i] = make_float3(a.x + dt * b.x, a.y + dt * b.y, a.z + dt * b.z);
}

// uchar3 pixels to uchar4
extern "C" __global__ void rgb_to_rgba(const uchar3 *rgb, uchar4 *rgba, int npix)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < npix) {
		uchar3 c = rgb[i];
		rgba[i] = make_uchar4(c.x, c.y, c.z, 255);
	}
}

// pointer arithmetic through integers (uintptr_t), as allocators do
extern "C" __global__ void inttoptr_copy(const float *base, float *out, int n, int pitch)
{
	int y = blockIdx.y, x = blockIdx.x * blockDim.x + threadIdx.x;
	if (x >= n)
		return;
	const float *row = (const float *)((uintptr_t)base + (uintptr_t)y * pitch);
	out[y * n + x] = row[x];
}
