// Advice in words at the source line, with its figure: an uncoalesced load,
// a 32-way bank conflict with the padding that removes it, and (on the
// checked-in stencil3d25) a broken layer condition with the largest plane that
// restores it.
// REQUIRES: warpest-core
// RUN: %clang-dev %s -o %t.ll
// RUN: %opt-warpest -passes='warpest<block=32x8x1;grid=8x32x1;param=n:256>' -pass-remarks-analysis='^warpest$' -disable-output %t.ll 2>&1 | FileCheck %s
// CHECK: remark: {{.*}}advice.cu:[[#@LINE+17]]:{{[0-9]+}}: load in[threadIdx.x + blockIdx.x*blockDim.x][threadIdx.y + blockIdx.y*blockDim.y]: uncoalesced, 32 sectors per request where 4 would do (8x the L1-L2 traffic); let consecutive threadIdx.x touch consecutive elements
// CHECK: remark: {{.*}}advice.cu:[[#@LINE+26]]:{{[0-9]+}}: load tile[32*threadIdx.x + threadIdx.y]: 32-way shared-memory bank conflict, 32 wavefronts per instruction where 1 would do; rows of tile are 128 B, a multiple of the 32 banks of 4 B: declare them 33 elements long
// CHECK-NOT: remark: {{.*}}padded{{.*}}bank conflict
//
// RUN: %opt-warpest -passes='warpest<block=32x4x2;param=nx:1280;param=ny:512;param=nz:256>' -pass-remarks-analysis='^warpest$' -disable-output %S/../examples/stencil3d25.ll 2>&1 | FileCheck %s --check-prefix=LC
// LC: stencil3d25 (sm_90, h100-sxm): occupancy 8 blocks, 64 of 64 warps per SM, limited by threads
// LC: layer condition 1 wave back holds: {{[0-9]+}} kB touched in between, L2 holds {{[0-9]+}} kB
// LC: layer condition 4 waves back broken: {{[0-9]+}} kB touched in between, L2 holds {{[0-9]+}} kB, hit rate {{[0-9]+}}% on {{[0-9]+}} kB reused; to restore it, shrink the plane of src to at most {{[0-9]+}} elements (now 655360)
// LC: stencil3d25 (sm_90): assumes registers per thread unknown
// The per-access figures are not among the kernel remarks.
// RUN: %opt-warpest -passes='warpest<block=32x4x2;param=nx:64;param=ny:64;param=nz:64>' -pass-remarks-analysis='^warpest$' -disable-output %S/../examples/stencil3d25.ll 2>&1 | FileCheck %s --check-prefix=ONLY
// ONLY-NOT: sectors per request,

extern "C" __global__ void transpose_read(const float *in, float *out, int n)
{
	int x = threadIdx.x + blockIdx.x * blockDim.x;
	int y = threadIdx.y + blockIdx.y * blockDim.y;
	out[y * n + x] = in[x * n + y];
}

extern "C" __global__ void tile_conflict(float *out)
{
	__shared__ float tile[32][32];
	__shared__ float padded[32][33];
	tile[threadIdx.y][threadIdx.x] = threadIdx.x;
	padded[threadIdx.y][threadIdx.x] = threadIdx.x;
	__syncthreads();
	out[threadIdx.x + 32 * threadIdx.y] = tile[threadIdx.x][threadIdx.y] + padded[threadIdx.x][threadIdx.y];
}
