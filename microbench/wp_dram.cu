// wp_dram: achievable DRAM bandwidth (read, write, copy, triad) and its curve
// over resident warps per SM (SPEC §6, hw_table dram_bandwidth and
// dram_bandwidth_curve).
//
// Arrays are doubles, far larger than L2, filled with dyadic values
// (multiples of 1/4) whose sums and triads are exact in double precision, so
// every kernel's result is checked exactly. Each thread keeps ILP independent
// loads in flight per loop trip; the curve is measured for ILP 1 and 4
// because how fast bandwidth ramps with occupancy depends on it.
#include "wp_common.cuh"

static const char *const BENCH = "wp_dram";

// The three input patterns; exact in double and cheap to recompute.
static __host__ __device__ __forceinline__ double pattern_b(size_t i)
{
	return static_cast<double>(i & 1023) * 0.25;
}
static __host__ __device__ __forceinline__ double pattern_c(size_t i)
{
	return static_cast<double>((i * 7) & 511) * 0.5;
}
static const double TRIAD_SCALAR = 3.0;
static const double SENTINEL = -1.0; // what the output holds before a kernel writes it

enum Kind { KIND_READ, KIND_WRITE, KIND_COPY, KIND_TRIAD };
static const char *const KIND_NAMES[] = {"read", "write", "copy", "triad"};
// Bytes moved per element: what the kernel must read and write.
static const int KIND_BYTES_PER_ELEMENT[] = {8, 8, 16, 24};

static __global__ void fill_kernel(double *b, double *c, double *a, size_t n)
{
	for (size_t i = blockIdx.x * static_cast<size_t>(blockDim.x) + threadIdx.x; i < n;
	     i += static_cast<size_t>(gridDim.x) * blockDim.x) {
		b[i] = pattern_b(i);
		c[i] = pattern_c(i);
		a[i] = SENTINEL;
	}
}

static __global__ void set_kernel(double *a, size_t n, double value)
{
	for (size_t i = blockIdx.x * static_cast<size_t>(blockDim.x) + threadIdx.x; i < n;
	     i += static_cast<size_t>(gridDim.x) * blockDim.x)
		a[i] = value;
}

// One kernel for the four stream kinds; ILP elements per thread per trip,
// loads first so that ILP of them are in flight together. The grid-stride
// form lets any grid (one wave of the occupancy being measured) cover n.
template <Kind K, int ILP>
static __global__ void stream_kernel(const double *__restrict__ b, const double *__restrict__ c,
                                     double *__restrict__ a, size_t n, double *block_sums)
{
	const size_t stride = static_cast<size_t>(gridDim.x) * blockDim.x;
	size_t i = blockIdx.x * static_cast<size_t>(blockDim.x) + threadIdx.x;
	double sum = 0.0;
	for (; i + (ILP - 1) * stride < n; i += ILP * stride) {
		double vb[ILP], vc[ILP];
#pragma unroll
		for (int k = 0; k < ILP; ++k) {
			if (K != KIND_WRITE)
				vb[k] = b[i + k * stride];
			if (K == KIND_TRIAD)
				vc[k] = c[i + k * stride];
		}
#pragma unroll
		for (int k = 0; k < ILP; ++k) {
			size_t j = i + k * stride;
			if (K == KIND_READ)
				sum += vb[k];
			else if (K == KIND_WRITE)
				a[j] = pattern_b(j);
			else if (K == KIND_COPY)
				a[j] = vb[k];
			else
				a[j] = vb[k] + TRIAD_SCALAR * vc[k];
		}
	}
	for (; i < n; i += stride) { // the remainder, fewer than ILP trips
		if (K == KIND_READ)
			sum += b[i];
		else if (K == KIND_WRITE)
			a[i] = pattern_b(i);
		else if (K == KIND_COPY)
			a[i] = b[i];
		else
			a[i] = b[i] + TRIAD_SCALAR * c[i];
	}
	if constexpr (K == KIND_READ) {
		// Block sum: warp shuffles, then one double per warp in shared memory
		// (256 B, counted by smem_for_blocks). Exact, see pattern_b.
		__shared__ double warp_sums[32];
		for (int offset = 16; offset > 0; offset /= 2)
			sum += __shfl_down_sync(0xffffffffu, sum, offset);
		if (threadIdx.x % 32 == 0)
			warp_sums[threadIdx.x / 32] = sum;
		__syncthreads();
		if (threadIdx.x == 0) {
			double total = 0.0;
			for (unsigned w = 0; w < blockDim.x / 32; ++w)
				total += warp_sums[w];
			block_sums[blockIdx.x] = total;
		}
	}
}

