// wp_throughput: instruction throughputs per SM per cycle (paper 002
// Table 3: T_SP, T_DP, T_int, T_add, T_ldst; hw_table fp32_per_cycle,
// fp64_per_cycle, int_add_per_cycle, int_mad_per_cycle, ldst_per_cycle, and
// sfu_per_cycle).
//
// One wave of 1024-thread blocks fills every SM. Each thread runs CHAINS
// independent dependency chains (enough to hide every pipeline's latency at
// full occupancy) for a fixed number of trips. Each block records its SM and
// clock64() at start and end; per SM, operations / (last end - first start)
// is the rate in thread-operations (lanes) per cycle, whatever the clock.
// The integer and SFU operations are volatile inline PTX so that the
// compiler neither folds repeated additions nor merges instructions; shared
// loads and stores go through a volatile pointer so none is removed.
// Results: sampled threads are recomputed on the host bit for bit (fp32 and
// fp64 FMA are exactly rounded on both sides; integers wrap the same way);
// SFU chains (approximate rsqrt) must converge to 1; stored shared memory
// must hold the last values written.
#include "wp_common.cuh"

static const char *const BENCH = "wp_throughput";
static const int BLOCK = 1024;
static const int CHAINS = 8;
static const int UNROLL = 8;
static const int SMEM_WORDS_PER_THREAD = 8; // shared tests: 32 KB per block

enum OpKind { OP_FP32_FMA, OP_FP64_FMA, OP_INT_ADD, OP_INT_MAD, OP_SFU, OP_SHARED_LOAD, OP_SHARED_STORE };
static const char *const OP_NAMES[] = {"fp32_fma", "fp64_fma", "int_add", "int_mad",
                                       "sfu_rsqrt", "shared_load", "shared_store"};

struct Params {
	float f_mul, f_add;
	double d_mul, d_add;
	uint32_t i_add, i_mul;
	int trips;
};

struct BlockTimes {
	unsigned smid;
	long long start, end;
};

// Start values, the same formulas on host and device.
static __host__ __device__ __forceinline__ float f_start(unsigned tid, int k)
{
	return 1.0f + static_cast<float>((tid * CHAINS + k) % 4096) * (1.0f / 8192.0f);
}
static __host__ __device__ __forceinline__ double d_start(unsigned tid, int k)
{
	return 1.0 + static_cast<double>((tid * CHAINS + k) % 4096) * (1.0 / 8192.0);
}
static __host__ __device__ __forceinline__ uint32_t u_start(unsigned tid, int k)
{
	return wp_pattern_u32(static_cast<uint64_t>(tid) * CHAINS + k, 0x7070u);
}

static __device__ __forceinline__ uint32_t add_u32(uint32_t a, uint32_t b)
{
	uint32_t r;
	asm volatile("add.u32 %0, %1, %2;" : "=r"(r) : "r"(a), "r"(b));
	return r;
}
static __device__ __forceinline__ uint32_t mad_u32(uint32_t a, uint32_t b, uint32_t c)
{
	uint32_t r;
	asm volatile("mad.lo.u32 %0, %1, %2, %3;" : "=r"(r) : "r"(a), "r"(b), "r"(c));
	return r;
}
static __device__ __forceinline__ float rsqrt_approx(float a)
{
	float r;
	asm volatile("rsqrt.approx.f32 %0, %1;" : "=f"(r) : "f"(a));
	return r;
}

// Folds the chains of one thread into one 64-bit word for checking.
static __host__ __device__ __forceinline__ uint64_t fold(uint64_t acc, uint64_t bits)
{
	return (acc ^ bits) * 0x100000001b3ull;
}

