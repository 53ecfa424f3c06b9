// Launch counts read through two index forms of real code. __umul24
// (older CUDA code's 24-bit product) makes the block index ctaid.x % 2^24;
// a batched kernel bounds its batch index, i / n < batches. Neither guard
// gave a thread count before (the grid was a guess of 1024 blocks); now
// the mod reads as ctaid.x for the count (grids below 2^24 blocks, stated)
// and floor(i / n) < batches as i < n*batches. In the core, the mod of a
// block index and the batch floor are the same at every thread of a block
// up to their block part, so those blocks group into classes.
// REQUIRES: warpest-core
// RUN: rm -rf %t && mkdir -p %t
// RUN: env WARPEST_CONFIG='no-estimate;dump-model=%t' %clang-plugin --cuda-device-only --cuda-gpu-arch=sm_80 -c %s -o /dev/null
// RUN: FileCheck %s --check-prefix=UMUL < %t/_Z12saxpy_umul24PKfPffi.json
// UMUL: "threads": { "x": "n" },
// UMUL-NEXT: "guard": "tid.x + ntid.x*((ctaid.x) % 16777216) < n",
// UMUL: blockIdx % 2^24 (__umul24's operand) read as blockIdx for the launch's thread and block counts: grids below 2^24 blocks
// RUN: FileCheck %s --check-prefix=BATCH < %t/_Z13scale_batchedPKfPffiii.json
// BATCH: "threads": { "x": "n*batches" }
// RUN: %warpest-cli estimate %t/_Z12saxpy_umul24PKfPffi.json --gpu a100-40gb --block 256x1x1 -p n=1048576 --json | FileCheck %s --check-prefix=UMULEST
// 2^20 threads, 4096 blocks; every block's ctaid.x % 2^24 is its ctaid.x
// plus nothing per thread: one class. x and y read, y written, 4 B each:
// 2^20 * 8 = 8388608 B read, 2^20 * 4 = 4194304 B written.
// UMULEST: "block_classes": 1,
// UMULEST: "dram_read_bytes": 8388608.0,
// UMULEST: "dram_write_bytes": 4194304.0,
// RUN: %warpest-cli estimate %t/_Z13scale_batchedPKfPffiii.json --gpu a100-40gb --block 256x1x1 -p n=1000 -p batches=64 -p pitch=1024 --json | FileCheck %s --check-prefix=BATCHEST
// 64 rows of 1000 floats, rows 1024 floats (4096 B) apart: 64000 threads,
// 250 blocks. Written: 4000 B a row = 125 sectors, 64 * 4000 = 256000 B.
// Read, in 64 B DRAM fetch units from a 4096 B-aligned row start:
// ceil(4000 / 64) = 63 units = 4032 B a row, 64 * 4032 = 258048 B. The
// blocks that cross no row end group: 35 classes for 250 blocks.
// BATCHEST: "grid": [
// BATCHEST-NEXT: 250,
// BATCHEST: "block_classes": 35,
// BATCHEST: "dram_read_bytes": 258048.0,
// BATCHEST: "dram_write_bytes": 256000.0,
#include <cuda_runtime.h>

__global__ void saxpy_umul24(const float *__restrict__ x, float *__restrict__ y, float a, int n)
{
	const int i = __umul24(blockIdx.x, blockDim.x) + threadIdx.x;
	if (i < n)
		y[i] = a * x[i] + y[i];
}

__global__ void scale_batched(const float *__restrict__ in, float *__restrict__ out, float s, int n,
	int batches, int pitch)
{
	const int i = blockIdx.x * blockDim.x + threadIdx.x;
	const int b = i / n, j = i % n;
	if (b < batches)
		out[b * pitch + j] = s * in[b * pitch + j];
}
