// Shared arrays are named as written: a local static's mangled name
// (_ZZ<kernel with its parameter types>E<len><name>) gives <name>, also for
// kernels with internal linkage (_ZZL...) and templates, and the parts of an
// array LLVM splits keep their .N suffix apart. A name too long for the
// core's 63 bytes keeps its start and a hash: every model is read (before,
// three parts cut to the same 63 bytes and the core refused the model:
// "field name is used twice").
// REQUIRES: warpest-core
// RUN: rm -rf %t && mkdir -p %t
// RUN: env WARPEST_CONFIG='no-estimate;dump-model=%t' %clang-plugin --cuda-device-only --cuda-gpu-arch=sm_90 -c %s -o /dev/null
// RUN: FileCheck %s --check-prefix=BINS < %t/_ZL9bin_indexPiPKiii.json
// BINS-DAG: "name": "corner.0", "space": "shared"
// BINS-DAG: "name": "corner.1", "space": "shared"
// BINS-DAG: "name": "corner.2", "space": "shared"
// RUN: FileCheck %s --check-prefix=TILE < %t/_Z13stage_throughILi64EEvPKfPf.json
// TILE: "name": "tile", "space": "shared"
// RUN: FileCheck %s --check-prefix=LONG < %t/_Z10long_namesPfi.json
// LONG: "name": "a_shared_staging_buffer_whose_name_is_far_too_l_{{[0-9a-f]+}}", "space": "shared"
// RUN: %warpest-cli estimate %t/_ZL9bin_indexPiPKiii.json --gpu h100-sxm --block 64 1 1 --param w=64 --param h=64 > /dev/null
// RUN: %warpest-cli estimate %t/_Z13stage_throughILi64EEvPKfPf.json --gpu h100-sxm --block 64 1 1 > /dev/null
// RUN: %warpest-cli estimate %t/_Z10long_namesPfi.json --gpu h100-sxm --block 64 1 1 --param n=4096 > /dev/null
#include <cuda_runtime.h>

// three corners kept in shared memory, each read by its own lanes
static __global__ void bin_index(int *out, const int *pos, int w, int h)
{
	__shared__ int corner[3];
	int t = threadIdx.x;
	if (t == 0) {
		corner[0] = pos[blockIdx.x * 3];
		corner[1] = pos[blockIdx.x * 3 + 1] * w;
		corner[2] = pos[blockIdx.x * 3 + 2] * w * h;
	}
	__syncthreads();
	out[blockIdx.x * blockDim.x + t] = corner[0] + corner[1] + corner[2] + t;
}
void launch_bins(int *out, const int *pos, int w, int h) { bin_index<<<64, 64>>>(out, pos, w, h); }

template <int B>
__global__ void stage_through(const float *in, float *out)
{
	__shared__ float tile[B];
	int i = blockIdx.x * B + threadIdx.x;
	tile[threadIdx.x] = in[i];
	__syncthreads();
	out[i] = tile[B - 1 - threadIdx.x];
}
template __global__ void stage_through<64>(const float *, float *);

__global__ void long_names(float *v, int n)
{
	__shared__ float a_shared_staging_buffer_whose_name_is_far_too_long_for_the_core[64];
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	a_shared_staging_buffer_whose_name_is_far_too_long_for_the_core[threadIdx.x] = i < n ? v[i] : 0.f;
	__syncthreads();
	if (i < n)
		v[i] = a_shared_staging_buffer_whose_name_is_far_too_long_for_the_core[63 - threadIdx.x];
}
