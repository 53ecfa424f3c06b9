// wp_l1: L1 data path (hw_table l1_bytes_per_cycle, l1_tag_wavefronts) and
// the per-pattern cost of warp-level loads that SPEC §5.1 models.
//
// Everything here runs in one block of 1024 threads, i.e. on one SM, and is
// timed with clock64() between two block barriers, so results are SM cycles
// whatever the clock frequency. Loads are ld.global.ca written as volatile
// inline PTX: cached in L1, and never merged or hoisted out of the timed loop
// by the compiler even though they reread the same addresses.
//   bandwidth: 16-byte loads over a buffer that fits L1 -> bytes per cycle;
//              bandwidth_all repeats it on every SM, timed with events.
//   capacity:  the same over buffers of 16..512 KB -> the L1 capacity knee.
//   stride:    lane l loads element l*s (s = 0..32) of 4, 8 or 16 bytes.
//   lines:     4-byte loads, 32 distinct banks, spread over N distinct 128 B
//              lines (N = 1..32) with a given spacing -> tag-stage cost.
//   pairs:     lanes 2k and 2k+1 load the same word (no extra wavefront).
// Pattern records carry the lane byte offsets so that the driver can apply
// the model's rules to exactly what was measured. Sums of everything loaded
// are checked against the host's emulation of the same loads.
#include "wp_common.cuh"

static const char *const BENCH = "wp_l1";
static const uint32_t SEED = 0x11a1u;
static const int BLOCK = 1024;

// ------------------------------------------------------------------ loads

template <int BYTES> struct Load;
template <> struct Load<4> {
	static __device__ __forceinline__ uint32_t folded(const char *p)
	{
		uint32_t a;
		asm volatile("ld.global.ca.u32 %0, [%1];" : "=r"(a) : "l"(p));
		return a;
	}
};
template <> struct Load<8> {
	static __device__ __forceinline__ uint32_t folded(const char *p)
	{
		uint32_t a, b;
		asm volatile("ld.global.ca.v2.u32 {%0, %1}, [%2];" : "=r"(a), "=r"(b) : "l"(p));
		return a + b;
	}
};
template <> struct Load<16> {
	static __device__ __forceinline__ uint32_t folded(const char *p)
	{
		uint32_t a, b, c, d;
		asm volatile("ld.global.ca.v4.u32 {%0, %1, %2, %3}, [%4];"
		             : "=r"(a), "=r"(b), "=r"(c), "=r"(d)
		             : "l"(p));
		return a + b + c + d;
	}
};

// -------------------------------------------------------------- streaming

// Reads bytes_per_block bytes (a multiple of 16 * BLOCK) of buf, at offset
// blockIdx.x * bytes_per_block, passes times with 16-byte loads, up to four in
// flight per thread; the first pass only warms L1. out[block] = sum of all
// passes, cycles[block] = cycles of the passes after the first.
static __global__ void __launch_bounds__(BLOCK)
    stream_kernel(const char *buf, size_t bytes_per_block, int passes, uint32_t *out,
                  long long *cycles)
{
	const char *base = buf + blockIdx.x * bytes_per_block + 16 * threadIdx.x;
	const size_t step = 16 * BLOCK;
	const size_t chunks = bytes_per_block / step; // loads per thread per pass
	uint32_t sum = 0;
	long long t0 = 0;
	for (int pass = 0; pass < passes; ++pass) {
		if (pass == 1) {
			__syncthreads();
			t0 = clock64();
		}
		size_t c = 0;
		for (; c + 4 <= chunks; c += 4) {
			uint32_t v0 = Load<16>::folded(base + c * step);
			uint32_t v1 = Load<16>::folded(base + (c + 1) * step);
			uint32_t v2 = Load<16>::folded(base + (c + 2) * step);
			uint32_t v3 = Load<16>::folded(base + (c + 3) * step);
			sum += v0 + v1 + v2 + v3;
		}
		for (; c < chunks; ++c)
			sum += Load<16>::folded(base + c * step);
	}
	__syncthreads();
	long long t1 = clock64();
	uint32_t total = wp_block_sum_u32(sum);
	if (threadIdx.x == 0) {
		out[blockIdx.x] = total;
		cycles[blockIdx.x] = t1 - t0;
	}
}

