// Shared parts of the validation launchers: command line, allocation,
// initialisation with non-zero pseudo-random data, error checks.
//
// A launcher runs one example kernel under one or more launch configurations
// so that `ncu` can measure it. Either one configuration on the command line
//   launch_<kernel> --variant none|2y|2z --block X Y Z --domain NX NY NZ
// or many from a file (one "variant bx by bz nx ny nz" per line), launched in
// file order so that ncu's launch IDs follow the file:
//   launch_<kernel> --points FILE
// `--repeat R` launches each configuration R times (ncu then reports R
// results per configuration; the scripts take the median).
#pragma once

#include <cuda_runtime.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#define WL_CHECK(call)                                                              \
	do {                                                                            \
		cudaError_t wl_err_ = (call);                                               \
		if (wl_err_ != cudaSuccess) {                                               \
			std::fprintf(stderr, "launcher: %s:%d: %s: %s\n", __FILE__, __LINE__,   \
			             #call, cudaGetErrorString(wl_err_));                       \
			std::exit(2);                                                           \
		}                                                                           \
	} while (0)

struct wl_config {
	std::string variant = "none";
	unsigned block[3] = {32, 8, 1};
	long domain[3] = {0, 0, 0};
};

struct wl_options {
	std::vector<wl_config> configs;
	int repeat = 1;
};

[[noreturn]] static void wl_usage(const char *prog, const char *msg)
{
	std::fprintf(stderr,
	             "launcher: %s\nusage: %s --variant V --block X Y Z --domain NX NY NZ [--repeat R]\n"
	             "       %s --points FILE [--repeat R]\n",
	             msg, prog, prog);
	std::exit(1);
}

static wl_options wl_parse(int argc, char **argv, const long default_domain[3])
{
	wl_options opt;
	wl_config one;
	for (int d = 0; d < 3; ++d)
		one.domain[d] = default_domain[d];
	const char *points_file = nullptr;
	for (int i = 1; i < argc; ++i) {
		std::string a = argv[i];
		auto need = [&](int n) {
			if (i + n >= argc)
				wl_usage(argv[0], ("missing value after " + a).c_str());
		};
		if (a == "--variant") {
			need(1);
			one.variant = argv[++i];
		} else if (a == "--block") {
			need(3);
			for (int d = 0; d < 3; ++d)
				one.block[d] = (unsigned)std::strtoul(argv[++i], nullptr, 10);
		} else if (a == "--domain") {
			need(3);
			for (int d = 0; d < 3; ++d)
				one.domain[d] = std::strtol(argv[++i], nullptr, 10);
		} else if (a == "--points") {
			need(1);
			points_file = argv[++i];
		} else if (a == "--repeat") {
			need(1);
			opt.repeat = std::atoi(argv[++i]);
		} else {
			wl_usage(argv[0], ("unknown argument " + a).c_str());
		}
	}
	if (points_file) {
		FILE *f = std::fopen(points_file, "r");
		if (!f)
			wl_usage(argv[0], "cannot open the points file");
		char variant[64];
		wl_config c;
		while (std::fscanf(f, "%63s %u %u %u %ld %ld %ld", variant, &c.block[0], &c.block[1],
		                   &c.block[2], &c.domain[0], &c.domain[1], &c.domain[2]) == 7) {
			c.variant = variant;
			opt.configs.push_back(c);
		}
		std::fclose(f);
		if (opt.configs.empty())
			wl_usage(argv[0], "the points file holds no configuration");
	} else {
		opt.configs.push_back(one);
	}
	if (opt.repeat < 1)
		wl_usage(argv[0], "--repeat must be at least 1");
	for (const wl_config &c : opt.configs) {
		unsigned threads = c.block[0] * c.block[1] * c.block[2];
		if (threads == 0 || threads > 1024 || c.block[2] > 64)
			wl_usage(argv[0], "block shape outside CUDA's limits");
	}
	return opt;
}

// Deterministic hash -> double in [0.5, 1.5): non-zero, not constant, so that
// no arithmetic shortcut or compression can make the measurement easier.
__global__ void wl_fill_random(double *p, size_t n, uint64_t seed)
{
	for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n;
	     i += (size_t)gridDim.x * blockDim.x) {
		uint64_t z = i + seed * 0x9E3779B97F4A7C15ull;
		z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
		z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
		z ^= z >> 31;
		p[i] = 0.5 + (double)(z >> 11) * (1.0 / 9007199254740992.0);
	}
}

