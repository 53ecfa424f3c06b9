// Bitwise operations by a kernel argument taken as a power of two (a
// bitonic partner i ^ j, a ring buffer's index & (size - 1)), marked
// `power_of_two` on the parameter and checked by the core at launch; a
// select that is min(x + 1, n - 1) written as x < n - 1 ? x + 1 : n - 1; and
// a stride computed through __powf of constants after unrolling.
// REQUIRES: warpest-core, warpest-cli
// RUN: rm -rf %t && mkdir -p %t
// RUN: env WARPEST_CONFIG='no-estimate;dump-model=%t' %clang-plugin -fno-discard-value-names --cuda-device-only --cuda-gpu-arch=sm_80 -c %s -o /dev/null
// RUN: FileCheck %s --check-prefix=PARTNER --input-file=%t/partner.json
// RUN: FileCheck %s --check-prefix=RING --input-file=%t/ring.json
// RUN: FileCheck %s --check-prefix=RIGHT --input-file=%t/right_neighbour.json
// RUN: FileCheck %s --check-prefix=POWF --input-file=%t/powf_stride.json
// RUN: %warpest-cli estimate %t/partner.json --gpu a100-40gb --block 256x1x1 -p j=64 --json > %t/est.json
// RUN: FileCheck %s --check-prefix=EST --input-file=%t/est.json
// RUN: %warpest-cli estimate %t/partner.json --gpu a100-40gb --block 256x1x1 -p j=48 --json > %t/est48.json
// RUN: FileCheck %s --check-prefix=NOTPOW2 --input-file=%t/est48.json
// RUN: env WARPEST_CONFIG='no-estimate;dump-model=%t/given;param=j:48' %clang-plugin -fno-discard-value-names --cuda-device-only --cuda-gpu-arch=sm_80 -c %s -o /dev/null
// RUN: FileCheck %s --check-prefix=GIVEN48 --input-file=%t/given/partner.json
#include <cuda_runtime.h>

// i ^ j = i + j - 2*j*((i / j) % 2): the partner is j above i where bit j of
// i is clear (the lanes that swap), j below where it is set.
// (the pass delinearises the index by j: row 1 - 2*bit of a row length j)
// PARTNER: { "name": "j", "power_of_two": true }
// PARTNER: "index": [ "-2*(((tid.x + ctaid.x*ntid.x) / (j)) % 2) + 1", "tid.x + ctaid.x*ntid.x" ]
// PARTNER-NOT: "analysable": false
// PARTNER: "parameter 'j' is a power of two
extern "C" __global__ void partner(const float *__restrict__ in, float *__restrict__ out, int j)
{
	unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
	out[i] = in[i ^ j];
}

// 1024 blocks of 256 threads (the guessed grid): 262144 loads and stores,
// in[] read once whole: 262144 * 4 = 1048576 B from DRAM. With j = 64 every
// warp reads 32 consecutive floats (its partners are another aligned warp):
// 4 sectors a request, 8192 requests, 32768 sectors.
// EST: "l1_global_ld_requests": 8192.0
// EST-NEXT: "l1_global_ld_sectors": 32768.0
// EST: "dram_read_bytes": 1048576.0
// With j = 48 (not a power of two) the bit reading fails: in[] is assumed
// random, each lane on its own line: 8192 requests of 32 sectors = 262144
// sectors, each a 64 B DRAM fetch unit on A100: 262144 * 64 = 16777216 B.
// NOTPOW2: "l1_global_ld_requests": 8192.0
// NOTPOW2-NEXT: "l1_global_ld_sectors": 262144.0
// NOTPOW2: "dram_read_bytes": 16777216.0
// NOTPOW2: "analysable": false,
// NOTPOW2-NEXT: "reason": "bitwise operations on parameter 'j' = 48, read as on a power of two, which it is not"
// NOTPOW2: access 0 (in): address not analysed (bitwise operations on parameter 'j' = 48
// GIVEN48: "analysable": false
// GIVEN48: "reason": "bitwise 'xor' of two variables"

// RING: { "name": "size", "power_of_two": true }
// RING: "index": [ "(tid.x + ctaid.x*ntid.x + head) % (size)" ]
extern "C" __global__ void ring(const float *__restrict__ buf, float *__restrict__ out, int head, int size)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	out[i] = buf[(head + i) & (size - 1)];
}

// RIGHT: "index": [ "min(tid.x + ctaid.x*ntid.x + 1, n - 1)" ]
// RIGHT-NOT: "analysable": false
extern "C" __global__ void right_neighbour(const int *__restrict__ in, int *__restrict__ out, int n)
{
	int c = blockIdx.x * blockDim.x + threadIdx.x;
	if (c >= n)
		return;
	int r = c < n - 1 ? c + 1 : n - 1;
	out[c] = in[r] - in[c];
}

// level 1..3 unrolled: strides 2, 4, 8 rows of 32 floats, read at
// tid.y + power/2 (rows 1, 2, 4 below)
// POWF: "index": [ "tid.x + 32*tid.y + 32" ]
// POWF: "index": [ "tid.x + 32*tid.y + 64" ]
// POWF: "index": [ "tid.x + 32*tid.y + 128" ]
// POWF-NOT: "analysable": false
// POWF: taken as exact{{.*}} (value 8)
extern "C" __global__ void powf_stride(float *__restrict__ out)
{
	__shared__ float rows[16][32];
	int tx = threadIdx.x, ty = threadIdx.y;
	rows[ty][tx] = (float)(tx + ty);
	__syncthreads();
	for (int level = 1; level <= 3; level++) {
		int power = (int)__powf(2.0f, (float)level);
		if (ty % power == 0)
			rows[ty][tx] += rows[ty + power / 2][tx];
		__syncthreads();
	}
	out[blockIdx.x * 32 + tx] = rows[0][tx];
}
