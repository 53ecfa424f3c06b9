// The arms of an if/else that each read other arrays (SRAD's edge cases:
// the first row reads the north halo, the last the south halo, the others
// the tile) reach the IR as one load of a phi of pointers at the join, and
// LLVM merges the arms' source lines. Each arm's pointer is affine: the
// access is split into one per arm, in the arm's block and under its guard,
// named by the line of the arm's address. Before: "address merged from
// different pointers (phi)", assumed random, at line 0.
// REQUIRES: warpest-core
// RUN: env WARPEST_CONFIG='gpu=a100-40gb;block=16x16;grid=64x64;param=cols:1024;param=rows:1024' %clang-plugin --cuda-device-only --cuda-gpu-arch=sm_90 -Rpass-analysis='warpest.*' -c %s -o /dev/null 2>&1 | FileCheck %s
// CHECK: srad_edges (sm_90): 14 accesses (0 not analysable)
// CHECK-NOT: merged from different pointers
// CHECK: assumes load through a pointer merged from 3 arms: one access per arm, each under its arm's guard
// Block 16x16: 8 warps of two rows; 64 x 64 = 4096 blocks. ty == 0 is half
// of warp 0: 4096 warp-instructions of 16 lanes; ty == 15 half of warp 7,
// the same; the other rows: warps 0 and 7 with 16 lanes, 1..6 with 32,
// (2*16 + 6*32) / 8 = 28 lanes in 8 x 4096 = 32768 warp-instructions.
// CHECK-DAG: arms-merged.cu:39:{{[0-9]+}}: remark: load temp[threadIdx.x + 16]: 4 B, {{.*}} 4096 warp-instructions of 16 active lanes
// CHECK-DAG: remark: load n_sh[threadIdx.x + 16*threadIdx.y]: 4 B, {{.*}} 4096 warp-instructions of 16 active lanes
// CHECK-DAG: remark: load s_sh[threadIdx.x + 16*threadIdx.y]: 4 B, {{.*}} 4096 warp-instructions of 16 active lanes
// CHECK-DAG: arms-merged.cu:41:{{[0-9]+}}: remark: load temp[threadIdx.x + 224]: 4 B, {{.*}} 4096 warp-instructions of 16 active lanes
// CHECK-DAG: remark: load temp[threadIdx.x + 16*threadIdx.y - 16]: 4 B, {{.*}} 32768 warp-instructions of 28 active lanes
// CHECK-DAG: remark: load temp[threadIdx.x + 16*threadIdx.y + 16]: 4 B, {{.*}} 32768 warp-instructions of 28 active lanes
#include <cuda_runtime.h>
#define BS 16
extern "C" __global__ void srad_edges(const float *__restrict__ J, const float *__restrict__ north, const float *__restrict__ south, float *__restrict__ dN, int cols, int rows)
{
	__shared__ float temp[BS][BS];
	__shared__ float n_sh[BS][BS];
	__shared__ float s_sh[BS][BS];
	int tx = threadIdx.x, ty = threadIdx.y;
	int index = cols * BS * blockIdx.y + BS * blockIdx.x + cols * ty + tx;
	temp[ty][tx] = J[index];
	n_sh[ty][tx] = north[index];
	s_sh[ty][tx] = south[index];
	__syncthreads();
	float jc = temp[ty][tx], n, s;
	if (ty == 0) {
		n = n_sh[ty][tx] - jc;
		s = temp[ty + 1][tx] - jc;
	} else if (ty == BS - 1) {
		n = temp[ty - 1][tx] - jc;
		s = s_sh[ty][tx] - jc;
	} else {
		n = temp[ty - 1][tx] - jc;
		s = temp[ty + 1][tx] - jc;
	}
	dN[index] = n + s;
}
