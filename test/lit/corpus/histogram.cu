// Histograms: global and shared atomics on data-dependent bins, byte inputs,
// and a per-block merge.
// RUN: rm -rf %t && mkdir -p %t
// RUN: env WARPEST_CONFIG='no-estimate;dump-model=%t' %clang-plugin -gline-tables-only -fno-discard-value-names --cuda-device-only --cuda-gpu-arch=sm_90 -c %s -o /dev/null
// RUN: %python %inputs/check_corpus.py %s %t %warpest-cli
#include <cuda_runtime.h>

// global atomics, bins from int keys
extern "C" __global__ void hist_global(const int *keys, unsigned *bins, int n, int nbins)
{
	for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
		int b = keys[i] % nbins;
		atomicAdd(&bins[b], 1u); //! unanalysed
	}
}

// byte input, 256 shared bins, merged with one global atomic per bin
extern "C" __global__ void hist_smem256(const unsigned char *in, unsigned *bins, int n)
{
	__shared__ unsigned h[256];
	for (int j = threadIdx.x; j < 256; j += blockDim.x)
		h[j] = 0;
	__syncthreads();
	for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
		atomicAdd(&h[in[i]], 1u); //! unanalysed
	__syncthreads();
	for (int j = threadIdx.x; j < 256; j += blockDim.x)
		atomicAdd(&bins[j], h[j]);
}

// 16 bins from the high nibble of a byte
extern "C" __global__ void hist_nibble(const unsigned char *in, unsigned *bins, int n)
{
	__shared__ unsigned h[16];
	if (threadIdx.x < 16)
		h[threadIdx.x] = 0;
	__syncthreads();
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		atomicAdd(&h[in[i] >> 4], 1u); //! unanalysed
	__syncthreads();
	if (threadIdx.x < 16)
		atomicAdd(&bins[blockIdx.x * 16 + threadIdx.x], h[threadIdx.x]);
}

// float values binned by a computed index (clamped)
extern "C" __global__ void hist_float(const float *x, int *bins, int n, int nbins)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= n)
		return;
	int b = (int)(x[i] * nbins);
	b = min(max(b, 0), nbins - 1);
	atomicAdd(&bins[b], 1); //! unanalysed
}

// per-block private histograms in global memory, then reduced
extern "C" __global__ void hist_reduce(const unsigned *partial, unsigned *bins, int nblocks, int nbins)
{
	int b = blockIdx.x * blockDim.x + threadIdx.x;
	if (b >= nbins)
		return;
	unsigned s = 0;
	for (int j = 0; j < nblocks; j++)
		s += partial[j * nbins + b];
	bins[b] = s;
}
