// Guards from a switch: a block reached from case value k of `switch v` is
// guarded by `v == k`, several values to one block give an ||, the default
// destination the conjunction of `v != k`; the block after the switch, which
// every case reaches, has no guard. (`tid.x == 0` would be written
// `tid.x < 1`: thread indices are never negative.)
// REQUIRES: warpest-core, warpest-cli
// RUN: rm -rf %t && %clang-dev %s -o %t.ll
// RUN: FileCheck %s --check-prefix=IR --input-file=%t.ll
// IR: switch i32 %{{.*}}, label %sw.default [
// RUN: %opt-warpest -passes='warpest<no-estimate;dump-model=%t>' -disable-output %t.ll
// RUN: FileCheck %s --input-file=%t/sw.json
// CHECK-NOT: "guard": "tid
// CHECK: { "field": "a", "kind": "load", "bytes": 4, "index": [ "3" ], "guard": "tid.x == 3"
// CHECK: { "field": "out", "kind": "store", "bytes": 4, "index": [ "3" ], "guard": "tid.x == 3"
// CHECK: { "field": "a", "kind": "load", "bytes": 4, "index": [ "tid.x + 1" ], "guard": "(tid.x == 5 || tid.x == 7)"
// CHECK: { "field": "out", "kind": "load", "bytes": 4, "index": [ "tid.x + 1" ], "guard": "(tid.x == 5 || tid.x == 7)"
// CHECK: { "field": "out", "kind": "store", "bytes": 4, "index": [ "tid.x + 1" ], "guard": "(tid.x == 5 || tid.x == 7)"
// CHECK: { "field": "o2", "kind": "store", "bytes": 4, "index": [ "tid.x" ], "guard": "tid.x != 3 && tid.x != 5 && tid.x != 7"
// CHECK: { "field": "done", "kind": "store", "bytes": 4, "index": [ "tid.x" ], "loc"
// CHECK-NOT: assumed true
//
// (In case 3 clang writes x as 3.) One warp (block 32, grid 1), 4-byte
// floats, 32-byte sectors: loads: a[3] (1 sector), a[x + 1] and out[x + 1]
// for x = 5, 7 (floats 6 and 8: sectors 0 and 1, 2 each): 1 + 2 + 2 = 5
// sectors (1 + 5 + 5 = 11 without the guards); stores: out[3] (1),
// out[x + 1] (2), o2[x] for the 29 other lanes (floats 0..31: 4), done[x]
// (all: 4): 1 + 2 + 4 + 4 = 11 (1 + 5 + 4 + 4 = 14 without the guards).
// RUN: %warpest-cli estimate %t/sw.json --gpu h100-sxm --block 32 1 1 --grid 1 1 1 --json | FileCheck %s --check-prefix=EST
// EST: "l1_global_ld_sectors": 5.0,
// EST: "l2_store_sectors": 11.0,
//
// The pass estimates it too (the prediction remark).
// RUN: %opt-warpest -passes='warpest<block=32x1x1;grid=1x1x1>' -pass-remarks-analysis=warpest -disable-output %t.ll 2>&1 | FileCheck %s --check-prefix=REMARK
// REMARK: sw (sm_90, h100-sxm): predicted {{[0-9.e+-]+}} us, bottleneck
extern "C" __global__ void sw(const float *a, float *out, float *o2, float *done)
{
	unsigned x = threadIdx.x;
	switch (x) {
	case 3: out[x] = a[x]; break;
	case 5:
	case 7: out[x + 1] += a[x + 1]; break;
	default: o2[x] = 1.0f; break;
	}
	done[x] = 2.0f;
}
