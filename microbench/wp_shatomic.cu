// wp_shatomic: shared-memory atomic service times T(n, e, c) (paper 001
// §3.2; SPEC §5.5; hw_table atomics).
//
// T(n, e, c) is the time from the moment n warp-instructions are issued at
// once on one SM to the completion of the last: e active lanes each, c of the
// n are compare-and-swap and the rest fetch-and-add (whose result is used).
// "unused" is the fetch-and-add whose result is discarded (atomicAdd with the
// result ignored, ATOMS.POPC.INC on sm_80+).
//
// How one sample is taken, per SM:
//   * n warps on the SM: one block of n warps for n <= 32, two blocks of
//     n/2 warps beyond (a block has at most 32 warps);
//   * the blocks of an SM meet through a per-SM slot in global memory: the
//     first to arrive sets a start cycle a little in the future, and every
//     warp of every block on that SM spins on clock64() (one counter per SM)
//     until then, so all n atomics issue within a few cycles;
//   * each active lane does one atomic and stores what it returned to shared
//     memory (so its completion includes the returned value); a block barrier
//     waits for all of them; the cycle after the barrier minus the start
//     cycle, maximised over the SM's blocks, is the sample;
//   * the same code without the atomic (op "baseline") measures the spin
//     exit, store and barrier; T = median(op) - median(baseline).
// Every launch gives one sample per SM; SMs that did not get exactly the
// intended blocks, or started late, are left out. The returned values, the
// CAS successes and the final shared words are checked against what the
// atomics must produce.
#include "wp_common.cuh"

static const char *const BENCH = "wp_shatomic";
static const uint32_t INITIAL = 1000; // every shared word before the atomics
static const int MAX_SM_SLOTS = 1024; // %smid values we accept
static const long long START_MARGIN = 50000; // cycles between first arrival and start
static const long long ARRIVAL_TIMEOUT = 20000000;

enum Op { OP_BASELINE, OP_RMW, OP_CAS, OP_UNUSED };
static const char *const OP_NAMES[] = {"baseline", "rmw", "cas", "unused"};
enum Mode { MODE_SAME, MODE_WARP, MODE_DISTINCT };
static const char *const MODE_NAMES[] = {"same", "warp", "distinct"};

struct SmSlot {
	unsigned arrived;
	unsigned pad;
	unsigned long long start; // 0 until the first block sets it
};

struct BlockRecord {
	unsigned smid, rank, complete, late;
	long long cycles;           // end - start
	unsigned fao_lanes, cas_lanes, cas_successes;
	unsigned final_excess;      // sum over words of (word - INITIAL)
	unsigned long long old_sum; // sum of values returned to fetch-and-add lanes
};

struct Config {
	int n, e, c; // warps, lanes per warp, CAS warps
	Op op;       // what the non-CAS warps do
	Mode mode;
	int warps_per_block, blocks_per_sm;
};

// Which shared word lane `lane` of warp `warp` (of its block) updates.
static __device__ __forceinline__ unsigned word_of(Mode mode, unsigned warp, unsigned lane)
{
	switch (mode) {
	case MODE_SAME: return 0;
	case MODE_WARP: return warp * 33; // one word per warp, each in its own bank
	default: return warp * 32 + lane; // lane-distinct, conflict-free
	}
}

