// wp_l2: L2 bandwidth and effective L2 capacity (hw_table l2_bandwidth,
// l2_effective_bytes; SPEC §5.3).
//
// All loads are ld.global.cg (__ldcg): cached in L2 only, so L1 cannot serve
// repeated reads and the numbers are L2 (or, past capacity, DRAM) rates.
// Two ways to spread a buffer of S bytes over the blocks of a full wave:
//   shared:   every block walks the whole buffer from its own starting point
//             (starts spread evenly), so each line is read by many blocks on
//             SMs of both L2 partitions (split-L2 GPUs duplicate such lines);
//   disjoint: block b owns slice b of the buffer and rereads only it.
// In both, the distance between two reads of the same line is S bytes of
// traffic, so bandwidth falls when S exceeds what L2 holds for that sharing;
// the sweep over S (1..200 MB) shows the knee. Data are 32-bit patterns
// summed with wrap-around per block; the host recomputes every block's sum
// from prefix sums and rejects any difference.
#include "wp_common.cuh"

static const char *const BENCH = "wp_l2";
static const uint32_t SEED = 0x5eed12u;
static const int ILP = 4; // independent 16-byte loads in flight per thread

// The per-block walk: per_block 16-byte elements starting at offset0 inside
// [region_start, region_start + region_len), wrapping around at the end.
struct Walk {
	size_t region_start, region_len, offset0;
};

static __host__ __device__ Walk block_walk(bool shared, unsigned block, unsigned grid, size_t n)
{
	Walk w;
	if (shared) {
		w.region_start = 0;
		w.region_len = n;
		w.offset0 = static_cast<size_t>(block) * n / grid;
	} else {
		size_t begin = static_cast<size_t>(block) * n / grid;
		size_t end = static_cast<size_t>(block + 1) * n / grid;
		w.region_start = begin;
		w.region_len = end - begin;
		w.offset0 = 0;
	}
	return w;
}

static __device__ __forceinline__ size_t wrap(size_t idx, size_t len)
{
	while (idx >= len) // len may be shorter than a block (tiny slices)
		idx -= len;
	return idx;
}

template <bool SHARED>
static __global__ void __launch_bounds__(256) l2_read_kernel(const uint4 *__restrict__ buf, size_t n,
                                                          size_t per_block, uint32_t *block_sums)
{
	Walk w = block_walk(SHARED, blockIdx.x, gridDim.x, n);
	const uint4 *region = buf + w.region_start;
	const size_t step = blockDim.x;
	uint32_t sum = 0;
	size_t j = threadIdx.x;                  // position in the walk
	size_t idx = wrap(w.offset0 + j, w.region_len); // its element in the region
	for (; j + (ILP - 1) * step < per_block; j += ILP * step) {
		uint4 v[ILP];
#pragma unroll
		for (int k = 0; k < ILP; ++k) {
			v[k] = __ldcg(region + idx);
			idx = wrap(idx + step, w.region_len);
		}
#pragma unroll
		for (int k = 0; k < ILP; ++k)
			sum += v[k].x + v[k].y + v[k].z + v[k].w;
	}
	for (; j < per_block; j += step) {
		uint4 v = __ldcg(region + idx);
		idx = wrap(idx + step, w.region_len);
		sum += v.x + v.y + v.z + v.w;
	}
	uint32_t total = wp_block_sum_u32(sum);
	if (threadIdx.x == 0)
		block_sums[blockIdx.x] = total;
}

// Host-side truth: prefix[k] = wrapping sum of the four words of elements
// [0, k) of the buffer.
struct Truth {
	std::vector<uint32_t> prefix;

	explicit Truth(size_t n) : prefix(n + 1, 0)
	{
		for (size_t e = 0; e < n; ++e) {
			uint32_t s = 0;
			for (size_t w = 0; w < 4; ++w)
				s += wp_pattern_u32(4 * e + w, SEED);
			prefix[e + 1] = prefix[e] + s;
		}
	}
	// Sum of elements [begin, begin + count) of the region [start, start + len).
	uint32_t region_sum(size_t start, size_t len, size_t begin, size_t count) const
	{
		auto range = [&](size_t a, size_t b) { return prefix[start + b] - prefix[start + a]; };
		uint32_t whole = range(0, len);
		uint32_t total = static_cast<uint32_t>(count / len) * whole;
		count %= len;
		begin %= len;
		if (begin + count <= len)
			return total + range(begin, begin + count);
		return total + range(begin, len) + range(0, begin + count - len);
	}
};

static void usage(FILE *to)
{
	std::fprintf(to,
	             "usage: wp_l2 [options]\n"
	             "Measures L2 read bandwidth with ld.global.cg (L1 bypassed) over buffer\n"
	             "sizes from 1 MB to --max-mb, for data shared by all SMs (\"shared\") and\n"
	             "for one slice per block (\"disjoint\"). Bandwidth drops where the buffer\n"
	             "no longer fits in the L2 capacity that the sharing leaves; the driver\n"
	             "turns the shared-data knee into l2_effective_bytes.\n"
	             "Options:\n"
	             "  --max-mb N   largest buffer in MB (10^6 bytes; default 200)\n"
	             "%s",
	             WP_COMMON_HELP);
}

