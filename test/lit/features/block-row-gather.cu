// A row gathered at a loaded index that is the same for the whole block (an
// embedding lookup: the block reads ids[blockIdx.x], then table[id * dim + c]
// over its threads). The index is not known, but the row is contiguous: the
// access is costed with the index taken as the block's linear index. Each
// block then reads a row of its own, with no reuse between blocks, as for a
// random index. That is an assumption, and the model says so. Before, every
// lane was taken to read a random line of its own (32 sectors a request).
// An index that differs between the lanes of a warp stays random
// (features/indirect.cu).
// REQUIRES: warpest-core, warpest-cli
// RUN: rm -rf %t && mkdir -p %t
// RUN: env WARPEST_CONFIG='no-estimate;dump-model=%t' %clang-plugin -fno-discard-value-names --cuda-device-only --cuda-gpu-arch=sm_80 -c %s -o /dev/null
// RUN: FileCheck %s --check-prefix=MODEL --input-file=%t/embedding_gather.json
// RUN: %warpest-cli estimate %t/embedding_gather.json --gpu a100-40gb --block 256x1x1 -p dim=1024 -p n=4096 --json | FileCheck %s --check-prefix=EST
#include <cuda_runtime.h>
#include <stdint.h>

// MODEL: "field": "table", "kind": "load", "bytes": 4, "index": [ "ctaid.x", "tid.x + ntid.x*it0" ]
// MODEL-NOT: "analysable": false
// MODEL: the data-dependent part of the address (value from {{.*}}) is the same for the whole block; costed with the value taken as the block's linear index
extern "C" __global__ void embedding_gather(const float *__restrict__ table, const int64_t *__restrict__ ids,
	float *__restrict__ out, int dim, int n)
{
	int row = blockIdx.x;
	if (row >= n)
		return;
	int64_t id = ids[row];
	for (int c = threadIdx.x; c < dim; c += blockDim.x)
		out[(size_t)row * dim + c] = table[id * dim + c];
}

// n = 4096 blocks (the guard's bound) of 256 threads, dim = 1024: 4
// iterations. table: 4096 blocks * 8 warps * 4 = 131072 requests of 128 B,
// 4 sectors each = 524288 sectors; ids: one 8-byte load per warp, 32768
// requests of 1 sector. Requests 131072 + 32768 = 163840; sectors 524288 +
// 32768 = 557056. DRAM: the 4096 rows of 4096 B once (16777216 B) and ids
// (4096 * 8 = 32768 B): 16809984 B.
// EST: "l1_global_ld_requests": 163840.0
// EST-NEXT: "l1_global_ld_sectors": 557056.0
// EST: "dram_read_bytes": 16809984.0
