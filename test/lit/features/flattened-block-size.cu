// A 1D block sized blockDim.x * blockDim.y with a flattened 2D block index:
// p = (gridDim.x * blockIdx.y + blockIdx.x) * blockDim.x * blockDim.y +
// threadIdx.x, as old clustering codes write it. The guard p < n gives the
// grid rule ceil(n / (ntid.x*ntid.y)) on a grid one block high (the flattened
// term read as 0, stated). Before, both dimensions were a guess of 1024 x 64
// blocks whose waves past the first are idle, and the estimate said "make no
// memory access ... no prediction".
// REQUIRES: warpest-core
// RUN: rm -rf %t && mkdir -p %t
// RUN: env WARPEST_CONFIG='no-estimate;dump-model=%t' %clang-plugin --cuda-device-only --cuda-gpu-arch=sm_80 -c %s -o /dev/null
// RUN: FileCheck %s --check-prefix=MODEL < %t/_Z12label_pointsPKfPijf.json
// MODEL: "grid": { "x": "(ntid.x*ntid.y + n - 1) / (ntid.x*ntid.y)", "y": "1" },
// MODEL: the block index is flattened (blockIdx.x + gridDim.x * another blockIdx): its blocks taken on a one-dimensional grid, the other blockIdx 0
// RUN: env WARPEST_CONFIG='gpu=a100-40gb;block=256x1x1;param=n:1048576' %clang-plugin --cuda-device-only --cuda-gpu-arch=sm_80 -Rpass-analysis=warpest -c %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=PRED
// 2^20 points: ceil(2^20 / (256*1)) = 4096 blocks; 4 B read and 4 B written
// each, 2^20 * 4 B = 4194 kB either way
// PRED: remark: label_points (sm_80, a100-40gb): predicted {{[0-9.e+-]+}} us, bottleneck DRAM [block=[256,1,1], grid=[4096,1,1]
// PRED: DRAM 4194 kB read, 4194 kB written
#include <cuda_runtime.h>

__global__ void label_points(const float *x, int *label, unsigned n, float cut)
{
	const unsigned blk = gridDim.x * blockIdx.y + blockIdx.x;
	const unsigned p = blk * blockDim.x * blockDim.y + threadIdx.x;
	if (p < n)
		label[p] = x[p] > cut ? 1 : 0;
}