// --------------------------------------------------------------- patterns

// Lane l of every warp loads from lane_offsets[l] + k * INSTR_STEP for
// k < UNROLL, alternating between two regions REGION_STEP apart on each trip,
// so each warp-instruction of a trip hits different lines (the skew of 128 B
// keeps the instructions off the same L1 sets) while the whole footprint,
// at most 2 * 8 * 32 lines = 64 KB, stays in L1.
static const int UNROLL = 8;
static const size_t INSTR_STEP = 16384 + 128;
static const size_t REGION_STEP = UNROLL * INSTR_STEP;
// The largest lane offset of any pattern: 31 lines of 33 lines' spacing.
static const size_t PATTERN_MAX_LANE_OFFSET = 32 * 33 * 128;
static const size_t PATTERN_BYTES = 2 * REGION_STEP + PATTERN_MAX_LANE_OFFSET + 128;

template <int BYTES>
static __global__ void __launch_bounds__(BLOCK)
    pattern_kernel(const char *buf, const uint32_t *lane_offsets, int trips, uint32_t *out,
                   long long *cycles)
{
	const char *p = buf + lane_offsets[threadIdx.x % 32];
	uint32_t sum = 0;
	// Warm-up: one trip over both regions brings every line into L1.
#pragma unroll
	for (int k = 0; k < UNROLL; ++k)
		sum += Load<BYTES>::folded(p + k * INSTR_STEP) +
		       Load<BYTES>::folded(p + REGION_STEP + k * INSTR_STEP);
	__syncthreads();
	long long t0 = clock64();
	for (int trip = 0; trip < trips; ++trip) {
		const char *q = p + (trip & 1) * REGION_STEP;
#pragma unroll
		for (int k = 0; k < UNROLL; ++k)
			sum += Load<BYTES>::folded(q + k * INSTR_STEP);
	}
	__syncthreads();
	long long t1 = clock64();
	uint32_t total = wp_block_sum_u32(sum);
	if (threadIdx.x == 0) {
		out[blockIdx.x] = total;
		cycles[blockIdx.x] = t1 - t0;
	}
}

// ------------------------------------------------------------------- host

struct Context {
	WpDevice dev;
	char *d_buf = nullptr;
	size_t buf_bytes = 0;
	std::vector<uint32_t> host_words; // the pattern of the first host_words.size() words
	uint32_t *d_out = nullptr;
	long long *d_cycles = nullptr;
	uint32_t *d_lane_offsets = nullptr;
	int reps = 0;
};

static uint32_t host_word(const Context &ctx, size_t byte_offset)
{
	return ctx.host_words.at(byte_offset / 4);
}

// Host emulation of the loads of one lane at byte offset off, BYTES wide.
static uint32_t host_folded(const Context &ctx, size_t off, int bytes)
{
	uint32_t s = 0;
	for (int w = 0; w < bytes / 4; ++w)
		s += host_word(ctx, off + 4 * w);
	return s;
}

// Runs kernel, checks the block sums against want, returns the median of the
// per-launch cycle counts of block 0.
template <typename Launch>
static double run_cycles(const Context &ctx, int blocks, uint32_t want, const char *what,
                         Launch launch)
{
	std::vector<double> samples;
	std::vector<uint32_t> out(blocks);
	std::vector<long long> cycles(blocks);
	for (int r = 0; r < ctx.reps; ++r) {
		WP_CHECK(cudaMemset(ctx.d_out, 0, blocks * sizeof(uint32_t)));
		launch();
		WP_CHECK_LAUNCH();
		WP_CHECK(cudaDeviceSynchronize());
		WP_CHECK(cudaMemcpy(out.data(), ctx.d_out, blocks * sizeof(uint32_t),
		                    cudaMemcpyDeviceToHost));
		WP_CHECK(cudaMemcpy(cycles.data(), ctx.d_cycles, blocks * sizeof(long long),
		                    cudaMemcpyDeviceToHost));
		for (int b = 0; b < blocks; ++b)
			if (out[b] != want)
				wp_fail_result(BENCH, "%s: block %d sum %08x, expected %08x", what, b, out[b],
				               want);
		if (cycles[0] <= 0)
			wp_fail_result(BENCH, "%s: non-positive cycle count", what);
		samples.push_back(static_cast<double>(cycles[0]));
	}
	return wp_median(samples);
}

