// Old code written for grids of more than 65535 blocks flattens a 2D block
// index: i = (blockIdx.x + gridDim.x * blockIdx.y) * blockDim.x + threadIdx.x.
// The guard i < n then bounds the threads on a one-dimensional grid (the
// flattened term read as 0, stated as an assumption) instead of leaving both
// grid dimensions a guess of 1024 x 64 blocks, whose waves past the first
// are idle: before, the estimate ended "make no memory access ... no
// prediction".
// REQUIRES: warpest-core
// RUN: rm -rf %t && mkdir -p %t
// RUN: env WARPEST_CONFIG='no-estimate;dump-model=%t' %clang-plugin --cuda-device-only --cuda-gpu-arch=sm_90 -c %s -o /dev/null
// RUN: FileCheck %s --check-prefix=MODEL < %t/_Z12scale_pointsPKfPfif.json
// MODEL: "grid": { "y": "1" }
// MODEL-NEXT: "threads": { "x": "n" }
// MODEL: the block index is flattened (blockIdx.x + gridDim.x * another blockIdx): its threads taken on a one-dimensional grid, the other blockIdx 0
// RUN: env WARPEST_CONFIG='gpu=h100-sxm;block=256x1x1;param=n:1048576' %clang-plugin --cuda-device-only --cuda-gpu-arch=sm_90 -Rpass-analysis=warpest -c %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=PRED
// 2^20 points of 4 B read and written, 4096 blocks of 256 threads on a 4096x1 grid
// PRED: remark: scale_points (sm_90, h100-sxm): predicted {{[0-9.e+-]+}} us, bottleneck DRAM [block=[256,1,1], grid=[4096,1,1]
// PRED: DRAM 4194 kB read, 4194 kB written
#include <cuda_runtime.h>

__global__ void scale_points(const float *in, float *out, int n, float s)
{
	const unsigned int block_id = blockIdx.x + gridDim.x * blockIdx.y;
	const unsigned int i = block_id * blockDim.x + threadIdx.x;
	if (i < n)
		out[i] = s * in[i];
}