// Counts the elements of a that differ from what kind K must have written.
static __global__ void check_kernel(const double *a, size_t n, Kind kind,
                                    unsigned long long *mismatches)
{
	unsigned long long bad = 0;
	for (size_t i = blockIdx.x * static_cast<size_t>(blockDim.x) + threadIdx.x; i < n;
	     i += static_cast<size_t>(gridDim.x) * blockDim.x) {
		double want = kind == KIND_TRIAD ? pattern_b(i) + TRIAD_SCALAR * pattern_c(i)
		                                 : pattern_b(i);
		bad += a[i] != want;
	}
	if (bad)
		atomicAdd(mismatches, bad);
}

struct Buffers {
	double *a = nullptr, *b = nullptr, *c = nullptr;
	double *block_sums = nullptr;
	unsigned long long *mismatches = nullptr;
	size_t n = 0;
	int max_blocks = 0;
};

// The exact sum of pattern_b over [0, n): whole periods of 1024 plus the rest.
static double expected_read_sum(size_t n)
{
	double period = 0.0;
	for (size_t i = 0; i < 1024; ++i)
		period += pattern_b(i);
	double total = period * static_cast<double>(n / 1024);
	for (size_t i = n - n % 1024; i < n; ++i)
		total += pattern_b(i);
	return total;
}

using KernelFn = void (*)(const double *, const double *, double *, size_t, double *);

static KernelFn pick_kernel(Kind kind, int ilp)
{
	switch (kind) {
	case KIND_READ: return ilp == 1 ? stream_kernel<KIND_READ, 1> : stream_kernel<KIND_READ, 4>;
	case KIND_WRITE: return ilp == 1 ? stream_kernel<KIND_WRITE, 1> : stream_kernel<KIND_WRITE, 4>;
	case KIND_COPY: return ilp == 1 ? stream_kernel<KIND_COPY, 1> : stream_kernel<KIND_COPY, 4>;
	default: return ilp == 1 ? stream_kernel<KIND_TRIAD, 1> : stream_kernel<KIND_TRIAD, 4>;
	}
}

// Verifies the result of the last launch of kind; exits on a wrong result.
static void verify(const Buffers &buf, Kind kind, int grid)
{
	if (kind == KIND_READ) {
		std::vector<double> sums(grid);
		WP_CHECK(cudaMemcpy(sums.data(), buf.block_sums, grid * sizeof(double),
		                    cudaMemcpyDeviceToHost));
		double total = 0.0;
		for (double s : sums)
			total += s;
		double want = expected_read_sum(buf.n);
		if (total != want)
			wp_fail_result(BENCH, "read: sum %.17g, expected %.17g", total, want);
		return;
	}
	WP_CHECK(cudaMemset(buf.mismatches, 0, sizeof(unsigned long long)));
	check_kernel<<<1024, 256>>>(buf.a, buf.n, kind, buf.mismatches);
	WP_CHECK_LAUNCH();
	unsigned long long bad = 0;
	WP_CHECK(cudaMemcpy(&bad, buf.mismatches, sizeof bad, cudaMemcpyDeviceToHost));
	if (bad)
		wp_fail_result(BENCH, "%s: %llu of %zu elements wrong", KIND_NAMES[kind], bad, buf.n);
}