// Host truth for stream_kernel over bytes starting at byte offset base.
static uint32_t stream_truth(const Context &ctx, size_t base, size_t bytes, int passes)
{
	uint32_t s = 0;
	for (size_t off = 0; off < bytes; off += 4)
		s += host_word(ctx, base + off);
	return s * static_cast<uint32_t>(passes);
}

static void stream_test(const Context &ctx, const char *test, size_t bytes)
{
	// At least 4 MB of timed traffic, and at least two timed passes.
	int passes = 1 + std::max<int>(2, static_cast<int>((4u << 20) / bytes));
	uint32_t want = stream_truth(ctx, 0, bytes, passes);
	double cyc = run_cycles(ctx, 1, want, test, [&] {
		stream_kernel<<<1, BLOCK>>>(ctx.d_buf, bytes, passes, ctx.d_out, ctx.d_cycles);
	});
	double timed_bytes = static_cast<double>(bytes) * (passes - 1);
	WpJson(BENCH)
	    .str("record", "measurement")
	    .str("test", test)
	    .integer("buffer_bytes", static_cast<long long>(bytes))
	    .integer("passes", passes - 1)
	    .integer("reps", ctx.reps)
	    .num("median_cycles", cyc)
	    .num("bytes_per_cycle", timed_bytes / cyc)
	    .boolean("verified", true)
	    .emit();
}

// Every SM at once, each block on its own 64 KB: aggregate L1 bandwidth.
static void bandwidth_all_test(const Context &ctx)
{
	const size_t bytes = 64 * 1024;
	const int blocks = ctx.dev.sm_count;
	if (bytes * blocks > ctx.buf_bytes)
		return;
	const int passes = 1 + 256;
	std::vector<uint32_t> want(blocks);
	for (int b = 0; b < blocks; ++b)
		want[b] = stream_truth(ctx, b * bytes, bytes, passes);
	std::vector<double> ms = wp_time_ms(ctx.reps, [&] {
		stream_kernel<<<blocks, BLOCK>>>(ctx.d_buf, bytes, passes, ctx.d_out, ctx.d_cycles);
	});
	std::vector<uint32_t> out(blocks);
	std::vector<long long> cycles(blocks);
	WP_CHECK(cudaMemcpy(out.data(), ctx.d_out, blocks * sizeof(uint32_t), cudaMemcpyDeviceToHost));
	WP_CHECK(cudaMemcpy(cycles.data(), ctx.d_cycles, blocks * sizeof(long long),
	                    cudaMemcpyDeviceToHost));
	std::vector<double> per_sm;
	for (int b = 0; b < blocks; ++b) {
		if (out[b] != want[b])
			wp_fail_result(BENCH, "bandwidth_all: block %d sum %08x, expected %08x", b, out[b],
			               want[b]);
		per_sm.push_back(static_cast<double>(bytes) * (passes - 1) / static_cast<double>(cycles[b]));
	}
	// Events include the warm-up pass: count its bytes too.
	double total = static_cast<double>(bytes) * passes * blocks;
	double median_ms = wp_median(ms);
	WpJson(BENCH)
	    .str("record", "measurement")
	    .str("test", "bandwidth_all")
	    .integer("blocks", blocks)
	    .integer("buffer_bytes_per_block", static_cast<long long>(bytes))
	    .integer("reps", ctx.reps)
	    .num("median_ms", median_ms)
	    .num("median_gbs", total / (median_ms * 1e-3) / 1e9)
	    .num("median_bytes_per_cycle_per_sm", wp_median(per_sm))
	    .boolean("verified", true)
	    .emit();
}

