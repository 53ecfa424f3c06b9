// Configuration problems are warnings through the compiler's diagnostics, so
// -Werror fails the build: an unknown GPU, a table for another architecture
// than the compile's --cuda-gpu-arch, a WARPEST_LAUNCH name that matches no
// parameter. (A missing core: core-missing.ll; unmatched WARPEST_CONFIG
// names: source-names.cu.)
// REQUIRES: warpest-core
// RUN: env WARPEST_CONFIG='gpu=nosuch;block=32x1x1' %clang-plugin --cuda-device-only --cuda-gpu-arch=sm_90 -g -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=GPU
// GPU: warning: {{.*}}config-warnings.cu:{{[0-9]+}}:{{[0-9]+}}: warpest: kernel 'scale' (sm_90): no estimate: unknown GPU 'nosuch'{{.*}} [-Wbackend-plugin]
// RUN: not env WARPEST_CONFIG='gpu=nosuch;block=32x1x1' %clang-plugin --cuda-device-only --cuda-gpu-arch=sm_90 -Werror -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=WERROR
// WERROR: error: {{.*}}warpest: kernel 'scale' (sm_90): no estimate: unknown GPU 'nosuch'{{.*}} [-Werror,-Wbackend-plugin]
//
// RUN: env WARPEST_CONFIG='block=32x1x1' %clang-plugin --cuda-device-only --cuda-gpu-arch=sm_80 -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=ARCH
// ARCH: warning: warpest: kernel 'scale' is compiled for sm_80 but estimated on the table 'h100-sxm' of compute capability 9.0; name a table of the target with gpu=
// RUN: env WARPEST_CONFIG='block=32x1x1;gpu=a100-40gb' %clang-plugin --cuda-device-only --cuda-gpu-arch=sm_80 -g -Werror -c %s -o %t.o
//
// RUN: %clang-plugin --cuda-device-only --cuda-gpu-arch=sm_90 -g -DBAD_NAME -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=ANN
// ANN: warning: {{.*}}warpest: kernel 'scale' (sm_90): WARPEST_LAUNCH names 'count', which matches no parameter [-Wbackend-plugin]
// Without -g the name is found in the file's __global__ declaration; from
// standard input there is none to read, and the warning lists argN.
// RUN: %clang-plugin --cuda-device-only --cuda-gpu-arch=sm_90 -Werror -c %s -o %t.o
// RUN: %clang-plugin -x cuda --cuda-device-only --cuda-gpu-arch=sm_90 -c - -o %t.o < %s 2>&1 | FileCheck %s --check-prefix=ANN-NOG
// ANN-NOG: warning: warpest: kernel 'scale' (sm_90): WARPEST_LAUNCH names 'n', which matches no parameter; arg1 is the 2nd parameter (i32); source names need -g
#include "warpest.h"
#ifdef BAD_NAME
#define SIZES "count=640"
#else
#define SIZES "n=640"
#endif
extern "C" __global__ WARPEST_LAUNCH(32, 1, 1, SIZES) void scale(float *a, int n)
{
	int g = threadIdx.x + blockIdx.x * blockDim.x;
	if (g < n)
		a[g] *= 2.0f;
}