template <OpKind OP>
static __global__ void __launch_bounds__(BLOCK)
    throughput_kernel(Params p, uint64_t *results, BlockTimes *times)
{
	__shared__ uint32_t smem[OP == OP_SHARED_LOAD || OP == OP_SHARED_STORE
	                             ? SMEM_WORDS_PER_THREAD * BLOCK
	                             : 1];
	volatile uint32_t *vsmem = smem;
	const unsigned tid = blockIdx.x * blockDim.x + threadIdx.x;
	if constexpr (OP == OP_SHARED_LOAD || OP == OP_SHARED_STORE) {
		for (int k = 0; k < SMEM_WORDS_PER_THREAD; ++k)
			smem[k * BLOCK + threadIdx.x] = u_start(threadIdx.x, k);
	}
	float f[CHAINS];
	double d[CHAINS];
	uint32_t u[CHAINS];
	for (int k = 0; k < CHAINS; ++k) {
		f[k] = f_start(tid, k);
		d[k] = d_start(tid, k);
		u[k] = u_start(tid, k);
	}
	__syncthreads();
	long long start = clock64();
	for (int trip = 0; trip < p.trips; ++trip) {
#pragma unroll
		for (int r = 0; r < UNROLL; ++r) {
#pragma unroll
			for (int k = 0; k < CHAINS; ++k) {
				if constexpr (OP == OP_FP32_FMA)
					f[k] = fmaf(f[k], p.f_mul, p.f_add);
				else if constexpr (OP == OP_FP64_FMA)
					d[k] = fma(d[k], p.d_mul, p.d_add);
				else if constexpr (OP == OP_INT_ADD)
					u[k] = add_u32(u[k], p.i_add);
				else if constexpr (OP == OP_INT_MAD)
					u[k] = mad_u32(u[k], p.i_mul, p.i_add);
				else if constexpr (OP == OP_SFU)
					f[k] = rsqrt_approx(f[k]);
				else if constexpr (OP == OP_SHARED_LOAD)
					// Conflict-free: a warp reads 32 consecutive words.
					u[k] += vsmem[((r * CHAINS + k) % SMEM_WORDS_PER_THREAD) * BLOCK + threadIdx.x];
				else
					vsmem[((r * CHAINS + k) % SMEM_WORDS_PER_THREAD) * BLOCK + threadIdx.x] =
					    u[k] + static_cast<uint32_t>(trip);
			}
		}
	}
	__syncthreads();
	long long end = clock64();
	uint64_t acc = 0;
	if constexpr (OP == OP_SFU) {
		// The largest distance from the fixed point 1; a NaN chain makes it NaN.
		float worst = 0.0f;
		for (int k = 0; k < CHAINS; ++k) {
			float dist = fabsf(f[k] - 1.0f);
			worst = dist <= worst ? worst : dist;
		}
		acc = __float_as_uint(worst);
	} else {
		for (int k = 0; k < CHAINS; ++k) {
			uint64_t bits;
			if constexpr (OP == OP_FP32_FMA)
				bits = __float_as_uint(f[k]);
			else if constexpr (OP == OP_FP64_FMA)
				bits = static_cast<uint64_t>(__double_as_longlong(d[k]));
			else if constexpr (OP == OP_SHARED_STORE)
				bits = smem[k * BLOCK + threadIdx.x];
			else
				bits = u[k];
			acc = fold(acc, bits);
		}
	}
	results[tid] = acc;
	if (threadIdx.x == 0)
		times[blockIdx.x] = BlockTimes{wp_smid(), start, end};
}