// Times one kind at one launch shape; prints one record; returns GB/s.
static double measure(const Buffers &buf, Kind kind, int ilp, int grid, int block, size_t smem,
                      int reps, const char *test, int warps_per_sm, int blocks_per_sm)
{
	KernelFn kernel = pick_kernel(kind, ilp);
	if (kind != KIND_READ) { // make a stale result detectable
		set_kernel<<<1024, 256>>>(buf.a, buf.n, SENTINEL);
		WP_CHECK_LAUNCH();
	}
	std::vector<double> ms = wp_time_ms(reps, [&] {
		kernel<<<grid, block, smem>>>(buf.b, buf.c, buf.a, buf.n, buf.block_sums);
	});
	verify(buf, kind, grid);
	double bytes = static_cast<double>(buf.n) * KIND_BYTES_PER_ELEMENT[kind];
	std::vector<double> gbs;
	for (double t : ms)
		gbs.push_back(bytes / (t * 1e-3) / 1e9);
	double median_ms = wp_median(ms);
	double median_gbs = bytes / (median_ms * 1e-3) / 1e9;
	WpJson(BENCH)
	    .str("record", "measurement")
	    .str("test", test)
	    .str("kernel", KIND_NAMES[kind])
	    .integer("ilp", ilp)
	    .integer("bytes", static_cast<long long>(bytes))
	    .integer("grid", grid)
	    .integer("block", block)
	    .integer("dynamic_smem", static_cast<long long>(smem))
	    .integer("blocks_per_sm", blocks_per_sm)
	    .integer("warps_per_sm", warps_per_sm)
	    .integer("reps", reps)
	    .num("median_ms", median_ms)
	    .num("median_gbs", median_gbs)
	    .num("max_gbs", *std::max_element(gbs.begin(), gbs.end()))
	    .num("min_gbs", *std::min_element(gbs.begin(), gbs.end()))
	    .boolean("verified", true)
	    .emit();
	return median_gbs;
}

// Dynamic shared memory per block that lets exactly blocks_per_sm blocks of
// this kernel reside on one SM (the reserved 1 KB per block counted), rounded
// down to the 128 B allocation unit.
static size_t smem_for_blocks(const WpDevice &dev, int blocks_per_sm, size_t static_smem)
{
	long long per_block = dev.smem_per_sm / blocks_per_sm - dev.smem_reserved_per_block -
	                      static_cast<long long>(static_smem);
	per_block -= per_block % 128;
	per_block = std::min<long long>(per_block, dev.smem_per_block_optin -
	                                               static_cast<long long>(static_smem));
	return static_cast<size_t>(std::max<long long>(per_block, 0));
}

static void occupancy_curve(const WpDevice &dev, const Buffers &buf, Kind kind, int ilp,
                            int reps, bool quick)
{
	KernelFn kernel = pick_kernel(kind, ilp);
	// Prefer the largest shared-memory carve-out so that shared memory, not the
	// carve-out, decides how many blocks fit.
	cudaFuncAttributes attr;
	WP_CHECK(cudaFuncGetAttributes(&attr, kernel));
	WP_CHECK(cudaFuncSetAttribute(kernel, cudaFuncAttributePreferredSharedMemoryCarveout, 100));
	WP_CHECK(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize,
	                              dev.smem_per_block_optin -
	                                  static_cast<int>(attr.sharedSizeBytes)));
	const int max_warps = dev.max_threads_per_sm / 32;
	std::vector<int> warp_counts = quick ? std::vector<int>{1, 4, 16, 64}
	                                     : std::vector<int>{1, 2, 3, 4, 6, 8, 12, 16, 20,
	                                                        24, 32, 40, 48, 56, 64};
	for (int warps : warp_counts) {
		if (warps > max_warps)
			continue;
		// Up to 4 warps: one block of that many warps per SM; beyond, blocks of
		// 4 warps (so even 64 warps need only 16 blocks, within every GPU's
		// blocks-per-SM limit).
		int warps_per_block = warps <= 4 ? warps : 4;
		if (warps % warps_per_block)
			continue;
		int blocks_per_sm = warps / warps_per_block;
		if (blocks_per_sm > dev.max_blocks_per_sm)
			continue;
		int block = 32 * warps_per_block;
		size_t smem = smem_for_blocks(dev, blocks_per_sm, attr.sharedSizeBytes);
		int resident = 0;
		WP_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&resident, kernel, block, smem));
		if (resident != blocks_per_sm) {
			// Not the occupancy we want to name: say so, print no number.
			WpJson(BENCH)
			    .str("record", "skipped")
			    .str("test", "occupancy")
			    .str("kernel", KIND_NAMES[kind])
			    .integer("warps_per_sm", warps)
			    .integer("resident_blocks", resident)
			    .integer("wanted_blocks", blocks_per_sm)
			    .emit();
			continue;
		}
		measure(buf, kind, ilp, blocks_per_sm * dev.sm_count, block, smem, reps, "occupancy",
		        warps, blocks_per_sm);
	}
}

