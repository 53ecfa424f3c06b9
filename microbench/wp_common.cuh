// Shared helpers of the warpest micro-benchmarks (wp_*.cu).
//
// Every program follows the same rules:
//   * every CUDA call is checked (WP_CHECK); a failing call ends the program
//     with exit status 2 and a message on stderr;
//   * every measured kernel checks its own result; a wrong result ends the
//     program with exit status 3 before any number of that kind is printed;
//   * data is never zero-filled: inputs get a non-trivial pattern so that a
//     kernel that reads nothing, or writes nothing, is caught by its checksum;
//   * results go to stdout as one JSON object per line ("JSON lines"), the
//     form scripts/microbench_driver.py parses; human-readable progress goes
//     to stderr.
#ifndef WP_COMMON_CUH
#define WP_COMMON_CUH

#include <cuda_runtime.h>

#include <algorithm>
#include <cerrno>
#include <cinttypes>
#include <cmath>
#include <cstdarg>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#define WP_EXIT_CUDA_ERROR 2
#define WP_EXIT_WRONG_RESULT 3
#define WP_EXIT_USAGE 64

// Checks a CUDA runtime call; on failure names the call and where it was.
#define WP_CHECK(call)                                                        \
	do {                                                                      \
		cudaError_t wp_err_ = (call);                                         \
		if (wp_err_ != cudaSuccess) {                                         \
			std::fprintf(stderr, "%s:%d: CUDA error in %s: %s (%s)\n",        \
			             __FILE__, __LINE__, #call,                           \
			             cudaGetErrorString(wp_err_),                         \
			             cudaGetErrorName(wp_err_));                          \
			std::exit(WP_EXIT_CUDA_ERROR);                                    \
		}                                                                     \
	} while (0)

// Checks the launch of the kernel just started (bad configuration errors are
// only reported by cudaGetLastError).
#define WP_CHECK_LAUNCH() WP_CHECK(cudaGetLastError())

// A result check failed: say what and stop, so no wrong number is printed.
static inline void wp_fail_result(const char *bench, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	std::fprintf(stderr, "%s: RESULT CHECK FAILED: ", bench);
	std::vfprintf(stderr, fmt, ap);
	std::fprintf(stderr, "\n");
	va_end(ap);
	std::exit(WP_EXIT_WRONG_RESULT);
}

// ---------------------------------------------------------------- JSON lines

// Builds one JSON object and prints it as one line on stdout. Only the value
// kinds the benchmarks need: strings (no control characters expected, but
// quotes and backslashes are escaped), integers, doubles, and number arrays.
class WpJson {
public:
	explicit WpJson(const char *bench) { str("bench", bench); }

	WpJson &str(const char *key, const std::string &value)
	{
		start_key(key);
		text_ += '"';
		for (char ch : value) {
			if (ch == '"' || ch == '\\')
				text_ += '\\';
			if (static_cast<unsigned char>(ch) < 0x20)
				ch = ' ';
			text_ += ch;
		}
		text_ += '"';
		return *this;
	}
	WpJson &integer(const char *key, long long value)
	{
		start_key(key);
		text_ += std::to_string(value);
		return *this;
	}
	WpJson &num(const char *key, double value)
	{
		start_key(key);
		append_double(value);
		return *this;
	}
	WpJson &boolean(const char *key, bool value)
	{
		start_key(key);
		text_ += value ? "true" : "false";
		return *this;
	}
	WpJson &nums(const char *key, const std::vector<double> &values)
	{
		start_key(key);
		text_ += '[';
		for (size_t i = 0; i < values.size(); ++i) {
			if (i)
				text_ += ',';
			append_double(values[i]);
		}
		text_ += ']';
		return *this;
	}
	void emit()
	{
		std::printf("{%s}\n", text_.c_str());
		std::fflush(stdout);
	}

private:
	void start_key(const char *key)
	{
		if (!text_.empty())
			text_ += ',';
		text_ += '"';
		text_ += key;
		text_ += "\":";
	}
	void append_double(double value)
	{
		// JSON has no NaN or infinity; a benchmark never reports them as
		// numbers (null makes the driver reject the record).
		if (!std::isfinite(value)) {
			text_ += "null";
			return;
		}
		char buf[64];
		std::snprintf(buf, sizeof buf, "%.9g", value);
		text_ += buf;
	}
	std::string text_;
};

