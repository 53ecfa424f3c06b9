// Solver kernels: a red-black Gauss-Seidel sweep, an ELL SpMV, batched small GEMVs, a block scan
// that scatters flagged elements.
// RUN: rm -rf %t && mkdir -p %t
// RUN: env WARPEST_CONFIG='no-estimate;dump-model=%t' %clang-plugin -gline-tables-only -fno-discard-value-names --cuda-device-only --cuda-gpu-arch=sm_90 -c %s -o /dev/null
// RUN: %python %inputs/check_corpus.py %s %t %warpest-cli
#include <cuda_runtime.h>
// Red-black Gauss-Seidel sweep: each thread updates every other point of a row.
extern "C" __global__ void rb_sweep(float *u, const float *f, int n, float h2, int color)
{
	int j = blockIdx.y * blockDim.y + threadIdx.y + 1;
	int i = 2 * (blockIdx.x * blockDim.x + threadIdx.x) + 1 + ((j + color) & 1);
	if (j >= n - 1 || i >= n - 1)
		return;
	int c = j * n + i;
	u[c] = 0.25f * (u[c - 1] + u[c + 1] + u[c - n] + u[c + n] - h2 * f[c]);
}

//! param max_nnz=16
// Conjugate-gradient pieces: an ELL-format SpMV with padded columns and a dot product.
extern "C" __global__ void ell_spmv_cols(int n, int max_nnz, const int *__restrict__ col, const double *__restrict__ val,
	const double *__restrict__ x, double *__restrict__ y)
{
	int row = blockIdx.x * blockDim.x + threadIdx.x;
	if (row >= n)
		return;
	double s = 0.0;
	for (int k = 0; k < max_nnz; ++k) {
		int c = col[k * n + row];
		if (c >= 0)
			s += val[k * n + row] * x[c]; //! unanalysed assume=random
	}
	y[row] = s;
}

// Batched small matrix-vector products: one block per matrix, matrices stored back to back.
template <int N>
__global__ void batched_gemv(const float *__restrict__ A, const float *__restrict__ x, float *__restrict__ y)
{
	const float *a = A + (size_t)blockIdx.x * N * N;
	const float *xv = x + (size_t)blockIdx.x * N;
	__shared__ float xs[N];
	for (int k = threadIdx.x; k < N; k += blockDim.x)
		xs[k] = xv[k];
	__syncthreads();
	for (int r = threadIdx.x; r < N; r += blockDim.x) {
		float s = 0.f;
#pragma unroll 8
		for (int k = 0; k < N; ++k)
			s += a[r * N + k] * xs[k];
		y[(size_t)blockIdx.x * N + r] = s;
	}
}
template __global__ void batched_gemv<64>(const float *, const float *, float *);

// Prefix offsets of per-block counts, one thread per block, then scatter of flagged elements.
extern "C" __global__ void scatter_flagged(const int *__restrict__ flags, const int *__restrict__ block_offset,
	const float *__restrict__ in, float *__restrict__ out, int n)
{
	__shared__ int pos[256];
	int i = blockIdx.x * 256 + threadIdx.x;
	int f = i < n ? flags[i] : 0;
	pos[threadIdx.x] = f;
	__syncthreads();
	for (int d = 1; d < 256; d *= 2) {
		int v = threadIdx.x >= d ? pos[threadIdx.x - d] : 0;
		__syncthreads();
		pos[threadIdx.x] += v;
		__syncthreads();
	}
	if (f)
		out[block_offset[blockIdx.x] + pos[threadIdx.x] - 1] = in[i]; //! unanalysed assume=random
}
