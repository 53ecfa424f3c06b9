// InstCombine's clamp, select(x < 0, 0, smin(x, n - 1)), read as max(0,
// min(x, n - 1)) (pass/eval.c clamp_select), and a neighbour chosen by a
// select on the thread's parity, k or -k apart: -k + 2k*(tid.x mod 2).
// REQUIRES: warpest-core, warpest-cli
// RUN: rm -rf %t && mkdir -p %t
// RUN: env WARPEST_CONFIG='no-estimate;dump-model=%t' %clang-plugin -fno-discard-value-names --cuda-device-only --cuda-gpu-arch=sm_80 -c %s -o /dev/null
// RUN: FileCheck %s --check-prefix=MODEL --input-file=%t/shift_clamp.json
// RUN: %warpest-cli estimate %t/shift_clamp.json --gpu a100-40gb --block 256x1x1 -p n=1048576 -p k=3 --json > %t/est.json
// RUN: FileCheck %s --check-prefix=EST --input-file=%t/est.json
#include <cuda_runtime.h>

// MODEL: "index": [ "max(0, min(tid.x + ctaid.x*ntid.x - k + 2*k*((tid.x) % 2), n - 1))" ]
// MODEL-NOT: "analysable": false
// MODEL: "a select{{.*}} read as a clamp, its upper bound taken >= its lower bound"
extern "C" __global__ void shift_clamp(const float *__restrict__ in, float *__restrict__ out, int n, int k)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= n)
		return;
	int j = (threadIdx.x & 1) ? i + k : i - k;
	j = j < 0 ? 0 : (j >= n ? n - 1 : j);
	out[i] = in[j];
}

// Lanes alternate between i - 3 and i + 3: a warp's 32 loads span elements
// 32w - 3 .. 32w + 34, 38 floats (152 B) over 2 lines, every lane active.
// n = 2^20 threads: 32768 warps, one load each, each 32 lanes: 1048576 load
// lanes; the DRAM load is the array once, 4 MiB (first and last warp clamp).
// Sectors: bytes 128w - 12 .. 128w + 139 touch sectors 4w - 1 .. 4w + 4, 6 a
// warp, but the first warp's clamp keeps it from sector -1 and the last
// warp's from sector 4*32768: 32768 * 6 - 2 = 196606.
// EST: "l1_global_ld_requests": 32768.0
// EST-NEXT: "l1_global_ld_sectors": 196606.0
// EST: "dram_read_bytes": 4194304.0