// ------------------------------------------------------------- command line

// The options every program shares. Program-specific options are parsed by
// the program; wp_parse_common consumes the shared ones.
struct WpCommonOptions {
	int device = 0;
	int reps = 0;       // 0: the program's default
	bool quick = false; // fewer points, for a smoke test
};

static inline bool wp_arg_is(const char *arg, const char *name)
{
	return std::strcmp(arg, name) == 0;
}

// Parses a non-negative integer option value; exits with a usage error on
// anything else.
static inline long long wp_parse_count(const char *bench, const char *opt, const char *text)
{
	char *end = nullptr;
	errno = 0;
	long long value = std::strtoll(text, &end, 10);
	if (errno || !end || *end || value < 0) {
		std::fprintf(stderr, "%s: %s needs a non-negative integer, got '%s'\n", bench, opt, text);
		std::exit(WP_EXIT_USAGE);
	}
	return value;
}

// Handles --device/--reps/--quick at argv[*i]; returns true if consumed.
static inline bool wp_parse_common(const char *bench, int argc, char **argv, int *i,
                                   WpCommonOptions *opt)
{
	const char *arg = argv[*i];
	if (wp_arg_is(arg, "--quick")) {
		opt->quick = true;
		return true;
	}
	if (wp_arg_is(arg, "--device") || wp_arg_is(arg, "--reps")) {
		if (*i + 1 >= argc) {
			std::fprintf(stderr, "%s: %s needs a value\n", bench, arg);
			std::exit(WP_EXIT_USAGE);
		}
		long long value = wp_parse_count(bench, arg, argv[++*i]);
		if (wp_arg_is(arg, "--device"))
			opt->device = static_cast<int>(value);
		else
			opt->reps = static_cast<int>(value);
		return true;
	}
	return false;
}

static const char *const WP_COMMON_HELP =
    "Common options:\n"
    "  --device N   CUDA device ordinal (default 0)\n"
    "  --reps N     timed repetitions per point; the median is reported\n"
    "  --quick      fewer points (smoke test, not for tables)\n"
    "  --help       this text (needs no GPU)\n"
    "Output: one JSON object per line on stdout; progress on stderr.\n"
    "Exit status: 0 ok, 2 CUDA error, 3 a result check failed, 64 usage.\n";

// ------------------------------------------------------------ device record

// What the tables' provenance needs about the device; also used to size the
// experiments (SM count, shared memory per SM, resident-thread limit).
struct WpDevice {
	int ordinal = 0;
	cudaDeviceProp prop{};
	int sm_count = 0;
	int clock_khz = 0;     // peak SM clock, from the attribute
	int mem_clock_khz = 0; // peak memory clock
	int max_threads_per_sm = 0;
	int max_blocks_per_sm = 0;
	int smem_per_sm = 0;      // bytes usable by blocks of one SM
	int smem_per_block_optin = 0;
	int smem_reserved_per_block = 0;
	int driver_version = 0;
	int runtime_version = 0;
};

