// Parameter names without -g: the module's source file is searched for each
// kernel's __global__ declarations. A launch `scale<<<…>>>(data, count)`
// before the definition is not a declaration, a forward declaration without
// names does not disagree, and overloads whose names disagree give argN.
// REQUIRES: warpest-core
// RUN: rm -rf %t && mkdir -p %t
// RUN: env WARPEST_CONFIG='no-estimate;dump-model=%t' %clang-plugin --cuda-device-only --cuda-gpu-arch=sm_90 -c %s -o %t/k.o
// RUN: FileCheck %s --check-prefix=SCALE < %t/_Z5scalePfi.json
// SCALE: "params": [
// SCALE-NEXT: { "name": "n" }
// RUN: FileCheck %s --check-prefix=SHIFT < %t/_Z5shiftILi256EEvPfii.json
// SHIFT: "params": [
// SHIFT-NEXT: { "name": "n" }
// SHIFT-NEXT: { "name": "by" }
// RUN: FileCheck %s --check-prefix=OVF < %t/_Z4fillPfi.json
// RUN: FileCheck %s --check-prefix=OVF < %t/_Z4fillPdi.json
// OVF: "params": [
// OVF-NEXT: { "name": "arg1" }
#include <cuda_runtime.h>

__global__ void scale(float *, int);
template <int B> __global__ void __launch_bounds__(B) shift(float *v, int n, int by);

void launch(float *data, int count)
{
	scale<<<count / 256, 256>>>(data, count); // not a declaration: no names from here
	shift<256><<<count / 256, 256>>>(data, count, 3);
}

__global__ void scale(float *v, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		v[i] *= 2.0f;
}

template <int B>
__global__ void __launch_bounds__(B) shift(float *v, int n, int by)
{
	int i = blockIdx.x * B + threadIdx.x;
	if (i + by < n)
		v[i] = v[i + by];
}
template __global__ void shift<256>(float *, int, int);

// overloads: the names disagree, so neither is used
__global__ void fill(float *v, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		v[i] = 0.0f;
}
__global__ void fill(double *w, int m)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < m)
		w[i] = 0.0;
}
