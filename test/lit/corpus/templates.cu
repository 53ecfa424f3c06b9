// Templates: block-size and type parameters, functors, instantiated twice each.
// RUN: rm -rf %t && mkdir -p %t
// RUN: env WARPEST_CONFIG='no-estimate;dump-model=%t' %clang-plugin -gline-tables-only -fno-discard-value-names --cuda-device-only --cuda-gpu-arch=sm_90 -c %s -o /dev/null
// RUN: %python %inputs/check_corpus.py %s %t %warpest-cli
#include <cuda_runtime.h>
//! param n=1048576 nx=1024 ny=1024 k=1024

template <int BS>
__global__ void block_sum(const float *in, float *out, int n)
{
	__shared__ float s[BS];
	int t = threadIdx.x, i = blockIdx.x * BS + t;
	s[t] = i < n ? in[i] : 0.f;
	__syncthreads();
#pragma unroll
	for (int o = BS / 2; o > 0; o /= 2) {
		if (t < o)
			s[t] += s[t + o];
		__syncthreads();
	}
	if (t == 0)
		out[blockIdx.x] = s[0];
}
template __global__ void block_sum<128>(const float *, float *, int);
template __global__ void block_sum<256>(const float *, float *, int);

template <typename T>
__global__ void axpy(T a, const T *x, T *y, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		y[i] += a * x[i];
}
template __global__ void axpy<float>(float, const float *, float *, int);
template __global__ void axpy<double>(double, const double *, double *, int);

struct relu {
	__device__ float operator()(float v) const { return v > 0.f ? v : 0.f; }
};
struct square {
	__device__ float operator()(float v) const { return v * v; }
};
template <typename F>
__global__ void map(F f, const float *in, float *out, int n)
{
	for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
		out[i] = f(in[i]);
}
template __global__ void map<relu>(relu, const float *, float *, int);
template __global__ void map<square>(square, const float *, float *, int);

// tiled matrix product, TILE x TILE blocks
template <int TILE>
__global__ void matmul_tiled(const float *A, const float *B, float *C, int k, int nx)
{
	__shared__ float a[TILE][TILE], b[TILE][TILE];
	int row = blockIdx.y * TILE + threadIdx.y, col = blockIdx.x * TILE + threadIdx.x;
	float s = 0.f;
	for (int t = 0; t < k; t += TILE) {
		a[threadIdx.y][threadIdx.x] = A[row * k + t + threadIdx.x];
		b[threadIdx.y][threadIdx.x] = B[(t + threadIdx.y) * nx + col];
		__syncthreads();
		for (int j = 0; j < TILE; j++)
			s += a[threadIdx.y][j] * b[j][threadIdx.x];
		__syncthreads();
	}
	C[row * nx + col] = s;
}
template __global__ void matmul_tiled<16>(const float *, const float *, float *, int, int);
template __global__ void matmul_tiled<32>(const float *, const float *, float *, int, int);