static inline WpDevice wp_open_device(int ordinal)
{
	WpDevice dev;
	dev.ordinal = ordinal;
	WP_CHECK(cudaSetDevice(ordinal));
	WP_CHECK(cudaGetDeviceProperties(&dev.prop, ordinal));
	WP_CHECK(cudaDeviceGetAttribute(&dev.sm_count, cudaDevAttrMultiProcessorCount, ordinal));
	WP_CHECK(cudaDeviceGetAttribute(&dev.clock_khz, cudaDevAttrClockRate, ordinal));
	WP_CHECK(cudaDeviceGetAttribute(&dev.mem_clock_khz, cudaDevAttrMemoryClockRate, ordinal));
	WP_CHECK(cudaDeviceGetAttribute(&dev.max_threads_per_sm,
	                                cudaDevAttrMaxThreadsPerMultiProcessor, ordinal));
	WP_CHECK(cudaDeviceGetAttribute(&dev.max_blocks_per_sm,
	                                cudaDevAttrMaxBlocksPerMultiprocessor, ordinal));
	WP_CHECK(cudaDeviceGetAttribute(&dev.smem_per_sm,
	                                cudaDevAttrMaxSharedMemoryPerMultiprocessor, ordinal));
	WP_CHECK(cudaDeviceGetAttribute(&dev.smem_per_block_optin,
	                                cudaDevAttrMaxSharedMemoryPerBlockOptin, ordinal));
	WP_CHECK(cudaDeviceGetAttribute(&dev.smem_reserved_per_block,
	                                cudaDevAttrReservedSharedMemoryPerBlock, ordinal));
	WP_CHECK(cudaDriverGetVersion(&dev.driver_version));
	WP_CHECK(cudaRuntimeGetVersion(&dev.runtime_version));
	return dev;
}

// CUDA versions are encoded as 1000*major + 10*minor.
static inline std::string wp_cuda_version_text(int version)
{
	return std::to_string(version / 1000) + "." + std::to_string((version % 1000) / 10);
}

static inline void wp_emit_device(const char *bench, const WpDevice &dev)
{
	WpJson(bench)
	    .str("record", "device")
	    .str("name", dev.prop.name)
	    .integer("ordinal", dev.ordinal)
	    .str("compute_capability",
	         std::to_string(dev.prop.major) + "." + std::to_string(dev.prop.minor))
	    .integer("sm_count", dev.sm_count)
	    .integer("clock_khz", dev.clock_khz)
	    .integer("mem_clock_khz", dev.mem_clock_khz)
	    .integer("memory_bus_bits", dev.prop.memoryBusWidth)
	    .integer("global_mem_bytes", static_cast<long long>(dev.prop.totalGlobalMem))
	    .integer("l2_bytes", dev.prop.l2CacheSize)
	    .integer("max_threads_per_sm", dev.max_threads_per_sm)
	    .integer("max_blocks_per_sm", dev.max_blocks_per_sm)
	    .integer("smem_per_sm", dev.smem_per_sm)
	    .integer("smem_per_block_optin", dev.smem_per_block_optin)
	    .integer("smem_reserved_per_block", dev.smem_reserved_per_block)
	    .integer("regs_per_sm", dev.prop.regsPerMultiprocessor)
	    .str("driver_cuda_version", wp_cuda_version_text(dev.driver_version))
	    .str("runtime_cuda_version", wp_cuda_version_text(dev.runtime_version))
	    .emit();
}

// ------------------------------------------------------------ device helpers

static __device__ __forceinline__ unsigned wp_smid()
{
	unsigned id;
	asm volatile("mov.u32 %0, %%smid;" : "=r"(id));
	return id;
}

static __device__ __forceinline__ unsigned long long wp_globaltimer_ns()
{
	unsigned long long t;
	asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
	return t;
}

// The observed SM clock: one thread spins for about spin_ns nanoseconds of
// the global timer and counts SM cycles meanwhile. out[0] = cycles,
// out[1] = nanoseconds.
static __global__ void wp_clock_probe_kernel(unsigned long long spin_ns, unsigned long long *out)
{
	unsigned long long t0 = wp_globaltimer_ns();
	long long c0 = clock64();
	unsigned long long t1 = t0;
	while (t1 - t0 < spin_ns)
		t1 = wp_globaltimer_ns();
	long long c1 = clock64();
	out[0] = static_cast<unsigned long long>(c1 - c0);
	out[1] = t1 - t0;
}

