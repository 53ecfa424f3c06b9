/* warpest.h — annotations for CUDA kernels analysed by the warpest pass plugin.
 *
 *   #include "warpest.h"
 *   extern "C" __global__ WARPEST_LAUNCH(32, 4, 2, "nx=640;ny=512")
 *   void stencil(const double *src, double *dst, int nx, int ny) { ... }
 *
 * WARPEST_LAUNCH(bx, by, bz, "settings") records the block shape and the
 * parameter values (name=value, ';'-separated) of the launch the estimate is
 * for. The settings string may also hold `grid=GXxGYxGZ` (an explicit grid;
 * otherwise the grid is derived from the threads the kernel needs),
 * `gpu=ID` and `registers=N`. The macro expands to
 * __attribute__((annotate("warpest:block=BXxBYxBZ;settings"))), which clang
 * keeps in the device module's llvm.global.annotations; it has no effect on
 * the generated code. WARPEST_CONFIG (environment) and pass parameters
 * override what the annotation says.
 */
#ifndef WARPEST_USER_H
#define WARPEST_USER_H

#define WARPEST_STR_(x) #x
#define WARPEST_STR(x) WARPEST_STR_(x)

#if defined(__clang__)
#define WARPEST_LAUNCH(bx, by, bz, settings)                                      \
	__attribute__((annotate("warpest:block=" WARPEST_STR(bx) "x" WARPEST_STR(by) "x" \
		WARPEST_STR(bz) ";" settings)))
#define WARPEST_NOTE(settings) __attribute__((annotate("warpest:" settings)))
#else
/* nvcc: the annotation is clang-only; the macro vanishes. */
#define WARPEST_LAUNCH(bx, by, bz, settings)
#define WARPEST_NOTE(settings)
#endif

#endif