// Two blocks of 1024 threads must fit on one SM (n up to 64): at most 32
// registers per thread. Turing holds only 1024 threads per SM (n <= 32).
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ == 750
#define WP_ATOMIC_MIN_BLOCKS 1
#else
#define WP_ATOMIC_MIN_BLOCKS 2
#endif
static __global__ void __launch_bounds__(1024, WP_ATOMIC_MIN_BLOCKS)
    atomic_kernel(Config cfg, SmSlot *slots, BlockRecord *records)
{
	__shared__ uint32_t words[32 * 33];
	__shared__ uint32_t returned[1024];
	__shared__ unsigned long long s_start;
	__shared__ unsigned s_rank, s_complete, s_late;
	const unsigned warp = threadIdx.x / 32, lane = threadIdx.x % 32;

	for (unsigned i = threadIdx.x; i < 32 * 33; i += blockDim.x)
		words[i] = INITIAL;
	if (threadIdx.x == 0) {
		unsigned sm = wp_smid();
		SmSlot *slot = &slots[sm < MAX_SM_SLOTS ? sm : 0];
		unsigned rank = atomicAdd(&slot->arrived, 1u);
		if (rank == 0)
			atomicExch(&slot->start, static_cast<unsigned long long>(clock64() + START_MARGIN));
		long long wait_from = clock64();
		unsigned arrived = 0;
		do
			arrived = atomicAdd(&slot->arrived, 0u);
		while (arrived < static_cast<unsigned>(cfg.blocks_per_sm) &&
		       clock64() - wait_from < ARRIVAL_TIMEOUT);
		unsigned long long start = 0;
		do
			start = atomicAdd(&slot->start, 0ull);
		while (start == 0 && clock64() - wait_from < 2 * ARRIVAL_TIMEOUT);
		s_start = start;
		s_rank = rank;
		s_complete = sm < MAX_SM_SLOTS && start != 0 &&
		             arrived == static_cast<unsigned>(cfg.blocks_per_sm);
		s_late = 0;
	}
	__syncthreads();
	const long long start = static_cast<long long>(s_start);
	const unsigned warp_on_sm = s_rank * cfg.warps_per_block + warp;
	const bool active = warp_on_sm < static_cast<unsigned>(cfg.n) && lane < static_cast<unsigned>(cfg.e);
	const bool is_cas = warp_on_sm < static_cast<unsigned>(cfg.c);
	uint32_t *word = &words[word_of(cfg.mode, warp, lane)];

	if (clock64() >= start)
		s_late = 1; // benign race: any writer writes 1
	while (clock64() < start) {
	}
	// The measured region: one atomic per active lane.
	uint32_t got = 0;
	if (active) {
		if (is_cas)
			got = atomicCAS(word, INITIAL, INITIAL + 1);
		else if (cfg.op == OP_RMW)
			got = atomicAdd(word, 1u);
		else if (cfg.op == OP_UNUSED)
			atomicAdd(word, 1u); // result unused: the compiler may use POPC.INC
	}
	returned[threadIdx.x] = got;
	__syncthreads();
	const long long end = clock64();

	// Outside the timed region: what the atomics did, for the host to check.
	__shared__ unsigned s_fao, s_cas, s_succ, s_excess;
	__shared__ unsigned long long s_old_sum;
	if (threadIdx.x == 0) {
		s_fao = s_cas = s_succ = s_excess = 0;
		s_old_sum = 0;
	}
	__syncthreads();
	// Read back through shared memory, so the store before the barrier (that
	// makes the barrier wait for the returned value) is not dead code.
	got = returned[threadIdx.x];
	if (active && cfg.op != OP_BASELINE) {
		if (is_cas) {
			atomicAdd(&s_cas, 1u);
			if (got == INITIAL)
				atomicAdd(&s_succ, 1u);
		} else {
			atomicAdd(&s_fao, 1u);
			if (cfg.op == OP_RMW)
				atomicAdd(&s_old_sum, static_cast<unsigned long long>(got));
		}
	}
	for (unsigned i = threadIdx.x; i < 32 * 33; i += blockDim.x)
		if (words[i] != INITIAL)
			atomicAdd(&s_excess, words[i] - INITIAL);
	__syncthreads();
	if (threadIdx.x == 0) {
		BlockRecord r;
		r.smid = wp_smid();
		r.rank = s_rank;
		r.complete = s_complete;
		r.late = s_late;
		r.cycles = end - start;
		r.fao_lanes = s_fao;
		r.cas_lanes = s_cas;
		r.cas_successes = s_succ;
		r.final_excess = s_excess;
		r.old_sum = s_old_sum;
		records[blockIdx.x] = r;
	}
}

struct Context {
	WpDevice dev;
	SmSlot *d_slots = nullptr;
	BlockRecord *d_records = nullptr;
	int max_warps = 0;
	int reps = 0;
};

static Config make_config(int n, int e, int c, Op op, Mode mode)
{
	Config cfg;
	cfg.n = n;
	cfg.e = e;
	cfg.c = c;
	cfg.op = op;
	cfg.mode = mode;
	cfg.blocks_per_sm = n <= 32 ? 1 : 2;
	cfg.warps_per_block = (n + cfg.blocks_per_sm - 1) / cfg.blocks_per_sm;
	return cfg;
}

static void describe(const Config &cfg, char *buf, size_t size)
{
	std::snprintf(buf, size, "%s/%s n=%d e=%d c=%d", OP_NAMES[cfg.op], MODE_NAMES[cfg.mode], cfg.n,
	              cfg.e, cfg.c);
}

