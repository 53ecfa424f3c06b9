// Scans with warp intrinsics: shuffles, ballots with %lanemask, shared-memory
// Hillis-Steele and Blelloch, and a decoupled block carry through a flag array.
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

// work-efficient exclusive scan of 2 * blockDim.x values per block: the
// up-sweep's stride halves while its offset doubles (a second shifting
// variable); the down-sweep's offset starts from the up-sweep's last one, a
// value after a loop that the model does not carry
extern "C" __global__ void scan_blelloch(float *data, int len)
{
	extern __shared__ float tile[];
	const int t = threadIdx.x;
	float *blk = data + 2 * blockIdx.x * blockDim.x;
	tile[2 * t] = blk[2 * t];
	tile[2 * t + 1] = blk[2 * t + 1];
	int offset = 1;
	for (int d = len >> 1; d > 0; d >>= 1) {
		__syncthreads();
		if (t < d) {
			int lo = offset * (2 * t + 1) - 1, hi = offset * (2 * t + 2) - 1;
			tile[hi] += tile[lo];
		}
		offset <<= 1;
	}
	if (t == 0)
		tile[len - 1] = 0.f;
	for (int d = 1; d < len; d <<= 1) {
		offset >>= 1;
		__syncthreads();
		if (t < d) {
			int lo = offset * (2 * t + 1) - 1, hi = offset * (2 * t + 2) - 1;
			float v = tile[lo]; //! unanalysed
			tile[lo] = tile[hi]; //! unanalysed
			tile[hi] += v; //! unanalysed
		}
	}
	__syncthreads();
	blk[2 * t] = tile[2 * t];
	blk[2 * t + 1] = tile[2 * t + 1];
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