static void pattern_test(const Context &ctx, const char *test, int bytes,
                         const std::vector<uint32_t> &lane_offsets,
                         const std::vector<std::pair<const char *, long long>> &params)
{
	const int trips = 128;
	WP_CHECK(cudaMemcpy(ctx.d_lane_offsets, lane_offsets.data(), 32 * sizeof(uint32_t),
	                    cudaMemcpyHostToDevice));
	// Truth: per lane, the sums of region 0 and region 1 over k; each warp
	// does the warm-up (both regions once) plus trips alternating 0,1,0,...
	uint32_t want = 0;
	for (int lane = 0; lane < 32; ++lane) {
		uint32_t region_sum[2] = {0, 0};
		for (int region = 0; region < 2; ++region)
			for (int k = 0; k < UNROLL; ++k)
				region_sum[region] +=
				    host_folded(ctx, lane_offsets[lane] + region * REGION_STEP + k * INSTR_STEP, bytes);
		uint32_t trips0 = (trips + 1) / 2, trips1 = trips / 2;
		want += region_sum[0] * (1 + trips0) + region_sum[1] * (1 + trips1);
	}
	want *= BLOCK / 32;
	double cyc = run_cycles(ctx, 1, want, test, [&] {
		if (bytes == 4)
			pattern_kernel<4><<<1, BLOCK>>>(ctx.d_buf, ctx.d_lane_offsets, trips, ctx.d_out, ctx.d_cycles);
		else if (bytes == 8)
			pattern_kernel<8><<<1, BLOCK>>>(ctx.d_buf, ctx.d_lane_offsets, trips, ctx.d_out, ctx.d_cycles);
		else
			pattern_kernel<16><<<1, BLOCK>>>(ctx.d_buf, ctx.d_lane_offsets, trips, ctx.d_out, ctx.d_cycles);
	});
	const double instructions = static_cast<double>(BLOCK / 32) * trips * UNROLL;
	WpJson rec(BENCH);
	rec.str("record", "measurement").str("test", test).integer("elem_bytes", bytes);
	for (const auto &p : params)
		rec.integer(p.first, p.second);
	std::vector<double> offsets(lane_offsets.begin(), lane_offsets.end());
	rec.nums("lane_offsets", offsets)
	    .integer("warp_instructions", static_cast<long long>(instructions))
	    .integer("reps", ctx.reps)
	    .num("median_cycles", cyc)
	    .num("cycles_per_instruction", cyc / instructions)
	    .boolean("verified", true)
	    .emit();
}

static void usage(FILE *to)
{
	std::fprintf(to,
	             "usage: wp_l1 [options]\n"
	             "Measures, on one SM with 32 warps and clock64() cycles:\n"
	             "  bandwidth      L1 bytes per cycle with 16-byte loads (64 KB buffer);\n"
	             "  bandwidth_all  the same on every SM at once (GB/s, events);\n"
	             "  capacity       bytes per cycle over buffers of 16..512 KB (L1 knee);\n"
	             "  stride         cycles per warp load, lane l at element l*s, s = 0..32,\n"
	             "                 4/8/16-byte elements;\n"
	             "  lines          cycles per warp load touching N distinct 128 B lines\n"
	             "                 (N = 1..32, lines 1, 4 or 33 lines apart), 32 distinct banks;\n"
	             "  pairs          pairs of lanes loading the same word.\n"
	             "Options:\n"
	             "  --only TEST    run one test (bandwidth, capacity, stride, lines, pairs)\n"
	             "%s",
	             WP_COMMON_HELP);
}

