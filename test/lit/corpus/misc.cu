// Miscellany from benchmark suites: bitonic steps (xor), Morton codes (masks),
// softmax rows (shuffles, max), pointer chasing, lookup tables in constant
// memory, clock-timed loops, n-body tiles, shared-memory struct copies.
// RUN: rm -rf %t && mkdir -p %t
// RUN: env WARPEST_CONFIG='no-estimate;dump-model=%t' %clang-plugin -gline-tables-only -fno-discard-value-names --cuda-device-only --cuda-gpu-arch=sm_90 -c %s -o /dev/null
// RUN: %python %inputs/check_corpus.py %s %t %warpest-cli
#include <cuda_runtime.h>
//! param n=1048576 ncols=1024 nrows=1024 j=8 k=16 steps=64

__constant__ float c_table[256];

// one bitonic compare-exchange step: partner = i ^ j
extern "C" __global__ void bitonic_step(float *v, int j, int k)
{
	unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
	unsigned p = i ^ j;
	if (p > i) {
		float a = v[i], b = v[p];
		bool up = (i & k) == 0;
		if ((a > b) == up) {
			v[i] = b;
			v[p] = a;
		}
	}
}

// a block sorts 2 * blockDim.x keys in shared memory: the size doubles, the
// stride halves from it, the partner is pos + stride with pos = 2t - t % stride
// (t & (stride - 1)), and the direction bit t & (size / 2)
static __device__ __forceinline__ void compare_swap(float &a, float &b, unsigned up)
{
	if ((a > b) == up) {
		float t = a;
		a = b;
		b = t;
	}
}

extern "C" __global__ void bitonic_block(float *keys, unsigned up)
{
	extern __shared__ float s_key[];
	const unsigned t = threadIdx.x, n = 2 * blockDim.x;
	float *base = keys + blockIdx.x * n;
	s_key[t] = base[t];
	s_key[t + blockDim.x] = base[t + blockDim.x];
	for (unsigned size = 2; size <= n; size <<= 1) {
		unsigned dir = up ^ ((t & (size / 2)) != 0);
		for (unsigned stride = size / 2; stride > 0; stride >>= 1) {
			__syncthreads();
			unsigned pos = 2 * t - (t & (stride - 1));
			compare_swap(s_key[pos], s_key[pos + stride], dir);
		}
	}
	__syncthreads();
	base[t] = s_key[t];
	base[t + blockDim.x] = s_key[t + blockDim.x];
}

// 2D Morton order: interleave x and y bits of a block-local index
extern "C" __global__ void morton_gather(const float *in, float *out, int n)
{
	unsigned t = threadIdx.x;
	unsigned x = t & 15, y = (t >> 4) & 15;
	unsigned m = (x & 1) | ((y & 1) << 1) | ((x & 2) << 1) | ((y & 2) << 2) | ((x & 4) << 2) | ((y & 4) << 3) |
	             ((x & 8) << 3) | ((y & 8) << 4);
	int i = blockIdx.x * 256 + m;
	if (i < n)
		out[blockIdx.x * 256 + t] = in[i];
}

// softmax, one warp per row: max and sum by shuffles
extern "C" __global__ void softmax_rows(const float *x, float *y, int nrows, int ncols)
{
	int row = blockIdx.x * (blockDim.x / 32) + threadIdx.x / 32;
	int lane = threadIdx.x % 32;
	if (row >= nrows)
		return;
	const float *xr = x + (size_t)row * ncols;
	float m = -1e30f;
	for (int c = lane; c < ncols; c += 32)
		m = fmaxf(m, xr[c]);
	for (int o = 16; o > 0; o /= 2)
		m = fmaxf(m, __shfl_xor_sync(0xffffffffu, m, o));
	float s = 0.f;
	for (int c = lane; c < ncols; c += 32)
		s += __expf(xr[c] - m);
	for (int o = 16; o > 0; o /= 2)
		s += __shfl_xor_sync(0xffffffffu, s, o);
	for (int c = lane; c < ncols; c += 32)
		y[(size_t)row * ncols + c] = __expf(xr[c] - m) / s;
}

// linked list walk: next index loaded each step
extern "C" __global__ void chase(const int *next, int *out, int steps, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= n)
		return;
	int p = i;
	for (int s = 0; s < steps; s++)
		p = next[p]; //! unanalysed
	out[i] = p;
}

// table lookup in constant memory by byte value
extern "C" __global__ void lut_map(const unsigned char *in, float *out, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		out[i] = c_table[in[i]]; //! unanalysed
}

// timing with clock64 around a loop: the clock reads are not addresses
extern "C" __global__ void timed_copy(const float *in, float *out, long long *cycles, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	long long t0 = clock64();
	if (i < n)
		out[i] = in[i];
	long long t1 = clock64();
	if (threadIdx.x == 0)
		cycles[blockIdx.x] = t1 - t0;
}

// n-body: tiles of positions in shared memory
extern "C" __global__ void nbody_tile(const float4 *pos, float4 *acc, int n)
{
	__shared__ float4 sh[256];
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	float4 p = pos[i];
	float3 a = make_float3(0.f, 0.f, 0.f);
	for (int t = 0; t < n; t += 256) {
		sh[threadIdx.x] = pos[t + threadIdx.x];
		__syncthreads();
		for (int j = 0; j < 256; j++) {
			float4 q = sh[j];
			float dx = q.x - p.x, dy = q.y - p.y, dz = q.z - p.z;
			float r = rsqrtf(dx * dx + dy * dy + dz * dz + 1e-9f);
			float s = q.w * r * r * r;
			a.x += dx * s;
			a.y += dy * s;
			a.z += dz * s;
		}
		__syncthreads();
	}
	acc[i] = make_float4(a.x, a.y, a.z, 0.f);
}

struct cell {
	float rho, u, v, pad;
};
// struct copies through shared memory
extern "C" __global__ void cell_copy(const cell *in, cell *out, int n)
{
	__shared__ cell s[128];
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		s[threadIdx.x] = in[i];
	__syncthreads();
	if (i < n)
		out[i] = s[blockDim.x - 1 - threadIdx.x];
}