static void usage(FILE *to)
{
	std::fprintf(to,
	             "usage: wp_dram [options]\n"
	             "Measures achievable DRAM bandwidth with four stream kernels on doubles:\n"
	             "  read  (sum += b[i]), write (a[i] = f(i)), copy (a[i] = b[i]),\n"
	             "  triad (a[i] = b[i] + 3*c[i]); at full occupancy (test \"peak\"), then\n"
	             "  read and triad over resident warps per SM (test \"occupancy\"), the\n"
	             "  occupancy set exactly by dynamic shared memory per block.\n"
	             "Bandwidth counts the bytes the kernel must move (8/8/16/24 per element).\n"
	             "Options:\n"
	             "  --size-mb N  MiB per array (default 1024, at most 1/8 of device memory)\n"
	             "  --no-curve   only the full-occupancy measurements\n"
	             "%s",
	             WP_COMMON_HELP);
}

int main(int argc, char **argv)
{
	WpCommonOptions common;
	long long size_mb = 1024;
	bool curve = true;
	for (int i = 1; i < argc; ++i) {
		if (wp_arg_is(argv[i], "--help") || wp_arg_is(argv[i], "-h")) {
			usage(stdout);
			return 0;
		}
		if (wp_parse_common(BENCH, argc, argv, &i, &common))
			continue;
		if (wp_arg_is(argv[i], "--size-mb") && i + 1 < argc) {
			size_mb = wp_parse_count(BENCH, "--size-mb", argv[++i]);
			continue;
		}
		if (wp_arg_is(argv[i], "--no-curve")) {
			curve = false;
			continue;
		}
		std::fprintf(stderr, "wp_dram: unknown option '%s'\n", argv[i]);
		usage(stderr);
		return WP_EXIT_USAGE;
	}
	const int reps = common.reps > 0 ? common.reps : (common.quick ? 5 : 20);
	WpDevice dev = wp_open_device(common.device);
	wp_emit_device(BENCH, dev);
	wp_emit_observed_clock(BENCH, "start");

	Buffers buf;
	size_t bytes = static_cast<size_t>(size_mb) << 20;
	bytes = std::min(bytes, dev.prop.totalGlobalMem / 8);
	if (bytes < 4 * static_cast<size_t>(dev.prop.l2CacheSize))
		std::fprintf(stderr, "wp_dram: warning: arrays of %zu bytes are not much larger than L2\n",
		             bytes);
	buf.n = bytes / sizeof(double);
	if (buf.n < 1024) {
		std::fprintf(stderr, "wp_dram: --size-mb too small\n");
		return WP_EXIT_USAGE;
	}
	buf.max_blocks = 64 * dev.sm_count * 32;
	WP_CHECK(cudaMalloc(&buf.a, buf.n * sizeof(double)));
	WP_CHECK(cudaMalloc(&buf.b, buf.n * sizeof(double)));
	WP_CHECK(cudaMalloc(&buf.c, buf.n * sizeof(double)));
	WP_CHECK(cudaMalloc(&buf.block_sums, buf.max_blocks * sizeof(double)));
	WP_CHECK(cudaMalloc(&buf.mismatches, sizeof(unsigned long long)));
	fill_kernel<<<1024, 256>>>(buf.b, buf.c, buf.a, buf.n);
	WP_CHECK_LAUNCH();
	WP_CHECK(cudaDeviceSynchronize());

	// Full occupancy: 256-thread blocks, as many as fit at once (one wave).
	const int block = 256;
	int blocks_per_sm = std::min(dev.max_threads_per_sm / block, dev.max_blocks_per_sm);
	int grid = blocks_per_sm * dev.sm_count;
	for (int kind = KIND_READ; kind <= KIND_TRIAD; ++kind)
		for (int ilp : {1, 4})
			measure(buf, static_cast<Kind>(kind), ilp, grid, block, 0, reps, "peak",
			        blocks_per_sm * block / 32, blocks_per_sm);

	if (curve) {
		int curve_reps = std::max(3, reps / 2);
		for (int ilp : {1, 4}) {
			occupancy_curve(dev, buf, KIND_READ, ilp, curve_reps, common.quick);
			occupancy_curve(dev, buf, KIND_TRIAD, ilp, curve_reps, common.quick);
		}
	}
	wp_emit_observed_clock(BENCH, "end");
	WP_CHECK(cudaFree(buf.a));
	WP_CHECK(cudaFree(buf.b));
	WP_CHECK(cudaFree(buf.c));
	WP_CHECK(cudaFree(buf.block_sums));
	WP_CHECK(cudaFree(buf.mismatches));
	return 0;
}
