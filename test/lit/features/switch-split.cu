// A value merged after a switch on a kernel argument (a direction or a
// mode chosen at launch). Arms that differ by amounts free of thread, block
// and loop variables merge exactly: the default arm's value plus each
// case's difference times [key == case] (pass/switch_merge.c). Arms that
// differ by a thread-dependent amount split the access into one per arm,
// each guarded by the cases that lead to it, the default by none of them
// (pass/select_split.c, switch_edge). Before: "merged values take their
// non-constant incoming value" (dir 0 and 7 read the wrong address), and
// "value merged from different paths (phi)", assumed random. A switch on
// loaded data is neither.
// REQUIRES: warpest-core
// RUN: env WARPEST_CONFIG='gpu=a100-40gb;block=32x8;grid=4x4;param=nx:128;param=dir:1' %clang-plugin --cuda-device-only --cuda-gpu-arch=sm_80 -Rpass-analysis='warpest.*' -c %s -o /dev/null 2>&1 | FileCheck %s --check-prefixes=CHECK,NORTH
// RUN: env WARPEST_CONFIG='gpu=a100-40gb;block=32x8;grid=4x4;param=nx:128;param=dir:0' %clang-plugin --cuda-device-only --cuda-gpu-arch=sm_80 -Rpass-analysis='warpest.*' -c %s -o /dev/null 2>&1 | FileCheck %s --check-prefixes=CHECK,EAST
// RUN: env WARPEST_CONFIG='gpu=a100-40gb;block=32x8;grid=4x4;param=nx:128;param=dir:7' %clang-plugin --cuda-device-only --cuda-gpu-arch=sm_80 -Rpass-analysis='warpest.*' -c %s -o /dev/null 2>&1 | FileCheck %s --check-prefixes=CHECK,SELF
// CHECK-NOT: non-constant incoming value
// CHECK: shift_diff (sm_80): 3 accesses (0 not analysable)
// Grid 4x4 of 32x8 threads: 16 blocks x 8 warps = 128 warp-instructions,
// each a row of 32 floats at x = 32*blockIdx.x: 128 B from a 128 B
// boundary when the offset is a multiple of 32 floats (dir 1: nx = 128;
// dir 7: 0), 4 sectors; 4 B past it for in[c + 1] (dir 0: bytes 4..131,
// 5 sectors).
// NORTH: remark: load in[{{.*}}]: 4 B, 1 data and 1 tag wavefronts and 4 sectors per request, {{.*}} 128 warp-instructions of 32 active lanes
// EAST: remark: load in[{{.*}}]: 4 B, 1 data and 1.24 tag wavefronts and 5 sectors per request, {{.*}} 128 warp-instructions of 32 active lanes
// SELF: remark: load in[{{.*}}]: 4 B, 1 data and 1 tag wavefronts and 4 sectors per request, {{.*}} 128 warp-instructions of 32 active lanes
// CHECK: gather_mode (sm_80): 4 accesses (0 not analysable)
// CHECK: assumes load at switch-split.cu:[[#@LINE+49]]:{{[0-9]+}}: address merged from different paths (phi), one access per candidate, each under what chooses it
// Only the arm the argument picks runs; the others count 0
// warp-instructions. dir 1: in[2x], 32 lanes 8 B apart, 256 B: 8 sectors
// in 2 data wavefronts; dir 0: in[x], 4 sectors; dir 7: in[x + nx] (row 1 of rows
// of nx), 4.
// NORTH-DAG: remark: load in[0][2*threadIdx.x + 2*blockIdx.x*blockDim.x]: 4 B, 2 data and {{.*}} 8 sectors per request, {{.*}} 128 warp-instructions of 32 active lanes
// NORTH-DAG: remark: load in[0][threadIdx.x + blockIdx.x*blockDim.x]: {{.*}} 0 warp-instructions
// EAST-DAG: remark: load in[0][threadIdx.x + blockIdx.x*blockDim.x]: 4 B, 1 data and 1 tag wavefronts and 4 sectors per request, {{.*}} 128 warp-instructions of 32 active lanes
// EAST-DAG: remark: load in[0][2*threadIdx.x + 2*blockIdx.x*blockDim.x]: {{.*}} 0 warp-instructions
// SELF-DAG: remark: load in[1][threadIdx.x + blockIdx.x*blockDim.x]: 4 B, 1 data and 1 tag wavefronts and 4 sectors per request, {{.*}} 128 warp-instructions of 32 active lanes
// SELF-DAG: remark: load in[0][2*threadIdx.x + 2*blockIdx.x*blockDim.x]: {{.*}} 0 warp-instructions
// CHECK: shift_by_kind (sm_80): 3 accesses (1 not analysable)
// CHECK: remark: load in not analysed: value merged from different paths (phi); assumed random
#include <cuda_runtime.h>
extern "C" __global__ void shift_diff(const float *__restrict__ in, float *__restrict__ out, int nx, int dir)
{
	int x = blockIdx.x * blockDim.x + threadIdx.x;
	int y = blockIdx.y * blockDim.y + threadIdx.y;
	int off;
	switch (dir) {
	case 0:
		off = 1;
		break;
	case 1:
	case 2:
		off = nx;
		break;
	default:
		off = 0;
		break;
	}
	int c = y * nx + x;
	out[c] = in[c + off] - in[c];
}
extern "C" __global__ void gather_mode(const float *__restrict__ in, float *__restrict__ out, int nx, int dir)
{
	int x = blockIdx.x * blockDim.x + threadIdx.x;
	int idx;
	switch (dir) {
	case 0:
		idx = x;
		break;
	case 1:
		idx = 2 * x;
		break;
	default:
		idx = x + nx;
		break;
	}
	out[x + nx * blockIdx.y] = in[idx];
}
extern "C" __global__ void shift_by_kind(const float *__restrict__ in, const int *__restrict__ kind,
	float *__restrict__ out, int nx)
{
	int x = blockIdx.x * blockDim.x + threadIdx.x;
	int off;
	switch (kind[x]) {
	case 0:
		off = 1;
		break;
	case 1:
		off = nx;
		break;
	default:
		off = -nx;
		break;
	}
	out[x] = in[x + off];
}