static double *wl_alloc_random(size_t n, uint64_t seed)
{
	double *p = nullptr;
	WL_CHECK(cudaMalloc(&p, n * sizeof(double)));
	wl_fill_random<<<1024, 256>>>(p, n, seed);
	WL_CHECK(cudaGetLastError());
	WL_CHECK(cudaDeviceSynchronize());
	return p;
}

static unsigned wl_ceil_div(long a, long b)
{
	return a <= 0 ? 0u : (unsigned)((a + b - 1) / b);
}

// Checks the launch and the kernel's completion; a failing configuration
// stops the run (ncu would otherwise report metrics of a kernel that did not
// do its work).
static void wl_check_launch(const wl_config &c, dim3 grid)
{
	cudaError_t err = cudaGetLastError();
	if (err == cudaSuccess)
		err = cudaDeviceSynchronize();
	if (err != cudaSuccess) {
		std::fprintf(stderr,
		             "launcher: variant %s block %u %u %u grid %u %u %u domain %ld %ld %ld: %s\n",
		             c.variant.c_str(), c.block[0], c.block[1], c.block[2], grid.x, grid.y, grid.z,
		             c.domain[0], c.domain[1], c.domain[2], cudaGetErrorString(err));
		std::exit(3);
	}
}

// The centre point of a domain-shaped array of doubles: every example
// kernel writes it, so clearing it before a configuration and reading it
// after shows that the kernel did its work.
static double *wl_centre(double *p, const wl_config &c)
{
	size_t nx = c.domain[0], ny = c.domain[1], nz = c.domain[2];
	return p + ((nz / 2) * ny + ny / 2) * nx + nx / 2;
}

static void wl_clear_centre(double *p, const wl_config &c)
{
	WL_CHECK(cudaMemset(wl_centre(p, c), 0, sizeof(double)));
}

// After a configuration: the centre point must hold a finite, non-zero value
// (random inputs in [0.5, 1.5) make an exact 0 practically impossible);
// exits with status 4 otherwise, else prints the configuration as launched.
static void wl_finish_config(double *p, const wl_config &c, dim3 block, dim3 grid)
{
	double centre = 0.0;
	WL_CHECK(cudaMemcpy(&centre, wl_centre(p, c), sizeof centre, cudaMemcpyDeviceToHost));
	if (!(centre == centre) || centre == 0.0) {
		std::fprintf(stderr, "launcher: suspicious result %g at the centre\n", centre);
		std::exit(4);
	}
	std::printf("launcher: ok %s block %u %u %u grid %u %u %u domain %ld %ld %ld\n",
	            c.variant.c_str(), block.x, block.y, block.z, grid.x, grid.y, grid.z, c.domain[0],
	            c.domain[1], c.domain[2]);
}

// Points of the largest domain among the configurations, each of which must
// extend more than 2 * halo points in every dimension (else a usage error).
static size_t wl_max_points(const wl_options &opt, long halo, const char *prog)
{
	size_t max_points = 0;
	for (const wl_config &c : opt.configs) {
		if (c.domain[0] <= 2 * halo || c.domain[1] <= 2 * halo || c.domain[2] <= 2 * halo)
			wl_usage(prog, "domain too small for the kernel's halo");
		size_t n = (size_t)c.domain[0] * c.domain[1] * c.domain[2];
		if (n > max_points)
			max_points = n;
	}
	return max_points;
}
