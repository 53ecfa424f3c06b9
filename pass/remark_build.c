/* Building the pass's remarks: text pieces and named arguments, the
 * kernel prefix "K (sm_90[, gpu]): ", CUDA's words for PTX's special
 * registers, JSON lookups into the core's report, function metadata. Used by
 * remarks.c and advice.c. */
#include "internal.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* ---------- building remarks ---------- */
void wp_rtext(wp_remark *r, const char *fmt, ...)
{
	char buf[2048];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	warpest_remark_text(r, buf);
}

void wp_rarg(wp_remark *r, const char *key, const char *fmt, ...)
{
	char buf[2048];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	warpest_remark_arg(r, key, buf);
}

/* Starts a kernel-level remark with "Kernel (arch): " or, with a gpu,
 * "Kernel (arch, gpu): ". */
wp_remark *wp_kernel_remark(const wp_kernel_names *kn, const char *name, const char *gpu)
{
	wp_remark *r = warpest_remark_new("warpest", name);
	warpest_remark_arg(r, "Kernel", kn->display);
	wp_rtext(r, " (");
	warpest_remark_arg(r, "Arch", kn->arch);
	if (gpu) {
		wp_rtext(r, ", ");
		warpest_remark_arg(r, "GPU", gpu);
	}
	wp_rtext(r, "): ");
	return r;
}

void wp_kernel_note(LLVMValueRef fn, const wp_kernel_names *kn, const char *name, const char *fmt, ...)
{
	char buf[4096];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	wp_remark *r = wp_kernel_remark(kn, name, NULL);
	warpest_remark_text(r, buf);
	warpest_remark_emit(fn, NULL, r);
}

/* ---------- CUDA's words ---------- */
static int ident_char(char c)
{
	return isalnum((unsigned char)c) || c == '_';
}

void wp_cuda_words(const char *in, char *out, size_t len)
{
	static const char *const ptx[] = {"nctaid.", "ctaid.", "ntid.", "tid."};
	static const char *const cuda[] = {"gridDim.", "blockIdx.", "blockDim.", "threadIdx."};
	size_t n = 0;
	for (const char *p = in; *p && n + 1 < len;) {
		int done = 0;
		if (p == in || !ident_char(p[-1]))
			for (int i = 0; i < 4 && !done; i++) {
				size_t l = strlen(ptx[i]);
				if (strncmp(p, ptx[i], l) == 0 && (p[l] == 'x' || p[l] == 'y' || p[l] == 'z') &&
				    !ident_char(p[l + 1])) {
					n += (size_t)snprintf(out + n, len - n, "%s", cuda[i]);
					if (n >= len)
						n = len - 1;
					p += l;
					done = 1;
				}
			}
		if (!done)
			out[n++] = *p++;
	}
	out[n < len ? n : len - 1] = 0;
}

/* ---------- report access ---------- */
double wp_jd(json_object *o, const char *key, double dflt)
{
	json_object *v;
	return o && json_object_object_get_ex(o, key, &v) ? json_object_get_double(v) : dflt;
}

const char *wp_js(json_object *o, const char *key, const char *dflt)
{
	json_object *v;
	return o && json_object_object_get_ex(o, key, &v) && json_object_is_type(v, json_type_string)
	           ? json_object_get_string(v)
	           : dflt;
}

json_object *wp_jarr(json_object *o, const char *key)
{
	json_object *v;
	return o && json_object_object_get_ex(o, key, &v) && json_object_is_type(v, json_type_array) ? v : NULL;
}

void wp_set_fn_md(LLVMValueRef fn, const char *kind, LLVMMetadataRef md)
{
	LLVMContextRef ctx = LLVMGetModuleContext(LLVMGetGlobalParent(fn));
	unsigned id = LLVMGetMDKindIDInContext(ctx, kind, (unsigned)strlen(kind));
	LLVMGlobalSetMetadata(fn, id, LLVMMDNodeInContext2(ctx, &md, 1));
}