// Checks what one block's atomics did (pure ops only have exact sums).
static void check_block(const Config &cfg, const BlockRecord &r, const char *what)
{
	if (cfg.op == OP_BASELINE) {
		if (r.fao_lanes || r.cas_lanes || r.final_excess)
			wp_fail_result(BENCH, "%s: baseline changed shared memory", what);
		return;
	}
	// Each successful CAS and each fetch-and-add adds one to some word.
	if (r.final_excess != r.fao_lanes + r.cas_successes)
		wp_fail_result(BENCH, "%s: words grew by %u, expected %u adds + %u CAS", what,
		               r.final_excess, r.fao_lanes, r.cas_successes);
	const unsigned active_warps_fao = r.fao_lanes / cfg.e, active_warps_cas = r.cas_lanes / cfg.e;
	if (r.fao_lanes % cfg.e || r.cas_lanes % cfg.e)
		wp_fail_result(BENCH, "%s: lane counts not multiples of e", what);
	if (r.cas_lanes && !r.fao_lanes) { // pure CAS: who wins is fixed by the mode
		unsigned want = cfg.mode == MODE_SAME ? 1u
		                : cfg.mode == MODE_WARP ? active_warps_cas
		                                        : r.cas_lanes;
		if (r.cas_successes != want)
			wp_fail_result(BENCH, "%s: %u CAS succeeded, expected %u", what, r.cas_successes, want);
	}
	if (cfg.op == OP_RMW && r.fao_lanes && !r.cas_lanes) {
		// The values returned on one word are INITIAL, INITIAL+1, ...
		auto run = [](unsigned long long k) { return k * INITIAL + k * (k - 1) / 2; };
		unsigned long long want = cfg.mode == MODE_SAME ? run(r.fao_lanes)
		                          : cfg.mode == MODE_WARP ? active_warps_fao * run(cfg.e)
		                                                  : run(1) * r.fao_lanes;
		if (r.old_sum != want)
			wp_fail_result(BENCH, "%s: returned values sum to %llu, expected %llu", what, r.old_sum,
			               want);
	}
}

struct Sample {
	double median, minimum;
	int samples, valid_sms;
};

// Launches cfg ctx.reps times; returns the per-SM T samples' median.
static Sample measure(const Context &ctx, const Config &cfg)
{
	char what[128];
	describe(cfg, what, sizeof what);
	const int grid = cfg.blocks_per_sm * ctx.dev.sm_count;
	const int block = 32 * cfg.warps_per_block;
	std::vector<BlockRecord> records(grid);
	std::vector<double> samples;
	int valid_sms_last = 0;
	for (int rep = 0; rep < ctx.reps; ++rep) {
		WP_CHECK(cudaMemset(ctx.d_slots, 0, MAX_SM_SLOTS * sizeof(SmSlot)));
		atomic_kernel<<<grid, block>>>(cfg, ctx.d_slots, ctx.d_records);
		WP_CHECK_LAUNCH();
		WP_CHECK(cudaMemcpy(records.data(), ctx.d_records, grid * sizeof(BlockRecord),
		                    cudaMemcpyDeviceToHost));
		// Group the blocks by SM.
		std::vector<std::vector<const BlockRecord *>> by_sm(MAX_SM_SLOTS);
		for (const BlockRecord &r : records) {
			check_block(cfg, r, what);
			if (r.smid < MAX_SM_SLOTS)
				by_sm[r.smid].push_back(&r);
		}
		int valid_sms = 0;
		for (const auto &blocks : by_sm) {
			if (static_cast<int>(blocks.size()) != cfg.blocks_per_sm)
				continue;
			bool ok = true;
			long long cycles = 0;
			unsigned fao = 0, cas = 0, rank_mask = 0;
			for (const BlockRecord *r : blocks) {
				ok = ok && r->complete && !r->late && r->rank < 32;
				rank_mask |= 1u << (r->rank & 31);
				cycles = std::max(cycles, r->cycles);
				fao += r->fao_lanes;
				cas += r->cas_lanes;
			}
			ok = ok && rank_mask == (1u << cfg.blocks_per_sm) - 1;
			if (!ok)
				continue;
			// On a valid SM exactly n warps did their atomics.
			if (cfg.op != OP_BASELINE &&
			    (cas != static_cast<unsigned>(cfg.c * cfg.e) ||
			     fao != static_cast<unsigned>((cfg.n - cfg.c) * cfg.e)))
				wp_fail_result(BENCH, "%s: SM did %u CAS and %u add lanes, expected %d and %d",
				               what, cas, fao, cfg.c * cfg.e, (cfg.n - cfg.c) * cfg.e);
			samples.push_back(static_cast<double>(cycles));
			++valid_sms;
		}
		valid_sms_last = valid_sms;
	}
	if (samples.empty()) {
		std::fprintf(stderr, "wp_shatomic: %s: no SM got the intended blocks in time\n", what);
		std::exit(WP_EXIT_WRONG_RESULT);
	}
	Sample s;
	s.median = wp_median(samples);
	s.minimum = *std::min_element(samples.begin(), samples.end());
	s.samples = static_cast<int>(samples.size());
	s.valid_sms = valid_sms_last;
	return s;
}