// Measures and prints the SM clock seen now ("when" says at which point of
// the run, e.g. "start" or "end"); returns MHz.
static inline double wp_emit_observed_clock(const char *bench, const char *when)
{
	unsigned long long *d_out = nullptr;
	unsigned long long h_out[2] = {0, 0};
	WP_CHECK(cudaMalloc(&d_out, sizeof h_out));
	wp_clock_probe_kernel<<<1, 1>>>(20ull * 1000 * 1000, d_out);
	WP_CHECK_LAUNCH();
	WP_CHECK(cudaMemcpy(h_out, d_out, sizeof h_out, cudaMemcpyDeviceToHost));
	WP_CHECK(cudaFree(d_out));
	if (h_out[0] == 0 || h_out[1] == 0)
		wp_fail_result(bench, "clock probe returned zero cycles or time");
	double mhz = static_cast<double>(h_out[0]) / static_cast<double>(h_out[1]) * 1e3;
	WpJson(bench).str("record", "clock").str("when", when).num("sm_clock_mhz", mhz).emit();
	return mhz;
}

// ------------------------------------------------------------------ timing

static inline double wp_median(std::vector<double> values)
{
	if (values.empty())
		return NAN;
	std::sort(values.begin(), values.end());
	size_t mid = values.size() / 2;
	return values.size() % 2 ? values[mid] : 0.5 * (values[mid - 1] + values[mid]);
}

// Runs launch() once untimed (warm-up: first-touch, caches, clocks), then
// reps times, each timed with its own pair of CUDA events; returns the
// per-repetition times in milliseconds.
template <typename Launch>
static std::vector<double> wp_time_ms(int reps, Launch launch)
{
	cudaEvent_t start, stop;
	WP_CHECK(cudaEventCreate(&start));
	WP_CHECK(cudaEventCreate(&stop));
	launch();
	WP_CHECK_LAUNCH();
	WP_CHECK(cudaDeviceSynchronize());
	std::vector<double> times;
	for (int r = 0; r < reps; ++r) {
		WP_CHECK(cudaEventRecord(start));
		launch();
		WP_CHECK_LAUNCH();
		WP_CHECK(cudaEventRecord(stop));
		WP_CHECK(cudaEventSynchronize(stop));
		float ms = 0.0f;
		WP_CHECK(cudaEventElapsedTime(&ms, start, stop));
		times.push_back(ms);
	}
	WP_CHECK(cudaEventDestroy(start));
	WP_CHECK(cudaEventDestroy(stop));
	return times;
}

// ---------------------------------------------------------------- patterns

// The integer pattern of element i of a buffer: a cheap hash, never all
// zero, so sums over any range are non-trivial. Used on host and device.
static __host__ __device__ __forceinline__ uint32_t wp_pattern_u32(uint64_t i, uint32_t seed)
{
	uint32_t x = static_cast<uint32_t>(i) * 2654435761u ^ static_cast<uint32_t>(i >> 32) ^ seed;
	x ^= x >> 15;
	x *= 2246822519u;
	x ^= x >> 13;
	return x | 1u; // odd: never zero
}

static __global__ void wp_fill_u32_kernel(uint32_t *data, size_t count, uint32_t seed)
{
	for (size_t i = blockIdx.x * static_cast<size_t>(blockDim.x) + threadIdx.x; i < count;
	     i += static_cast<size_t>(gridDim.x) * blockDim.x)
		data[i] = wp_pattern_u32(i, seed);
}

static inline void wp_fill_u32(uint32_t *data, size_t count, uint32_t seed)
{
	wp_fill_u32_kernel<<<1024, 256>>>(data, count, seed);
	WP_CHECK_LAUNCH();
	WP_CHECK(cudaDeviceSynchronize());
}

// Wrapping 32-bit sum of a block's per-thread values; every thread gets the
// result. Integer wrap-around makes the sum independent of order, so host
// and device agree exactly.
static __device__ __forceinline__ uint32_t wp_block_sum_u32(uint32_t value)
{
	__shared__ uint32_t warp_sums[32];
	for (int offset = 16; offset > 0; offset /= 2)
		value += __shfl_down_sync(0xffffffffu, value, offset);
	unsigned lane = threadIdx.x % 32, warp = threadIdx.x / 32;
	__syncthreads(); // warp_sums may still be read from a previous call
	if (lane == 0)
		warp_sums[warp] = value;
	__syncthreads();
	uint32_t total = 0;
	for (unsigned w = 0; w < (blockDim.x + 31) / 32; ++w)
		total += warp_sums[w];
	return total;
}

#endif
