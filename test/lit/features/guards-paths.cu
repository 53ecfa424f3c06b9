// Path conditions of joins, more shapes: an `a && b || c && d` condition
// (four branches, the store reached from two of them), a loop with a break
// inside an if (the loop's exit tests are no guards: the store after the loop
// runs for every thread), a switch on loaded data (assumed true, named), and a
// switch with more cases than the pass follows (33 > 32: the guards of its
// blocks are assumed true, and an assumption says so).
// RUN: rm -rf %t && %clang-dev %s -o %t.ll
// RUN: %opt-warpest -passes='warpest<no-estimate;dump-model=%t>' -disable-output %t.ll
// RUN: FileCheck %s --check-prefix=ANDOR --input-file=%t/andor.json
// RUN: FileCheck %s --check-prefix=LOOP --input-file=%t/loopbreak.json
// RUN: FileCheck %s --check-prefix=DATA --input-file=%t/swdata.json
// RUN: FileCheck %s --check-prefix=BIG --input-file=%t/bigswitch.json
// ANDOR: "guard": "(tid.x + ctaid.x*ntid.x < n && (tid.x + ctaid.x*ntid.x) / (m) == 0 || tid.x + ctaid.x*ntid.x > 2*n && (tid.x + ctaid.x*ntid.x) / (m) < 5)"
// ANDOR-NOT: assumed true
// LOOP: { "field": "a", "kind": "load", "bytes": 4, "index": [ "it0", "tid.x + ctaid.x*ntid.x" ], "loops": [ "it0" ], "guard": "tid.x + ctaid.x*ntid.x < n && m > 0"
// LOOP: { "field": "out", "kind": "store", "bytes": 4, "index": [ "tid.x + ctaid.x*ntid.x" ], "loc"
// LOOP-NOT: assumed true
// DATA-NOT: "guard"
// DATA: { "field": "out", "kind": "store", "bytes": 4, "index": [ "tid.x" ], "loc"
// DATA-NOT: "guard"
// DATA: "condition at guards-paths.cu:{{[0-9]+}}:2 not analysed (depends on loaded data): assumed true"
// BIG-NOT: "guard"
// BIG: "guards of the blocks after the switch at guards-paths.cu:{{[0-9]+}}:2 not reconstructed (switch with more than 32 cases): assumed true"
extern "C" __global__ void andor(const float *a, float *out, int n, int m)
{
	int x = threadIdx.x + blockIdx.x * blockDim.x;
	if ((x < n && x / m == 0) || (x > 2 * n && x / m < 5))
		out[x] = a[x];
}

extern "C" __global__ void loopbreak(const float *a, float *out, int n, int m)
{
	int x = threadIdx.x + blockIdx.x * blockDim.x;
	float s = 0;
	if (x < n) {
#pragma unroll 1
		for (int i = 0; i < m; i++) {
			float v = a[i * n + x];
			if (v > 0.f)
				break;
			s += v;
		}
	}
	out[x] = s;
}

extern "C" __global__ void swdata(const int *k, float *out)
{
	int x = threadIdx.x;
	switch (k[x]) {
	case 3: out[x] = 1; break;
	case 9: out[x + 1] += 2; break;
	default: break;
	}
}

extern "C" __global__ void bigswitch(float *out, int k)
{
	int x = threadIdx.x;
	switch (k) {
#define C(i) case i: out[x + i] += 1.0f; break;
#define C8(i) C(i) C(i + 1) C(i + 2) C(i + 3) C(i + 4) C(i + 5) C(i + 6) C(i + 7)
	C8(0) C8(8) C8(16) C8(24) C(32)
	}
	out[x] = 2;
}
