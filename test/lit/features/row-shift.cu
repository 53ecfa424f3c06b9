// A data-dependent shift that is the same for the lanes of a row (here: a
// per-channel delay read from a table, scaled by the row's trial value and
// converted from float) keeps the access analysable: its affine part is
// costed, the shift taken as 0, and the model says so. A shift that differs
// along x (a gather) stays unanalysable, and so does one added to an index
// that does not move with the block (every block would share one footprint).
// RUN: rm -rf %t && %clang-dev %s -o %t.ll
// RUN: %opt-warpest -passes='warpest<no-estimate;dump-model=%t>' -disable-output -pass-remarks-analysis=warpest %t.ll 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s --input-file=%t/delay_sum.json
// RUN: FileCheck %s --input-file=%t/per_lane_delay.json --check-prefix=LANE
// RUN: FileCheck %s --input-file=%t/block_free.json --check-prefix=FREE
// RUN: FileCheck %s --input-file=%t/row_gather.json --check-prefix=ROWS
// The unrolled loop's accesses and its remainder iteration's are analysable
// (the remainder reads element 2*(n/2): the unroller's n & 0x7ffffffe).
// CHECK: { "field": "in", "kind": "load", "bytes": 1, "index": [ "2*((n_channels) / 2)", "tid.x + ctaid.x*ntid.x" ], "guard": "n_channels > 0 && (n_channels) % 2 != 0"
// CHECK: { "field": "in", "kind": "load", "bytes": 1, "index": [ "2*it0", "tid.x + ctaid.x*ntid.x" ], "loops": [ "it0" ]
// CHECK: { "field": "in", "kind": "load", "bytes": 1, "index": [ "2*it0 + 1", "tid.x + ctaid.x*ntid.x" ], "loops": [ "it0" ]
// CHECK: the data-dependent part of the address (value from row-shift.cu:{{[0-9]+}}:{{[0-9]+}} (float to integer)) is the same for lanes that share threadIdx.y and .z; costed as its affine part (element tid.x + ctaid.x*ntid.x + 2*it0*pitch), the shift taken as 0
// LANE: "field": "in", "kind": "load", "bytes": 1, "analysable": false, "reason": "address depends on data loaded at row-shift.cu:{{[0-9]+}}:{{[0-9]+}} (float to integer)", "assume": "random"
// LANE-NOT: the shift taken as 0
// FREE: "field": "in", "kind": "load", "bytes": 4, "analysable": false, "reason": "address depends on data loaded at
// FREE-NOT: the shift taken as 0
// ROWS: { "field": "val", "kind": "load", "bytes": 4, "index": [ "tid.x + 32*ctaid.x" ]
// ROWS: value from row-shift.cu:[[#@LINE+61]]:{{[0-9]+}}) is the same for lanes that share threadIdx.y and .z; costed as its affine part (element tid.x + 32*ctaid.x), the shift taken as 0
// REMARK: delay_sum (sm_90): 6 accesses (0 not analysable)
// REMARK: load in[2*it0][threadIdx.x + blockIdx.x*blockDim.x]
// REMARK: per_lane_delay (sm_90): 3 accesses (1 not analysable)
// REMARK: block_free (sm_90): 3 accesses (1 not analysable)
// REMARK: row_gather (sm_90): 3 accesses (0 not analysable)

// One row of trial values per thread row, the samples along x (in the
// style of a dedispersion kernel; written for this test).
__device__ __forceinline__ void delay_sum_row(const unsigned char *__restrict__ in, float *__restrict__ out,
	const float *__restrict__ delay, int n_samples, int pitch, int n_rows, int n_channels, float step, int row)
{
	int sample = blockIdx.x * blockDim.x + threadIdx.x;
	if (sample >= n_samples || row >= n_rows)
		return;
	float acc = 0.0f;
	for (int c = 0; c < n_channels; c++) {
		unsigned int shift = (row * step) * delay[c];
		acc += in[c * pitch + sample + shift];
	}
	out[row * n_samples + sample] = acc;
}

template <int ROWS_PER_BLOCK>
__global__ void delay_sum_t(const unsigned char *in, float *out, const float *delay, int n_samples, int pitch,
	int n_rows, int n_channels, float step)
{
	delay_sum_row(in, out, delay, n_samples, pitch, n_rows, n_channels, step, blockIdx.y * ROWS_PER_BLOCK + threadIdx.y);
}
template __global__ void delay_sum_t<8>(const unsigned char *, float *, const float *, int, int, int, int, float);

extern "C" __global__ void delay_sum(const unsigned char *in, float *out, const float *delay, int n_samples,
	int pitch, int n_rows, int n_channels, float step)
{
	delay_sum_row(in, out, delay, n_samples, pitch, n_rows, n_channels, step, blockIdx.y * blockDim.y + threadIdx.y);
}

extern "C" __global__ void per_lane_delay(const unsigned char *in, float *out, const float *delay, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= n)
		return;
	unsigned int shift = 3.5f * delay[i];
	out[i] = in[i + shift];
}

extern "C" __global__ void block_free(const float *in, float *out, const int *start, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= n)
		return;
	out[i] = in[start[blockIdx.x] + threadIdx.x];
}

// CSR rows, one warp per row, lanes along the row: the row start is read per
// warp (free of threadIdx.x), the lanes stay contiguous.
extern "C" __global__ void row_gather(const float *val, const int *row_start, float *out, int n_rows)
{
	int row = blockIdx.x * blockDim.y + threadIdx.y;
	if (row >= n_rows)
		return;
	int begin = row_start[row];
	out[row * 32 + threadIdx.x] = val[begin + threadIdx.x + 32 * blockIdx.x];
}
