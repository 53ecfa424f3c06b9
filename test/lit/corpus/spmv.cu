// Sparse matrix-vector products: CSR scalar and vector kernels, ELL, COO.
// RUN: rm -rf %t && mkdir -p %t
// RUN: env WARPEST_CONFIG='no-estimate;dump-model=%t' %clang-plugin -gline-tables-only -fno-discard-value-names --cuda-device-only --cuda-gpu-arch=sm_90 -c %s -o /dev/null
// RUN: %python %inputs/check_corpus.py %s %t %warpest-cli
#include <cuda_runtime.h>

// CSR, one thread per row
extern "C" __global__ void spmv_csr_scalar(const int *rowptr, const int *col, const float *val, const float *x,
	float *y, int nrows)
{
	int r = blockIdx.x * blockDim.x + threadIdx.x;
	if (r >= nrows)
		return;
	float s = 0.f;
	for (int j = rowptr[r]; j < rowptr[r + 1]; j++)
		s += val[j] * x[col[j]]; //! unanalysed
	y[r] = s;
}

// CSR, one warp per row
extern "C" __global__ void spmv_csr_vector(const int *rowptr, const int *col, const double *val, const double *x,
	double *y, int nrows)
{
	int t = blockIdx.x * blockDim.x + threadIdx.x;
	int r = t / 32, lane = t & 31;
	if (r >= nrows)
		return;
	double s = 0;
	int beg = rowptr[r], end = rowptr[r + 1];
	for (int j = beg + lane; j < end; j += 32)
		s += val[j] * x[col[j]]; //! unanalysed
	for (int o = 16; o > 0; o /= 2)
		s += __shfl_down_sync(0xffffffffu, s, o);
	if (lane == 0)
		y[r] = s;
}

// ELL, column-major padding: entry k of row r at k*nrows + r
extern "C" __global__ void spmv_ell(const int *col, const float *val, const float *x, float *y, int nrows, int width)
{
	int r = blockIdx.x * blockDim.x + threadIdx.x;
	if (r >= nrows)
		return;
	float s = 0.f;
	for (int k = 0; k < width; k++) {
		int c = col[k * nrows + r];
		if (c >= 0)
			s += val[k * nrows + r] * x[c]; //! unanalysed
	}
	y[r] = s;
}

// COO with atomics on the row
extern "C" __global__ void spmv_coo(const int *row, const int *col, const float *val, const float *x, float *y, int nnz)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < nnz)
		atomicAdd(&y[row[i]], val[i] * x[col[i]]); //! unanalysed
}

// gather and scatter through a permutation
extern "C" __global__ void permute(const float *in, const int *perm, float *out, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		out[perm[i]] = in[i]; //! unanalysed
}
