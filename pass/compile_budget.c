/* The compile time the pass's optional work may take: a kernel's part of
 * a share of clang's own time (issue 13: the plugin's time at most 2 % of
 * the compile's), or the budget-ms= the user gave. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include "internal.h"

#include <stdio.h>
#include <time.h>

/* Percent of clang's own time a module's optional work may take by default
 * (compile-share=). */
#define DEFAULT_COMPILE_SHARE 2

/* CPU time of the whole process (clang's, and the pass's since it began). */
double wp_cpu_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return 1e3 * (double)ts.tv_sec + 1e-6 * (double)ts.tv_nsec;
}

/* budget-ms= where given (and no compile-share=); else the kernel's part of
 * compile-share percent (2 by default) of the CPU time clang had spent when
 * the pass began (front end and optimisation: a lower bound on the whole
 * compile), less what the pass has spent since, shared by the kernels left,
 * and at most the default budget. */
optional_budget wp_kernel_budget(const wp_config *cfg, double default_ms, double clang_ms,
	double spent_ms, int kernels_left)
{
	optional_budget ob = {cfg->budget_ms > 0 ? cfg->budget_ms : default_ms, -1};
	if (cfg->budget_ms > 0 && cfg->compile_share < 0)
		return ob;
	ob.share = cfg->compile_share >= 0 ? cfg->compile_share : DEFAULT_COMPILE_SHARE;
	double left = (ob.share / 100.0 * clang_ms - spent_ms) / (kernels_left > 0 ? kernels_left : 1);
	ob.ms = left < 0 ? 0 : left < ob.ms ? left : ob.ms;
	return ob;
}

/* The budget in a remark's words. */
void wp_budget_words(const optional_budget *ob, char *buf, size_t size)
{
	if (ob->share >= 0)
		snprintf(buf, size, "the %.1f ms this kernel has of %d %% of clang's time (compile-share=)",
			ob->ms, ob->share);
	else
		snprintf(buf, size, "the %.0f ms budget (budget-ms=)", ob->ms);
}
