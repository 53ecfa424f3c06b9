/* Register reuse across the points of a folded thread (paper 000 §5.4):
 * in a fully unrolled loop ("unrolled": true in the kernel model), a load
 * whose address an earlier iteration of the same thread already loaded is
 * served from a register and costs no L1 request. */
#ifndef WARPEST_FOLD_REUSE_H
#define WARPEST_FOLD_REUSE_H

#include "cache/block_eval.h"
#include "launch/launch.h"

/* The share of each access's warp-instructions that still reach L1, one
 * per bound access into `keep` (1: all). An affine load at iteration t of
 * an unrolled loop with constant trip count T is served from a register
 * when another affine load of the same field, with the same coefficients
 * and loops, loaded the same address d iterations earlier (d in 1..t):
 * its offset differs by exactly d times the loop's stride. Iterations
 * t >= d_min reuse, so keep = d_min / T. Guards are not compared (a point
 * the guard drops keeps nothing in registers; folded kernels guard the
 * whole point, which changes only the last point of the domain). */
void fold_reuse_keep(const launch *l, double *keep);

/* Scales the L1 statistics of a freshly evaluated class by `keep` and
 * takes the requests no longer made out of its requested load sectors. */
void fold_reuse_apply(const launch *l, const double *keep, block_class *cls);

#endif
