/* The lookups the model makes in a hardware table: piecewise-linear curves
 * and Gompertz hit rates. */
#include "hardware/hw_table.h"

#include <math.h>

/* Piecewise linear through the points, constant beyond the first and last;
 * NaN for an empty curve so that a caller who forgot to check n notices. */
double hw_curve_eval(const hw_curve *curve, double x)
{
	if (!curve || curve->n <= 0)
		return NAN;
	int last = curve->n - 1;
	if (x <= curve->x[0])
		return curve->y[0];
	if (x >= curve->x[last])
		return curve->y[last];
	int i = 1;
	while (curve->x[i] < x)
		i++;
	double t = (x - curve->x[i - 1]) / (curve->x[i] - curve->x[i - 1]);
	return curve->y[i - 1] + t * (curve->y[i] - curve->y[i - 1]);
}

/* The published constants fit the capacity miss rate, which rises with
 * oversubscription; the hit rate is its complement. */
double hw_gompertz_hit(const hw_gompertz *g, double oversubscription)
{
	double o = oversubscription > 0 ? oversubscription : 0;
	double miss = g->a * exp(-g->b * exp(-g->c * o));
	double hit = 1.0 - miss;
	return hit < 0 ? 0 : (hit > 1 ? 1 : hit);
}
