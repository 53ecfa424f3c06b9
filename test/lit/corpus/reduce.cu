// Reductions in the style of public benchmark suites: warp shuffles, CUB-style
// lane ids read by inline asm, shared-memory trees, a final atomic.
// RUN: rm -rf %t && mkdir -p %t
// RUN: env WARPEST_CONFIG='no-estimate;dump-model=%t' %clang-plugin -gline-tables-only -fno-discard-value-names --cuda-device-only --cuda-gpu-arch=sm_90 -c %s -o /dev/null
// RUN: %python %inputs/check_corpus.py %s %t %warpest-cli
#include <cuda_runtime.h>

static __device__ __forceinline__ unsigned lane_id()
{
	unsigned r;
	asm volatile("mov.u32 %0, %%laneid;" : "=r"(r));
	return r;
}

static __device__ __forceinline__ unsigned warp_id()
{
	unsigned r;
	asm volatile("mov.u32 %0, %%warpid;" : "=r"(r));
	return r;
}

static __device__ __forceinline__ float warp_sum(float v)
{
	for (int o = 16; o > 0; o >>= 1)
		v += __shfl_down_sync(0xffffffffu, v, o);
	return v;
}

// grid-stride accumulation, warp shuffle, one partial per warp in shared memory
extern "C" __global__ void reduce_shfl(const float *in, float *out, int n)
{
	__shared__ float part[32];
	float s = 0.f;
	for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
		s += in[i];
	s = warp_sum(s);
	int lane = threadIdx.x & 31, w = threadIdx.x >> 5;
	if (lane == 0)
		part[w] = s;
	__syncthreads();
	if (w == 0) {
		s = lane < (int)(blockDim.x >> 5) ? part[lane] : 0.f;
		s = warp_sum(s);
		if (lane == 0)
			out[blockIdx.x] = s;
	}
}

// CUB-style: the lane comes from %laneid, the warp from threadIdx
extern "C" __global__ void reduce_cub_laneid(const float *in, float *out, int n)
{
	__shared__ float part[32];
	unsigned lane = lane_id();
	unsigned w = threadIdx.x / 32;
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	float s = i < n ? in[i] : 0.f;
	s = warp_sum(s);
	if (lane == 0)
		part[w] = s;
	__syncthreads();
	if (threadIdx.x < 32) {
		s = part[lane];
		s = warp_sum(s);
		if (lane == 0)
			atomicAdd(out, s);
	}
}

// %warpid names a hardware warp slot: stated as an assumption
extern "C" __global__ void reduce_warpid(const float *in, float *out, int n)
{
	__shared__ float part[32];
	unsigned w = warp_id();
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	float s = i < n ? in[i] : 0.f;
	s = warp_sum(s);
	if ((threadIdx.x & 31) == 0)
		part[w & 31] = s;
	__syncthreads();
	if (threadIdx.x == 0)
		out[blockIdx.x] = part[0] + part[1];
}

// shared-memory tree, two loads per thread
extern "C" __global__ void reduce_tree(const double *in, double *out, int n)
{
	__shared__ double sm[256];
	int t = threadIdx.x;
	int i = blockIdx.x * (blockDim.x * 2) + t;
	double v = 0;
	if (i < n)
		v = in[i];
	if (i + blockDim.x < n)
		v += in[i + blockDim.x];
	sm[t] = v;
	__syncthreads();
	for (int s = blockDim.x / 2; s > 0; s >>= 1) {
		if (t < s)
			sm[t] += sm[t + s]; // a halving loop (pass/geometric.c)
		__syncthreads();
	}
	if (t == 0)
		out[blockIdx.x] = sm[0];
}

// dot product: butterfly with __shfl_xor_sync, one atomic per warp
extern "C" __global__ void dot_xor(const float *a, const float *b, float *out, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	float v = i < n ? a[i] * b[i] : 0.f;
	for (int m = 16; m > 0; m /= 2)
		v += __shfl_xor_sync(0xffffffffu, v, m);
	if ((threadIdx.x & 31) == 0)
		atomicAdd(out, v);
}
