/* The ranking's order (warpest.h, "A ranking is ordered best first by"):
 * the key its volume tie-breaks compare. */
#ifndef WARPEST_RANK_ORDER_H
#define WARPEST_RANK_ORDER_H

/* bytes to 3 significant digits (0 for none): volumes that differ by less
 * than the model can tell apart tie, so that the next key decides. */
double rank_volume_key(double bytes);

#endif