static void emit(const Config &cfg, const Sample &s, double baseline)
{
	WpJson rec(BENCH);
	rec.str("record", "measurement")
	    .str("test", "T")
	    .str("op", cfg.op == OP_BASELINE ? "baseline"
	                : cfg.c == 0          ? OP_NAMES[cfg.op]
	                : cfg.c == cfg.n      ? "cas"
	                                      : "mix")
	    .str("fao_op", OP_NAMES[cfg.op])
	    .str("mode", MODE_NAMES[cfg.mode])
	    .integer("n", cfg.n)
	    .integer("e", cfg.e)
	    .integer("c", cfg.c)
	    .integer("blocks_per_sm", cfg.blocks_per_sm)
	    .integer("samples", s.samples)
	    .integer("valid_sms", s.valid_sms)
	    .num("median_cycles", s.median)
	    .num("min_cycles", s.minimum);
	if (cfg.op != OP_BASELINE)
		rec.num("baseline_cycles", baseline).num("t_cycles", s.median - baseline);
	rec.boolean("verified", true).emit();
}

static void usage(FILE *to)
{
	std::fprintf(to,
	             "usage: wp_shatomic [options]\n"
	             "Measures T(n,e,c), the cycles for n simultaneous shared-memory atomic\n"
	             "warp-instructions on one SM (e active lanes each, c of them CAS, the others\n"
	             "fetch-and-add with the result used), and the same for the increment whose\n"
	             "result is unused, as in Dong & Pai (GPGPU'25) §3.2. Records: op rmw (c=0),\n"
	             "cas (c=n), mix (0<c<n), unused, baseline (no atomic); t_cycles = median -\n"
	             "baseline. Address modes: same (all lanes of the block on one word; the\n"
	             "table), warp (one word per warp), distinct (one word per lane).\n"
	             "Options:\n"
	             "  --full       every integral n, e and c (long; default: a table grid plus\n"
	             "               c sweeps at a few n and e)\n"
	             "  --max-n N    largest n (default: the resident-warp limit)\n"
	             "%s",
	             WP_COMMON_HELP);
}

