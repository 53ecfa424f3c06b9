// Scans with warp intrinsics: shuffles, ballots with %lanemask, shared-memory
// Hillis-Steele, and a decoupled block carry through a flag array.
// RUN: rm -rf %t && mkdir -p %t
// RUN: env WARPEST_CONFIG='no-estimate;dump-model=%t' %clang-plugin -gline-tables-only -fno-discard-value-names --cuda-device-only --cuda-gpu-arch=sm_90 -c %s -o /dev/null
// RUN: %python %inputs/check_corpus.py %s %t %warpest-cli
#include <cuda_runtime.h>

static __device__ __forceinline__ unsigned lanemask_lt()
{
	unsigned r;
	asm("mov.u32 %0, %%lanemask_lt;" : "=r"(r));
	return r;
}

// inclusive warp scan with __shfl_up_sync, block totals to a second array
extern "C" __global__ void scan_warp(const int *in, int *out, int *sums, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	int lane = threadIdx.x % 32;
	int v = i < n ? in[i] : 0;
	for (int d = 1; d < 32; d *= 2) {
		int u = __shfl_up_sync(0xffffffffu, v, d);
		if (lane >= d)
			v += u;
	}
	if (i < n)
		out[i] = v;
	if (lane == 31)
		sums[i / 32] = v;
}

// stream compaction: ballot, popc of the lanes below, one atomic per warp
extern "C" __global__ void compact(const float *in, float *out, int *count, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= n)
		return;
	float v = in[i];
	unsigned keep = __ballot_sync(0xffffffffu, v > 0.f);
	int below = __popc(keep & lanemask_lt());
	int base = 0;
	if ((threadIdx.x & 31) == 0)
		base = atomicAdd(count, __popc(keep));
	base = __shfl_sync(0xffffffffu, base, 0);
	if (v > 0.f)
		out[base + below] = v; //! unanalysed
}

// Hillis-Steele in shared memory, double buffered
extern "C" __global__ void scan_hs(const float *in, float *out, int n)
{
	__shared__ float buf[2][512];
	int t = threadIdx.x;
	int i = blockIdx.x * blockDim.x + t;
	int p = 0;
	buf[0][t] = i < n ? in[i] : 0.f;
	__syncthreads();
	for (int o = 1; o < blockDim.x; o <<= 1) {
		float v = buf[p][t];
		if (t >= o)
			v += buf[p][t - o]; // o doubles, p by the iteration count (pass/geometric.c)
		buf[1 - p][t] = v;
		p = 1 - p;
		__syncthreads();
	}
	if (i < n)
		out[i] = buf[p][t]; //! unanalysed
}

// adds the scanned block sums back
extern "C" __global__ void scan_add(int *data, const int *sums, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (blockIdx.x == 0 || i >= n)
		return;
	data[i] += sums[blockIdx.x - 1];
}

// segmented flags: head flags from a key array compared with its neighbour
extern "C" __global__ void seg_heads(const int *keys, int *flags, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		flags[i] = i == 0 || keys[i] != keys[i - 1];
}
