// Guards of blocks with several predecessors: the path condition from the
// immediate dominator. `x < n || x / m > 2` is two branches (the division is
// not speculated) whose true edges meet at the store; the store of the diamond
// runs on every path and gets no guard.
// REQUIRES: warpest-core, warpest-cli
// RUN: rm -rf %t && %clang-dev %s -o %t.ll
// RUN: %opt-warpest -passes='warpest<no-estimate;dump-model=%t>' -disable-output %t.ll
// RUN: FileCheck %s --check-prefix=JOIN --input-file=%t/join_or.json
// RUN: FileCheck %s --check-prefix=DIAMOND --input-file=%t/diamond.json
// JOIN-NOT: assumed true
// JOIN: { "field": "a", "kind": "load", "bytes": 4, "index": [ "tid.x + ctaid.x*ntid.x" ], "loc"
// JOIN: { "field": "out", "kind": "store", "bytes": 4, "index": [ "tid.x + ctaid.x*ntid.x" ], "guard": "(tid.x + ctaid.x*ntid.x < n || (tid.x + ctaid.x*ntid.x) / (m) > 2)"
// JOIN-NOT: assumed true
// DIAMOND: { "field": "a", "kind": "load", "bytes": 4, "index": [ "tid.x + ctaid.x*ntid.x" ], "guard": "tid.x + ctaid.x*ntid.x < n"
// DIAMOND: { "field": "a", "kind": "load", "bytes": 4, "index": [ "tid.x + ctaid.x*ntid.x + 1" ], "guard": "tid.x + ctaid.x*ntid.x >= n"
// DIAMOND: { "field": "out", "kind": "store", "bytes": 4, "index": [ "tid.x + ctaid.x*ntid.x" ], "loc"
// DIAMOND-NOT: assumed true
//
// The estimate reads the disjunction. 4 blocks of 128 threads, n = 100,
// m = 128: the store runs for x < 100 (warps 0-2 whole: 3*4 sectors of 32 B;
// warp 3 only x = 96..99, bytes 384..399: 1 sector) and for x / 128 > 2, i.e.
// x >= 384 (warps 12-15: 4*4 sectors): 12 + 1 + 16 = 29 sectors stored
// (64 without the guard). The diamond's store: all 16 warps, 64 sectors; its
// loads: a[x] for x < 100 (3*4 + 1 = 13 sectors), a[x + 1] for x >= 100
// (warp 3: floats 101..128, bytes 404..515, 5 sectors; warps 4-15: 32 floats
// shifted by one, 5 sectors each): 13 + 5 + 12*5 = 78 sectors.
// RUN: %warpest-cli estimate %t/join_or.json --gpu h100-sxm --block 128 1 1 --grid 4 1 1 --param n=100 --param m=128 --json | FileCheck %s --check-prefix=EST
// EST: "l2_store_sectors": 29.0,
// RUN: %warpest-cli estimate %t/diamond.json --gpu h100-sxm --block 128 1 1 --grid 4 1 1 --param n=100 --json | FileCheck %s --check-prefix=EST-D
// EST-D: "l1_global_ld_sectors": 78.0,
// EST-D: "l2_store_sectors": 64.0,
//
// The pass estimates such a kernel too.
// RUN: %opt-warpest -passes='warpest<kernel=join_or;block=128x1x1;grid=4x1x1;param=n:100;param=m:128>' -pass-remarks-analysis=warpest -disable-output %t.ll 2>&1 | FileCheck %s --check-prefix=REMARK
// REMARK: join_or (sm_90, h100-sxm): predicted {{[0-9.e+-]+}} us, bottleneck
extern "C" __global__ void join_or(const float *a, float *out, int n, int m)
{
	int x = threadIdx.x + blockIdx.x * blockDim.x;
	float v = a[x];
	if (x < n || x / m > 2)
		out[x] = v;
}

extern "C" __global__ void diamond(const float *a, float *out, int n)
{
	int x = threadIdx.x + blockIdx.x * blockDim.x;
	float v;
	if (x < n)
		v = a[x] * 2.0f;
	else
		v = a[x + 1] + 1.0f;
	out[x] = v;
}