int main(int argc, char **argv)
{
	WpCommonOptions common;
	bool full = false;
	long long max_n_opt = 0;
	for (int i = 1; i < argc; ++i) {
		if (wp_arg_is(argv[i], "--help") || wp_arg_is(argv[i], "-h")) {
			usage(stdout);
			return 0;
		}
		if (wp_parse_common(BENCH, argc, argv, &i, &common))
			continue;
		if (wp_arg_is(argv[i], "--full")) {
			full = true;
			continue;
		}
		if (wp_arg_is(argv[i], "--max-n") && i + 1 < argc) {
			max_n_opt = wp_parse_count(BENCH, "--max-n", argv[++i]);
			continue;
		}
		std::fprintf(stderr, "wp_shatomic: unknown option '%s'\n", argv[i]);
		usage(stderr);
		return WP_EXIT_USAGE;
	}
	Context ctx;
	ctx.reps = common.reps > 0 ? common.reps : (common.quick ? 2 : 5);
	ctx.dev = wp_open_device(common.device);
	wp_emit_device(BENCH, ctx.dev);
	wp_emit_observed_clock(BENCH, "start");
	ctx.max_warps = std::min(ctx.dev.max_threads_per_sm / 32, 64);
	if (max_n_opt > 0)
		ctx.max_warps = std::min<int>(ctx.max_warps, static_cast<int>(max_n_opt));
	if (ctx.max_warps > 32) { // the largest n needs two blocks of max_warps/2 warps
		int fit = 0;
		const int half = (ctx.max_warps + 1) / 2;
		WP_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&fit, atomic_kernel, 32 * half, 0));
		if (fit < 2) {
			std::fprintf(stderr, "wp_shatomic: two blocks of %d warps do not fit on one SM; "
			                     "measuring n <= 32 only\n", half);
			ctx.max_warps = 32;
		}
	}
	WP_CHECK(cudaMalloc(&ctx.d_slots, MAX_SM_SLOTS * sizeof(SmSlot)));
	WP_CHECK(cudaMalloc(&ctx.d_records, 2 * ctx.dev.sm_count * sizeof(BlockRecord)));

	// The table grid: at most 32 n values (hw_table's limit), dense where
	// S = T/n changes fastest.
	std::vector<int> n_values, e_values;
	if (full) {
		for (int n = 1; n <= ctx.max_warps; ++n)
			n_values.push_back(n);
	} else if (common.quick) {
		n_values = {1, 2, 4, 8, 16, 32, 64};
	} else {
		for (int n = 1; n <= 16; ++n)
			n_values.push_back(n);
		for (int n = 18; n <= 32; n += 2)
			n_values.push_back(n);
		for (int n = 36; n <= 64; n += 4)
			n_values.push_back(n);
	}
	n_values.erase(std::remove_if(n_values.begin(), n_values.end(),
	                              [&](int n) { return n > ctx.max_warps; }),
	               n_values.end());
	if (common.quick)
		e_values = {1, 2, 8, 16, 32};
	else
		for (int e = 1; e <= 32; ++e)
			e_values.push_back(e);

	// Baselines per (n, e), shared by every op and mode.
	std::vector<std::vector<double>> baseline(65, std::vector<double>(33, 0.0));
	for (int n : n_values)
		for (int e : e_values) {
			Config cfg = make_config(n, e, 0, OP_BASELINE, MODE_SAME);
			Sample s = measure(ctx, cfg);
			baseline[n][e] = s.median;
			emit(cfg, s, 0.0);
		}
	std::fprintf(stderr, "wp_shatomic: baselines done\n");

	auto run = [&](int n, int e, int c, Op op, Mode mode) {
		if (baseline[n][e] == 0.0) {
			Config base = make_config(n, e, 0, OP_BASELINE, MODE_SAME);
			Sample s = measure(ctx, base);
			baseline[n][e] = s.median;
			emit(base, s, 0.0);
		}
		Config cfg = make_config(n, e, c, op, mode);
		emit(cfg, measure(ctx, cfg), baseline[n][e]);
	};

	// The table: same-address mode, c = 0 (rmw), c = n (cas), unused.
	for (int n : n_values)
		for (int e : e_values) {
			run(n, e, 0, OP_RMW, MODE_SAME);
			run(n, e, n, OP_RMW, MODE_SAME);
			run(n, e, 0, OP_UNUSED, MODE_SAME);
			if (full)
				for (int c = 1; c < n; ++c)
					run(n, e, c, OP_RMW, MODE_SAME);
		}
	std::fprintf(stderr, "wp_shatomic: table grid done\n");
	// CAS mixes at a few n and e, to check interpolation in c/n.
	if (!full)
		for (int n : {4, 8, 16, 32, 48, 64}) {
			if (n > ctx.max_warps)
				continue;
			for (int e : common.quick ? std::vector<int>{32} : std::vector<int>{1, 8, 32})
				for (int c = 1; c < n; c += (n > 16 ? n / 16 : 1))
					run(n, e, c, OP_RMW, MODE_SAME);
		}
	// Other address patterns on a coarse n grid.
	for (Mode mode : {MODE_WARP, MODE_DISTINCT})
		for (int n : {1, 2, 4, 8, 16, 32, 64}) {
			if (n > ctx.max_warps)
				continue;
			for (int e : e_values) {
				run(n, e, 0, OP_RMW, mode);
				run(n, e, n, OP_RMW, mode);
				run(n, e, 0, OP_UNUSED, mode);
			}
		}
	wp_emit_observed_clock(BENCH, "end");
	WP_CHECK(cudaFree(ctx.d_slots));
	WP_CHECK(cudaFree(ctx.d_records));
	return 0;
}
