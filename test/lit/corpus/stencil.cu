// Stencils: clamped boundaries (min/max, ternaries), shared-memory halos,
// a z-marching 3D heat step, a column-remapped 2D stencil.
// RUN: rm -rf %t && mkdir -p %t
// RUN: env WARPEST_CONFIG='no-estimate;dump-model=%t' %clang-plugin -gline-tables-only -fno-discard-value-names --cuda-device-only --cuda-gpu-arch=sm_90 -c %s -o /dev/null
// RUN: %python %inputs/check_corpus.py %s %t %warpest-cli
#include <cuda_runtime.h>
// heat3d_zmarch: its guessed grid z (64 blocks, the guard is a max/min the
// pass does not invert) needs nz/chunk >= 64 for a non-empty middle wave
//! param nx=64 ny=64 nz=1024 n=1048576 w=64 h=64 chunk=16

// 2D 5-point with indices clamped at the edges
extern "C" __global__ void stencil2d_clamp(const float *in, float *out, int nx, int ny)
{
	int x = blockIdx.x * blockDim.x + threadIdx.x;
	int y = blockIdx.y * blockDim.y + threadIdx.y;
	if (x >= nx || y >= ny)
		return;
	int xm = max(x - 1, 0), xp = min(x + 1, nx - 1);
	int ym = max(y - 1, 0), yp = min(y + 1, ny - 1);
	out[y * nx + x] = 0.2f * (in[y * nx + x] + in[y * nx + xm] + in[y * nx + xp] + in[ym * nx + x] + in[yp * nx + x]);
}

// ternary boundaries, double precision
extern "C" __global__ void jacobi2d_ternary(const double *u, double *v, int nx, int ny)
{
	int x = blockIdx.x * blockDim.x + threadIdx.x;
	int y = blockIdx.y * blockDim.y + threadIdx.y;
	if (x < nx && y < ny) {
		int w = x > 0 ? x - 1 : x;
		int e = x < nx - 1 ? x + 1 : x;
		int s = y > 0 ? y - 1 : y;
		int nn = y < ny - 1 ? y + 1 : y;
		v[y * nx + x] = 0.25 * (u[y * nx + w] + u[y * nx + e] + u[s * nx + x] + u[nn * nx + x]);
	}
}

// 1D 7-point with a shared-memory halo of 3
extern "C" __global__ void stencil1d_smem(const float *in, float *out, int n)
{
	__shared__ float s[256 + 6];
	int g = blockIdx.x * blockDim.x + threadIdx.x;
	int l = threadIdx.x + 3;
	s[l] = g < n ? in[g] : 0.f;
	if (threadIdx.x < 3) {
		s[l - 3] = g >= 3 ? in[g - 3] : 0.f;
		s[l + blockDim.x] = g + blockDim.x < n ? in[g + blockDim.x] : 0.f;
	}
	__syncthreads();
	if (g < n) {
		float r = 0.f;
		for (int k = -3; k <= 3; k++)
			r += s[l + k];
		out[g] = r / 7.f;
	}
}

// z-marching heat step: each thread walks a chunk of z, the start clamped by max
extern "C" __global__ void heat3d_zmarch(const float *u, float *v, int nx, int ny, int nz, int chunk)
{
	int x = blockIdx.x * blockDim.x + threadIdx.x;
	int y = blockIdx.y * blockDim.y + threadIdx.y;
	int k0 = blockIdx.z * chunk;
	if (x < 1 || y < 1 || x >= nx - 1 || y >= ny - 1)
		return;
	long sxy = (long)nx * ny;
	for (int k = max(k0, 1); k < k0 + chunk && k < nz - 1; ++k) {
		long c = k * sxy + (long)y * nx + x;
		v[c] = u[c] + 0.1f * (u[c - 1] + u[c + 1] + u[c - nx] + u[c + nx] + u[c - sxy] + u[c + sxy] - 6.f * u[c]);
	}
}

// column-remapped 2D stencil: a flat thread index split by a parameter width
extern "C" __global__ void stencil_colremap(const float *in, float *out, int w, int h)
{
	int t = blockIdx.x * blockDim.x + threadIdx.x;
	int x = t % w + 1, y = t / w + 1;
	if (y >= h - 1 || x >= w - 1)
		return;
	out[y * w + x] = in[y * w + x - 1] + in[y * w + x + 1] + in[(y - 1) * w + x] + in[(y + 1) * w + x];
}

// 3D 7-point, plain
extern "C" __global__ void stencil3d7(const double *a, double *b, int nx, int ny, int nz)
{
	int x = blockIdx.x * blockDim.x + threadIdx.x + 1;
	int y = blockIdx.y * blockDim.y + threadIdx.y + 1;
	int z = blockIdx.z + 1;
	if (x >= nx - 1 || y >= ny - 1 || z >= nz - 1)
		return;
	int i = (z * ny + y) * nx + x;
	b[i] = a[i] + a[i - 1] + a[i + 1] + a[i - nx] + a[i + nx] + a[i - nx * ny] + a[i + nx * ny];
}

// 1D smoothing whose taps are clamped by nested ternaries (InstCombine makes
// them select(j < 0, 0, smin(j, n - 1))), the radius a template parameter
template <int R>
__global__ void smooth_clamped(const float *__restrict__ in, float *__restrict__ out, int n)
{
	for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
		float acc = 0.0f;
#pragma unroll
		for (int d = -R; d <= R; d++) {
			int j = i + d;
			j = j < 0 ? 0 : (j >= n ? n - 1 : j);
			acc += in[j];
		}
		out[i] = acc * (1.0f / (2 * R + 1));
	}
}
template __global__ void smooth_clamped<3>(const float *, float *, int);
