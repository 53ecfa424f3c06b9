// Robustness: many kinds of device code go through the plugin without a crash,
// and every access that is not analysed is named with a reason.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clang-dev -I%cuda_path/include/cccl %s -o %t/r.ll
// RUN: %opt-warpest -passes='warpest<no-estimate;dump-model=%t>' -pass-remarks-analysis=warpest -disable-output %t/r.ll 2> %t/remarks.txt
// RUN: %python %S/../Inputs/check_reasons.py %t 20
// RUN: FileCheck %s --input-file=%t/remarks.txt
// CHECK-DAG: load {{.*}} not analysed: pointer loaded from memory (pointer chasing)
// CHECK-DAG: not analysed: memory accessed by inline asm
// CHECK-DAG: not analysed: memory accessed by a call to {{.*}}noinline_helper
// CHECK-DAG: not analysed: address depends on data loaded at
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

struct node { node *next; float v; };
extern "C" __global__ void r01_chase(node *head, float *out)
{
	node *p = head;
	for (int i = 0; i < 4; i++)
		p = p->next;
	out[threadIdx.x] = p->v;
}
__device__ __noinline__ float noinline_helper(const float *p) { return p[threadIdx.x] * 2.0f; }
extern "C" __global__ void r02_call(const float *a, float *out) { out[threadIdx.x] = noinline_helper(a); }
__device__ float inl(const float *p, int i) { return p[i] + p[i + 1]; }
extern "C" __global__ void r03_inlined(const float *a, float *out) { out[threadIdx.x] = inl(a, threadIdx.x); }
extern "C" __global__ void r04_dynloop(const float *a, float *out, int n)
{
	float s = 0;
	for (int i = threadIdx.x; i < n; i += blockDim.x)
		s += a[i];
	out[threadIdx.x] = s;
}
extern "C" __global__ void r05_asm(float *a)
{
	asm volatile("st.global.f32 [%0], %1;" ::"l"(a + threadIdx.x), "f"(1.0f) : "memory");
}
template <int B> __global__ void r06_tmpl(const float *a, float *b) { b[threadIdx.x * B] = a[threadIdx.x]; }
template __global__ void r06_tmpl<4>(const float *, float *);
extern "C" __global__ void r07_coop(float *a)
{
	cg::thread_block tb = cg::this_thread_block();
	a[tb.thread_rank()] = 1.0f;
	tb.sync();
}
extern "C" __global__ void r08_gather(const float *a, const int *idx, float *out) { out[threadIdx.x] = a[idx[threadIdx.x]]; }
extern "C" __global__ void r09_while(const int *next, int *out)
{
	int i = threadIdx.x, c = 0;
	while (i >= 0 && c < 100) {
		i = next[i];
		c++;
	}
	out[threadIdx.x] = c;
}
extern "C" __global__ void r10_dynshared(const float *a, float *out)
{
	extern __shared__ float buf[];
	buf[threadIdx.x] = a[threadIdx.x];
	__syncthreads();
	out[threadIdx.x] = buf[blockDim.x - 1 - threadIdx.x];
}
extern "C" __global__ void r11_select(const float *a, const float *b, float *out, int f)
{
	const float *p = f ? a : b;
	out[threadIdx.x] = p[threadIdx.x];
}
extern "C" __global__ void r12_switch(float *a, int k)
{
	switch (k) {
	case 0: a[threadIdx.x] = 0; break;
	case 1: a[threadIdx.x + 1] = 1; break;
	default: a[threadIdx.x + 2] = 2; break;
	}
}
extern "C" __global__ void r13_xor(float *a) { a[threadIdx.x ^ 1] = 1.0f; }
extern "C" __global__ void r14_mulvar(float *a) { a[threadIdx.x * threadIdx.y] = 1.0f; }
extern "C" __global__ void r15_double_loop(double *a, int n, int m)
{
	for (int i = 0; i < n; i++)
		for (int j = i; j < m; j++)
			a[i * m + j] += 1.0;
}
extern "C" __global__ void r16_atomic_cas_loop(float *a)
{
	int *p = (int *)a;
	int old = *p, assumed;
	do {
		assumed = old;
		old = atomicCAS(p, assumed, __float_as_int(__int_as_float(assumed) + 1.0f));
	} while (assumed != old);
}
extern "C" __global__ void r17_struct(float2 *a) { float2 v = a[threadIdx.x]; a[threadIdx.x] = make_float2(v.y, v.x); }
extern "C" __global__ void r18_math(const float *a, float *b) { b[threadIdx.x] = sqrtf(a[threadIdx.x]) + __expf(a[threadIdx.x]); }
__constant__ float coef[16];
extern "C" __global__ void r19_const(const float *a, float *b) { b[threadIdx.x] = a[threadIdx.x] * coef[threadIdx.x % 16]; }
extern "C" __global__ void r20_printf(int *a)
{
	if (threadIdx.x == 0)
		printf("hello %d\n", a[0]);
}
extern "C" __global__ void r21_local(const int *a, int *b)
{
	int tmp[8];
	for (int i = 0; i < 8; i++)
		tmp[i] = a[threadIdx.x + i];
	b[threadIdx.x] = tmp[a[0] & 7];
}
extern "C" __global__ void r22_empty() {}
extern "C" __global__ void r23_ptrloop(float *a, int n)
{
	for (float *p = a + threadIdx.x; p < a + n; p += 32)
		*p = 0;
}
extern "C" __global__ void r24_longidx(float *a, long n)
{
	long g = (long)blockIdx.x * blockDim.x + threadIdx.x;
	if (g < n)
		a[g] = 1.0f;
}