int main(int argc, char **argv)
{
	WpCommonOptions common;
	long long max_mb = 200;
	for (int i = 1; i < argc; ++i) {
		if (wp_arg_is(argv[i], "--help") || wp_arg_is(argv[i], "-h")) {
			usage(stdout);
			return 0;
		}
		if (wp_parse_common(BENCH, argc, argv, &i, &common))
			continue;
		if (wp_arg_is(argv[i], "--max-mb") && i + 1 < argc) {
			max_mb = wp_parse_count(BENCH, "--max-mb", argv[++i]);
			continue;
		}
		std::fprintf(stderr, "wp_l2: unknown option '%s'\n", argv[i]);
		usage(stderr);
		return WP_EXIT_USAGE;
	}
	if (max_mb < 1) {
		std::fprintf(stderr, "wp_l2: --max-mb must be at least 1\n");
		return WP_EXIT_USAGE;
	}
	const int reps = common.reps > 0 ? common.reps : (common.quick ? 3 : 15);
	WpDevice dev = wp_open_device(common.device);
	wp_emit_device(BENCH, dev);
	wp_emit_observed_clock(BENCH, "start");

	// Sizes in MB: fine steps where the split and whole L2 of current GPUs
	// end (about 10-60 MB), coarse beyond, up to max_mb.
	std::vector<double> sizes_mb;
	if (common.quick) {
		sizes_mb = {1, 8, 16, 32, 64, 128};
	} else {
		for (double s : {1.0, 2.0, 3.0, 4.0, 6.0, 8.0})
			sizes_mb.push_back(s);
		for (double s = 10; s <= 60; s += 2)
			sizes_mb.push_back(s);
		for (double s : {64.0, 72.0, 80.0, 88.0, 96.0, 104.0, 112.0, 128.0, 144.0, 160.0, 180.0,
		                 200.0, 256.0, 320.0, 400.0})
			sizes_mb.push_back(s);
	}
	while (!sizes_mb.empty() && sizes_mb.back() > max_mb)
		sizes_mb.pop_back();

	const size_t max_elems = static_cast<size_t>(max_mb * 1e6) / 16;
	uint4 *d_buf = nullptr;
	uint32_t *d_sums = nullptr;
	WP_CHECK(cudaMalloc(&d_buf, max_elems * 16));
	wp_fill_u32(reinterpret_cast<uint32_t *>(d_buf), max_elems * 4, SEED);
	std::fprintf(stderr, "wp_l2: computing reference sums on the host...\n");
	Truth truth(max_elems);

	const int block = 256;
	const int blocks_per_sm = std::min(dev.max_threads_per_sm / block, dev.max_blocks_per_sm);
	const unsigned grid = static_cast<unsigned>(blocks_per_sm * dev.sm_count);
	WP_CHECK(cudaMalloc(&d_sums, grid * sizeof(uint32_t)));
	std::vector<uint32_t> sums(grid);

	for (int mode = 0; mode < 2; ++mode) {
		const bool shared = mode == 0;
		auto kernel = shared ? l2_read_kernel<true> : l2_read_kernel<false>;
		for (double mb : sizes_mb) {
			const size_t n = static_cast<size_t>(mb * 1e6) / 16;
			if (n < grid) // a disjoint slice per block needs at least one element
				continue;
			// Each line is reread at least 16 times, and at least 2 GB move.
			const double total_bytes = std::max(16.0 * n * 16, 2e9);
			const size_t per_block =
			    static_cast<size_t>(std::ceil(total_bytes / 16.0 / grid / block)) * block;
			WP_CHECK(cudaMemset(d_sums, 0, grid * sizeof(uint32_t)));
			std::vector<double> ms = wp_time_ms(reps, [&] {
				kernel<<<grid, block>>>(d_buf, n, per_block, d_sums);
			});
			WP_CHECK(cudaMemcpy(sums.data(), d_sums, grid * sizeof(uint32_t),
			                    cudaMemcpyDeviceToHost));
			for (unsigned b = 0; b < grid; ++b) {
				Walk w = block_walk(shared, b, grid, n);
				uint32_t want = truth.region_sum(w.region_start, w.region_len, w.offset0, per_block);
				if (sums[b] != want)
					wp_fail_result(BENCH, "%s %.0f MB: block %u sum %08x, expected %08x",
					               shared ? "shared" : "disjoint", mb, b, sums[b], want);
			}
			const double bytes = static_cast<double>(per_block) * grid * 16;
			const double median_ms = wp_median(ms);
			WpJson(BENCH)
			    .str("record", "measurement")
			    .str("test", shared ? "shared" : "disjoint")
			    .num("size_mb", mb)
			    .integer("size_bytes", static_cast<long long>(n * 16))
			    .integer("bytes", static_cast<long long>(bytes))
			    .integer("grid", grid)
			    .integer("block", block)
			    .integer("reps", reps)
			    .num("median_ms", median_ms)
			    .num("median_gbs", bytes / (median_ms * 1e-3) / 1e9)
			    .boolean("verified", true)
			    .emit();
		}
	}
	wp_emit_observed_clock(BENCH, "end");
	WP_CHECK(cudaFree(d_buf));
	WP_CHECK(cudaFree(d_sums));
	return 0;
}