int main(int argc, char **argv)
{
	WpCommonOptions common;
	std::string only;
	for (int i = 1; i < argc; ++i) {
		if (wp_arg_is(argv[i], "--help") || wp_arg_is(argv[i], "-h")) {
			usage(stdout);
			return 0;
		}
		if (wp_parse_common(BENCH, argc, argv, &i, &common))
			continue;
		if (wp_arg_is(argv[i], "--only") && i + 1 < argc) {
			only = argv[++i];
			continue;
		}
		std::fprintf(stderr, "wp_l1: unknown option '%s'\n", argv[i]);
		usage(stderr);
		return WP_EXIT_USAGE;
	}
	auto wanted = [&](const char *test) { return only.empty() || only == test; };

	Context ctx;
	ctx.reps = common.reps > 0 ? common.reps : (common.quick ? 3 : 9);
	ctx.dev = wp_open_device(common.device);
	wp_emit_device(BENCH, ctx.dev);
	wp_emit_observed_clock(BENCH, "start");

	// One buffer for everything: the largest capacity point, the pattern
	// footprint, and a 64 KB slice per SM for bandwidth_all.
	ctx.buf_bytes = std::max<size_t>({512 * 1024, PATTERN_BYTES,
	                                  static_cast<size_t>(ctx.dev.sm_count) * 64 * 1024});
	WP_CHECK(cudaMalloc(&ctx.d_buf, ctx.buf_bytes));
	wp_fill_u32(reinterpret_cast<uint32_t *>(ctx.d_buf), ctx.buf_bytes / 4, SEED);
	ctx.host_words.resize(ctx.buf_bytes / 4);
	for (size_t w = 0; w < ctx.host_words.size(); ++w)
		ctx.host_words[w] = wp_pattern_u32(w, SEED);
	const int max_blocks = std::max(ctx.dev.sm_count, 1);
	WP_CHECK(cudaMalloc(&ctx.d_out, max_blocks * sizeof(uint32_t)));
	WP_CHECK(cudaMalloc(&ctx.d_cycles, max_blocks * sizeof(long long)));
	WP_CHECK(cudaMalloc(&ctx.d_lane_offsets, 32 * sizeof(uint32_t)));

	// Keep shared memory at its minimum so that L1 is as large as it gets.
	WP_CHECK(cudaFuncSetAttribute(stream_kernel, cudaFuncAttributePreferredSharedMemoryCarveout, 0));
	WP_CHECK(cudaFuncSetAttribute(pattern_kernel<4>, cudaFuncAttributePreferredSharedMemoryCarveout, 0));
	WP_CHECK(cudaFuncSetAttribute(pattern_kernel<8>, cudaFuncAttributePreferredSharedMemoryCarveout, 0));
	WP_CHECK(cudaFuncSetAttribute(pattern_kernel<16>, cudaFuncAttributePreferredSharedMemoryCarveout, 0));

	if (wanted("bandwidth")) {
		stream_test(ctx, "bandwidth", 64 * 1024);
		bandwidth_all_test(ctx);
	}
	if (wanted("capacity")) {
		const size_t step = common.quick ? 64 * 1024 : 16 * 1024;
		for (size_t bytes = step; bytes <= 512 * 1024; bytes += step)
			stream_test(ctx, "capacity", bytes);
	}
	if (wanted("stride")) {
		for (int bytes : {4, 8, 16})
			for (int stride = 0; stride <= 32; ++stride) {
				if (common.quick && stride > 4 && stride % 8)
					continue;
				std::vector<uint32_t> off(32);
				for (int lane = 0; lane < 32; ++lane)
					off[lane] = static_cast<uint32_t>(lane * stride * bytes);
				pattern_test(ctx, "stride", bytes, off, {{"stride", stride}});
			}
	}
	if (wanted("lines")) {
		for (int spacing : {1, 4, 33})
			for (int lines : {1, 2, 3, 4, 5, 6, 8, 12, 16, 24, 32}) {
				std::vector<uint32_t> off(32);
				for (int lane = 0; lane < 32; ++lane) // bank = lane, line = lane*N/32
					off[lane] = static_cast<uint32_t>((lane * lines / 32) * spacing * 128 + lane * 4);
				pattern_test(ctx, "lines", 4, off, {{"lines", lines}, {"line_spacing", spacing}});
			}
	}
	if (wanted("pairs")) {
		for (int bytes : {4, 8, 16}) {
			std::vector<uint32_t> off(32);
			for (int lane = 0; lane < 32; ++lane)
				off[lane] = static_cast<uint32_t>((lane / 2) * bytes);
			pattern_test(ctx, "pairs", bytes, off, {{"stride", 1}});
		}
	}
	wp_emit_observed_clock(BENCH, "end");
	WP_CHECK(cudaFree(ctx.d_buf));
	WP_CHECK(cudaFree(ctx.d_out));
	WP_CHECK(cudaFree(ctx.d_cycles));
	WP_CHECK(cudaFree(ctx.d_lane_offsets));
	return 0;
}
