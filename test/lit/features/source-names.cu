// Names as the user wrote them: a C++ template kernel is named demangled in
// remarks (the mangled name stays in the model and metadata), its parameters
// get their source names from the declaration that -g points at (clang keeps
// only line directives on the device side at -O2), and indices read in CUDA's
// words. Without debug locations the pass warns which argN is which.
// REQUIRES: warpest-core
// RUN: rm -rf %t && mkdir -p %t
// RUN: env WARPEST_CONFIG='block=32x8x1;param=nx:512;param=ny:512;dump-model=%t' %clang-plugin --cuda-device-only --cuda-gpu-arch=sm_90 -g -c %s -o %t/k.o -Rpass-analysis=warpest 2>&1 | FileCheck %s
// CHECK: source-names.cu:[[#KLINE:]]:{{[0-9]+}}: remark: axpy2d<float> (sm_90): 3 accesses (0 not analysable), configuration gpu=h100-sxm;block=32x8x1;param=nx:512;param=ny:512; void axpy2d<float>(float const*, float*, float, int, int)
// CHECK: source-names.cu:[[#KLINE]]:{{[0-9]+}}: remark: axpy2d<float> (sm_90, h100-sxm): predicted {{[0-9.e+-]+}} us, bottleneck DRAM
// CHECK: remark: load x[threadIdx.y + blockIdx.y*blockDim.y][threadIdx.x + blockIdx.x*blockDim.x]: 4 B
// CHECK-NOT: warning
// RUN: ls %t/_Z6axpy2dIfEvPKT_PS0_S0_ii.json
//
// Without -g (and without remarks, which turn on location tracking) there is
// no location: the module's source file is searched for the kernel's
// __global__ declarations (the explicit instantiation below names no
// parameter and does not disagree), so the values match and -Werror passes.
// RUN: env WARPEST_CONFIG='block=32x8x1;param=nx:512;param=ny:512;dump-model=%t/nog' %clang-plugin --cuda-device-only --cuda-gpu-arch=sm_90 -Werror -c %s -o %t/k1.o
// RUN: FileCheck %s --check-prefix=NOGNAMES < %t/nog/_Z6axpy2dIfEvPKT_PS0_S0_ii.json
// NOGNAMES: "name": "nx"
// NOGNAMES: "name": "ny"
// From standard input there is no file to read: the values match nothing,
// and the warning says what the parameters are called instead.
// RUN: env WARPEST_CONFIG='block=32x8x1;param=nx:512;param=ny:512' %clang-plugin -x cuda --cuda-device-only --cuda-gpu-arch=sm_90 -c - -o %t/k2.o < %s 2>&1 | FileCheck %s --check-prefix=NOG
// NOG: warning: warpest: parameter value 'nx' matches no parameter of the kernels analysed (axpy2d<float>: arg3 is the 4th parameter (int), arg4 is the 5th parameter (int)); source names need -g
// NOG: warning: warpest: parameter value 'ny' matches no parameter
// RUN: not env WARPEST_CONFIG='block=32x8x1;param=nx:512;param=ny:512' %clang-plugin -x cuda --cuda-device-only --cuda-gpu-arch=sm_90 -Werror -c - -o %t/k3.o < %s
//
// Without names and without locations (opt on IR compiled without -g, whose
// source file is gone), the Model and NeedsValues remarks say which argN is
// which parameter; with the source file there, the names are found.
// RUN: %clang -O2 --cuda-device-only --cuda-gpu-arch=sm_90 --cuda-path=%cuda_path -Wno-unknown-cuda-version -S -emit-llvm %s -o %t/nog.ll
// RUN: %opt-warpest -passes='warpest<block=32x8x1;param=nx:512;param=ny:512>' -pass-remarks-analysis=warpest -disable-output %t/nog.ll 2>&1 | FileCheck %s --check-prefix=FOUND
// FOUND: axpy2d<float> (sm_90, h100-sxm): predicted
// RUN: sed 's|^source_filename = .*|source_filename = "gone.cu"|' %t/nog.ll > %t/gone.ll
// RUN: %opt-warpest -passes='warpest<block=32x8x1>' -pass-remarks-analysis=warpest -disable-output %t/gone.ll 2>&1 | FileCheck %s --check-prefix=LEGEND
// LEGEND: axpy2d<float> (sm_90): 3 accesses (0 not analysable), configuration gpu=h100-sxm;block=32x8x1; void axpy2d<float>(float const*, float*, float, int, int); no source names: arg3 is the 4th parameter (int), arg4 is the 5th parameter (int)
// LEGEND: axpy2d<float> (sm_90): no prediction: the estimate needs values for arg3, arg4 {{.*}}; arg3 is the 4th parameter (int), arg4 is the 5th parameter (int)
//
// A name that no kernel has is a warning with -g too.
// RUN: env WARPEST_CONFIG='block=32x8x1;param=nx:512;param=ny:512;param=nz:8' %clang-plugin --cuda-device-only --cuda-gpu-arch=sm_90 -g -c %s -o %t/k4.o 2>&1 | FileCheck %s --check-prefix=NZ
// NZ: warning: warpest: parameter value 'nz' matches no parameter of the kernels analysed
// NZ-NOT: 'nx'
template <typename T>
__global__ void axpy2d(const T *__restrict__ x, /* (a comment, with a comma) */ T *y, T a,
                       int nx, int ny)
{
	int i = threadIdx.x + blockIdx.x * blockDim.x;
	int j = threadIdx.y + blockIdx.y * blockDim.y;
	if (i < nx && j < ny)
		y[j * nx + i] += a * x[j * nx + i];
}
template __global__ void axpy2d<float>(const float *, float *, float, int, int);