// Host emulation of one thread (not SFU: approximate on the GPU).
static uint64_t host_result(OpKind op, const Params &p, unsigned tid)
{
	const unsigned local = tid % BLOCK;
	float f[CHAINS];
	double d[CHAINS];
	uint32_t u[CHAINS];
	uint32_t smem_mine[SMEM_WORDS_PER_THREAD];
	for (int k = 0; k < CHAINS; ++k) {
		f[k] = f_start(tid, k);
		d[k] = d_start(tid, k);
		u[k] = u_start(tid, k);
	}
	for (int k = 0; k < SMEM_WORDS_PER_THREAD; ++k)
		smem_mine[k] = u_start(local, k);
	for (int trip = 0; trip < p.trips; ++trip)
		for (int r = 0; r < UNROLL; ++r)
			for (int k = 0; k < CHAINS; ++k) {
				const int slot = (r * CHAINS + k) % SMEM_WORDS_PER_THREAD;
				switch (op) {
				case OP_FP32_FMA: f[k] = std::fmaf(f[k], p.f_mul, p.f_add); break;
				case OP_FP64_FMA: d[k] = std::fma(d[k], p.d_mul, p.d_add); break;
				case OP_INT_ADD: u[k] += p.i_add; break;
				case OP_INT_MAD: u[k] = u[k] * p.i_mul + p.i_add; break;
				case OP_SHARED_LOAD: u[k] += smem_mine[slot]; break;
				case OP_SHARED_STORE: smem_mine[slot] = u[k] + static_cast<uint32_t>(trip); break;
				default: break;
				}
			}
	uint64_t acc = 0;
	for (int k = 0; k < CHAINS; ++k) {
		uint64_t bits;
		if (op == OP_FP32_FMA) {
			uint32_t b;
			std::memcpy(&b, &f[k], 4);
			bits = b;
		} else if (op == OP_FP64_FMA) {
			std::memcpy(&bits, &d[k], 8);
		} else if (op == OP_SHARED_STORE) {
			bits = smem_mine[k];
		} else {
			bits = u[k];
		}
		acc = fold(acc, bits);
	}
	return acc;
}

using KernelFn = void (*)(Params, uint64_t *, BlockTimes *);

static KernelFn pick(OpKind op)
{
	switch (op) {
	case OP_FP32_FMA: return throughput_kernel<OP_FP32_FMA>;
	case OP_FP64_FMA: return throughput_kernel<OP_FP64_FMA>;
	case OP_INT_ADD: return throughput_kernel<OP_INT_ADD>;
	case OP_INT_MAD: return throughput_kernel<OP_INT_MAD>;
	case OP_SFU: return throughput_kernel<OP_SFU>;
	case OP_SHARED_LOAD: return throughput_kernel<OP_SHARED_LOAD>;
	default: return throughput_kernel<OP_SHARED_STORE>;
	}
}

