// An index chosen by a select whose operands differ by a varying amount
// (not a min, max or clamp, and not f + d*[c] with d free of thread, block
// and loop variables): the access is split into one per operand, each read
// with the select taken as that operand and guarded by its condition or the
// negation (pass/select_split.c). Before: "value chosen by a select", assumed
// random (32 sectors a request). A value merged at a join (`j = i + 1; if
// (c) j = 2*i + m;`) is split the same way, each piece under what chooses
// its arm (before: "value merged from different paths (phi)").
// REQUIRES: warpest-core
// RUN: env WARPEST_CONFIG='gpu=a100-40gb;block=256;grid=4x2;param=n:1024;param=m:0' %clang-plugin --cuda-device-only --cuda-gpu-arch=sm_80 -Rpass-analysis='warpest.*' -c %s -o /dev/null 2>&1 | FileCheck %s
// CHECK-NOT: chosen by a select
// CHECK: pick (sm_80): 3 accesses (0 not analysable)
// CHECK: assumes load at select-split.cu:[[#@LINE+30]]:{{[0-9]+}}: address chosen by a select, one access per candidate, each under what chooses it
// The condition is uniform in a block: exact. Grid 4x2 of 256 threads:
// blockIdx.y == 0 is 4 blocks x 8 warps = 32 warp-instructions, a[i + 1]:
// 32 floats from byte 4 of a sector, bytes 4..131: 5 sectors; the other 32
// read a[2i + m], m = 0: 32 x 8 B = 256 B, 8 sectors.
// CHECK-DAG: remark: load a[0][threadIdx.x + blockIdx.x*blockDim.x + 1]: 4 B, 1 data and 1.24 tag wavefronts and 5 sectors per request, {{.*}} 32 warp-instructions of 32 active lanes
// CHECK-DAG: remark: load a[1][2*threadIdx.x + 2*blockIdx.x*blockDim.x]: 4 B, 2 data and 1.24 tag wavefronts and 8 sectors per request, {{.*}} 32 warp-instructions of 32 active lanes
// The condition differs between lanes: threadIdx.x < 16 is half of warp 0
// of each of the 8 blocks, 8 warp-instructions of 16 lanes, a[i]: 64 B, 2
// sectors. The rest: warp 0's other 16 lanes and warps 1..7, 8 x 8 = 64
// warp-instructions of (16 + 7*32)/8 = 30 lanes, a[4i]: 16 B a lane, 16
// sectors for 32 lanes and 8 for warp 0's 16: (8 + 7*16)/8 = 15. Warp 0
// counts an instruction in each piece where the hardware issues one (the
// split's stated limit: docs/pass.md).
// CHECK: pick_lanes (sm_80): 3 accesses (0 not analysable)
// CHECK-DAG: remark: load a[threadIdx.x + blockIdx.x*blockDim.x]: 4 B, 1 data and 1 tag wavefronts and 2 sectors per request, {{.*}} 8 warp-instructions of 16 active lanes
// CHECK-DAG: remark: load a[4*threadIdx.x + 4*blockIdx.x*blockDim.x]: 4 B, 3.75 data and 1.81 tag wavefronts and 15 sectors per request, {{.*}} 64 warp-instructions of 30 active lanes
// pick_if: blockIdx.y > 0 (the arm, 4 blocks) reads a[2i + m], 32
// warp-instructions of 8 sectors; the edge that skips it (blockIdx.y == 0)
// a[i + 1], 32 of 5 sectors, as in pick.
// CHECK: pick_if (sm_80): 4 accesses (0 not analysable)
// CHECK: assumes load at select-split.cu:[[#@LINE+27]]:{{[0-9]+}}: address merged from different paths (phi), one access per candidate, each under what chooses it
// CHECK-DAG: remark: load a[1][2*threadIdx.x + 2*blockIdx.x*blockDim.x]: 4 B, 2 data and 1.24 tag wavefronts and 8 sectors per request, {{.*}} 32 warp-instructions of 32 active lanes
// CHECK-DAG: remark: load a[0][threadIdx.x + blockIdx.x*blockDim.x + 1]: 4 B, 1 data and 1.24 tag wavefronts and 5 sectors per request, {{.*}} 32 warp-instructions of 32 active lanes
#include <cuda_runtime.h>
extern "C" __global__ void pick(const float *__restrict__ a, float *__restrict__ b, int n, int m)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	int j = blockIdx.y == 0 ? i + 1 : 2 * i + m;
	if (i < n)
		b[i + n * blockIdx.y] = a[j];
}
extern "C" __global__ void pick_lanes(const float *__restrict__ a, float *__restrict__ b, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	int j = threadIdx.x < 16 ? i : 4 * i;
	if (i < n)
		b[i] = a[j];
}
extern "C" __global__ void pick_if(const float *__restrict__ a, float *__restrict__ b, int n, int m)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	int j = i + 1;
	if (blockIdx.y > 0) {
		j = 2 * i + m;
		b[n + i] = 0.f;
	}
	if (i < n)
		b[i] = a[j];
}
