// A loop whose exit depends on loaded data: trip_count 1 with a reason, and
// `lower` (the reader needs it for every loop).
// RUN: rm -rf %t && %clang-dev %s -o %t.ll
// RUN: %opt-warpest -passes='warpest<no-estimate;dump-model=%t;trip-count=7>' -disable-output %t.ll
// RUN: FileCheck %s --input-file=%t/walk.json
// CHECK: { "var": "it0", "lower": "0", "step": 1, "trip_count": 7, "reason": "the exit condition is not a comparison of the induction variable"
// CHECK: loop it0{{.*}}: trip count unknown ({{.*}}), 7 used
extern "C" __global__ void walk(const float *a, float *out, float limit)
{
	int i = threadIdx.x;
	float s = 0;
	while (s < limit) {
		s += a[i];
		i += 32;
	}
	out[threadIdx.x] = s;
}