static void measure(const WpDevice &dev, OpKind op, int reps, bool quick)
{
	KernelFn kernel = pick(op);
	int blocks_per_sm = 0;
	WP_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks_per_sm, kernel, BLOCK, 0));
	if (blocks_per_sm < 1)
		wp_fail_result(BENCH, "%s: kernel does not fit on an SM", OP_NAMES[op]);
	const int grid = blocks_per_sm * dev.sm_count; // one wave: all co-resident
	const size_t threads = static_cast<size_t>(grid) * BLOCK;

	Params p;
	p.f_mul = 0.999f;   // chains converge to f_add / (1 - f_mul): no overflow,
	p.f_add = 0.001f;   // no denormals
	p.d_mul = 0.999;
	p.d_add = 0.001;
	p.i_add = 0x9e3779b9u;
	p.i_mul = 0x01000193u;
	// Slow operations (fp64 on consumer GPUs, SFU) get fewer trips.
	p.trips = quick ? 64 : (op == OP_FP64_FMA || op == OP_SFU ? 256 : 1024);

	uint64_t *d_results = nullptr;
	BlockTimes *d_times = nullptr;
	WP_CHECK(cudaMalloc(&d_results, threads * sizeof(uint64_t)));
	WP_CHECK(cudaMalloc(&d_times, grid * sizeof(BlockTimes)));
	std::vector<uint64_t> results(threads);
	std::vector<BlockTimes> times(grid);
	std::vector<double> rates;
	const double ops_per_thread = static_cast<double>(p.trips) * UNROLL * CHAINS;

	for (int rep = 0; rep < reps + 1; ++rep) { // the first launch warms up
		WP_CHECK(cudaMemset(d_results, 0, threads * sizeof(uint64_t)));
		kernel<<<grid, BLOCK>>>(p, d_results, d_times);
		WP_CHECK_LAUNCH();
		WP_CHECK(cudaMemcpy(times.data(), d_times, grid * sizeof(BlockTimes), cudaMemcpyDeviceToHost));
		WP_CHECK(cudaMemcpy(results.data(), d_results, threads * sizeof(uint64_t),
		                    cudaMemcpyDeviceToHost));
		// Check sampled threads (every block's first and last thread and a
		// spread of others), or the SFU convergence everywhere.
		for (size_t t = 0; t < threads; t += (op == OP_SFU ? 1 : 997)) {
			if (op == OP_SFU) {
				uint32_t bits = static_cast<uint32_t>(results[t]);
				float worst;
				std::memcpy(&worst, &bits, 4);
				if (!(worst <= 1e-3f))
					wp_fail_result(BENCH, "%s: thread %zu ended %g away from 1", OP_NAMES[op], t,
					               static_cast<double>(worst));
				continue;
			}
			uint64_t want = host_result(op, p, static_cast<unsigned>(t));
			if (results[t] != want)
				wp_fail_result(BENCH, "%s: thread %zu result %016llx, expected %016llx",
				               OP_NAMES[op], t, static_cast<unsigned long long>(results[t]),
				               static_cast<unsigned long long>(want));
		}
		if (rep == 0)
			continue;
		// Per SM: all its blocks' operations over its busy span.
		std::vector<long long> first(1024, -1), last(1024, -1);
		std::vector<int> blocks_on(1024, 0);
		for (const BlockTimes &bt : times) {
			if (bt.smid >= 1024 || bt.end <= bt.start)
				wp_fail_result(BENCH, "%s: bad block timing record", OP_NAMES[op]);
			if (first[bt.smid] < 0 || bt.start < first[bt.smid])
				first[bt.smid] = bt.start;
			last[bt.smid] = std::max(last[bt.smid], bt.end);
			++blocks_on[bt.smid];
		}
		for (int sm = 0; sm < 1024; ++sm)
			if (blocks_on[sm] == blocks_per_sm) // SMs with a full share only
				rates.push_back(ops_per_thread * BLOCK * blocks_on[sm] /
				                static_cast<double>(last[sm] - first[sm]));
	}
	if (rates.empty())
		wp_fail_result(BENCH, "%s: no SM ran exactly %d blocks", OP_NAMES[op], blocks_per_sm);
	WpJson(BENCH)
	    .str("record", "measurement")
	    .str("test", OP_NAMES[op])
	    .integer("grid", grid)
	    .integer("block", BLOCK)
	    .integer("blocks_per_sm", blocks_per_sm)
	    .integer("ops_per_thread", static_cast<long long>(ops_per_thread))
	    .integer("reps", reps)
	    .integer("samples", static_cast<long long>(rates.size()))
	    .num("median_per_sm_per_cycle", wp_median(rates))
	    .num("max_per_sm_per_cycle", *std::max_element(rates.begin(), rates.end()))
	    .boolean("verified", true)
	    .emit();
	WP_CHECK(cudaFree(d_results));
	WP_CHECK(cudaFree(d_times));
}

static void usage(FILE *to)
{
	std::fprintf(to,
	             "usage: wp_throughput [options]\n"
	             "Measures thread-level operations per SM per cycle at full occupancy:\n"
	             "  fp32_fma, fp64_fma (FMA lanes), int_add (add.u32), int_mad\n"
	             "  (mad.lo.u32), sfu_rsqrt (rsqrt.approx.f32), shared_load and\n"
	             "  shared_store (conflict-free 32-bit, per thread) - paper 002 Table 3.\n"
	             "Options:\n"
	             "  --only TEST  run one of the tests above\n"
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
		std::fprintf(stderr, "wp_throughput: unknown option '%s'\n", argv[i]);
		usage(stderr);
		return WP_EXIT_USAGE;
	}
	const int reps = common.reps > 0 ? common.reps : (common.quick ? 2 : 7);
	WpDevice dev = wp_open_device(common.device);
	wp_emit_device(BENCH, dev);
	wp_emit_observed_clock(BENCH, "start");
	for (int op = OP_FP32_FMA; op <= OP_SHARED_STORE; ++op)
		if (only.empty() || only == OP_NAMES[op])
			measure(dev, static_cast<OpKind>(op), reps, common.quick);
	wp_emit_observed_clock(BENCH, "end");
	return 0;
}
