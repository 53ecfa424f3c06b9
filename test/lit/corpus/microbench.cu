// Micro-benchmarks in the style of public GPU test suites: long constant
// loops that time one kind of access (shared-memory patterns picked by a
// template argument, broadcasts, strided conflicts), an FMA throughput loop,
// and shared-memory atomics in a repeat loop. Each inner loop runs a
// million times a block: the estimate visits a sample of its iterations
// (docs/model.md, "Shared memory uses the data stage only").
// RUN: rm -rf %t && mkdir -p %t
// RUN: env WARPEST_CONFIG='no-estimate;dump-model=%t' %clang-plugin -gline-tables-only -fno-discard-value-names --cuda-device-only --cuda-gpu-arch=sm_90 -c %s -o /dev/null
// RUN: %python %inputs/check_corpus.py %s %t %warpest-cli
#include <cuda_runtime.h>
//! param n=1048576

enum class pattern { linear, broadcast, share_4, conflict_2, conflict_8 };

constexpr int REPEAT = 2000;
constexpr int SPAN = 512;

template <pattern P> __device__ __forceinline__ int slot(int t, int j)
{
	if constexpr (P == pattern::linear)
		return t + j;
	else if constexpr (P == pattern::broadcast)
		return (t >> 5) + j;
	else if constexpr (P == pattern::share_4)
		return t / 4 + j;
	else if constexpr (P == pattern::conflict_2)
		return (t & 1) * 32 + (t >> 1) + j;
	else
		return (t % 8) * 32 + t / 8 + j;
}

template <pattern P, typename T> __global__ void shm_read(T *out)
{
	__shared__ T buf[2 * SPAN];
	for (int i = threadIdx.x; i < 2 * SPAN; i += blockDim.x)
		buf[i] = T(i);
	__syncthreads();
	T acc = T(0);
	for (int r = 0; r < REPEAT; r++) {
#pragma unroll 4
		for (int j = 0; j < SPAN / 2; j++)
			acc += buf[slot<P>(threadIdx.x, j)];
		buf[(threadIdx.x + r) % SPAN] = acc;
	}
	out[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}

template __global__ void shm_read<pattern::linear, float>(float *);
template __global__ void shm_read<pattern::broadcast, float>(float *);
template __global__ void shm_read<pattern::share_4, double>(double *);
template __global__ void shm_read<pattern::conflict_2, float>(float *);
template __global__ void shm_read<pattern::conflict_8, int>(int *);

// FMA throughput: eight independent chains, no memory in the loop
extern "C" __global__ void fma_chains(float *out, float a, float b)
{
	float x[8];
#pragma unroll
	for (int k = 0; k < 8; k++)
		x[k] = threadIdx.x + k;
	for (int r = 0; r < 4096; r++) {
#pragma unroll
		for (int k = 0; k < 8; k++)
			x[k] = fmaf(x[k], a, b);
	}
	float s = 0.f;
#pragma unroll
	for (int k = 0; k < 8; k++)
		s += x[k];
	out[blockIdx.x * blockDim.x + threadIdx.x] = s;
}

// shared-memory atomics on a few bins, the bin a function of the lane
extern "C" __global__ void shm_atomic_bins(unsigned *out, int n)
{
	__shared__ unsigned bins[64];
	if (threadIdx.x < 64)
		bins[threadIdx.x] = 0;
	__syncthreads();
	for (int r = 0; r < 1024; r++)
		atomicAdd(&bins[(threadIdx.x + r) & 63], 1u);
	__syncthreads();
	int g = blockIdx.x * blockDim.x + threadIdx.x;
	if (threadIdx.x < 64 && g < n)
		atomicAdd(&out[threadIdx.x], bins[threadIdx.x]);
}
