// Delinearisation: x + y*nx + z*nx*ny with symbolic extents; a stride that
// does not form a chain (nx*nx) stays one-dimensional.
// RUN: rm -rf %t && %clang-dev %s -o %t.ll
// RUN: %opt-warpest -passes='warpest<no-estimate;dump-model=%t>' -disable-output %t.ll
// RUN: FileCheck %s --input-file=%t/delin.json
// CHECK: { "name": "a", "space": "global", "elem_bytes": 4, "align": 256, "dims": [ "nz", "ny", "nx" ] }
// CHECK: { "name": "b", "space": "global", "elem_bytes": 4, "align": 256 }
// CHECK: { "field": "a", "kind": "load", "bytes": 4, "index": [ "tid.z + 2", "tid.y - 1", "tid.x + 3" ]
// CHECK: { "field": "b", "kind": "store", "bytes": 4, "index": [ "tid.x + tid.y*nx*nx" ]
extern "C" __global__ void delin(const float *a, float *b, int nx, int ny, int nz)
{
	int x = threadIdx.x, y = threadIdx.y, z = threadIdx.z;
	b[x + y * nx * nx] = a[(z + 2) * nx * ny + (y - 1) * nx + x + 3];
}
