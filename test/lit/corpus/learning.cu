// Kernels of learning and clustering codes: a weighted sum reduced with a float power, nearest
// centroids, a radix digit histogram, a register-tiled SGEMM.
// RUN: rm -rf %t && mkdir -p %t
// RUN: env WARPEST_CONFIG='no-estimate;dump-model=%t' %clang-plugin -gline-tables-only -fno-discard-value-names --cuda-device-only --cuda-gpu-arch=sm_90 -c %s -o /dev/null
// RUN: %python %inputs/check_corpus.py %s %t %warpest-cli
#include <cuda_runtime.h>

// Shared-memory tree reduction whose stride comes from a float power (backprop-style).
#define TILE 16
extern "C" __global__ void weighted_sum(const float *input, const float *weights, float *partial, int hidden)
{
	__shared__ float in_tile[TILE];
	__shared__ float w_tile[TILE][TILE];
	int tx = threadIdx.x, ty = threadIdx.y;
	int row = TILE * blockIdx.y + ty;
	int idx = (hidden + 1) * row + tx + 1 + hidden + 1;
	if (tx == 0)
		in_tile[ty] = input[row + 1];
	__syncthreads();
	w_tile[ty][tx] = weights[idx] * in_tile[ty];
	__syncthreads();
	for (int i = 1; i <= __log2f(TILE); i++) {
		int step = __powf(2, i);
		if (ty % step == 0)
			w_tile[ty][tx] += w_tile[ty + step / 2][tx]; //! unanalysed assume=random
		__syncthreads();
	}
	if (tx == 0)
		partial[blockIdx.y * hidden + ty] = w_tile[tx][ty];
}

// Nearest-centroid assignment with features stored feature-major (k-means-like).
extern "C" __global__ void assign_nearest(const float *features, const float *centroids, int *membership,
										  int n_points, int n_clusters, int n_features)
{
	int p = blockIdx.x * blockDim.x + threadIdx.x;
	if (p >= n_points)
		return;
	int best = 0;
	float best_d = 3.0e38f;
	for (int c = 0; c < n_clusters; c++) {
		float d = 0.0f;
		for (int f = 0; f < n_features; f++) {
			float diff = features[f * n_points + p] - centroids[c * n_features + f];
			d += diff * diff;
		}
		if (d < best_d) {
			best_d = d;
			best = c;
		}
	}
	membership[p] = best;
}


// Radix digit histogram with warp-aggregated shared atomics (CUB-style).
#define RADIX_BITS 4
extern "C" __global__ void digit_histogram(const unsigned *keys, unsigned *bins, int n, int shift)
{
	__shared__ unsigned local[1 << RADIX_BITS];
	if (threadIdx.x < (1 << RADIX_BITS))
		local[threadIdx.x] = 0;
	__syncthreads();
	for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
		unsigned d = (keys[i] >> shift) & ((1u << RADIX_BITS) - 1);
		atomicAdd(&local[d], 1u); //! unanalysed
	}
	__syncthreads();
	if (threadIdx.x < (1 << RADIX_BITS))
		atomicAdd(&bins[blockIdx.x * (1 << RADIX_BITS) + threadIdx.x], local[threadIdx.x]);
}

//! param lda=4096 ldb=4096 ldc=4096 k=1024
// Register-tiled SGEMM: each thread keeps a column of C in registers (Parboil-like layout).
#define TN 16
#define TK 16
extern "C" __global__ void sgemm_regtile(const float *A, int lda, const float *B, int ldb, float *C, int ldc, int k)
{
	__shared__ float b_tile[TK][TN];
	float acc[TN];
#pragma unroll
	for (int i = 0; i < TN; i++)
		acc[i] = 0.0f;
	int m = blockIdx.x * blockDim.x + threadIdx.x;
	int n0 = blockIdx.y * TN;
	for (int kk = 0; kk < k; kk += TK) {
		int tr = threadIdx.x / TN, tc = threadIdx.x % TN;
		if (threadIdx.x < TK * TN)
			b_tile[tr][tc] = B[(kk + tr) * ldb + n0 + tc];
		__syncthreads();
#pragma unroll
		for (int j = 0; j < TK; j++) {
			float a = A[m + (kk + j) * lda];
#pragma unroll
			for (int i = 0; i < TN; i++)
				acc[i] += a * b_tile[j][i];
		}
		__syncthreads();
	}
#pragma unroll
	for (int i = 0; i < TN; i++)
		C[m + (n0 + i) * ldc] = acc[i];
}

