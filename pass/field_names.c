/* Field names as the user wrote them and as the core can keep them: a
 * local static's mangled name read back to the name in the source, and any
 * name cut to the core's 63 bytes with a hash that keeps it apart. */
#include "kernel_ctx.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* Longest field name the pass writes (the core's km_field holds 63 bytes;
 * room for a "_<n>" that tells equal names apart). */
#define FIELD_NAME_MAX 56

char *wp_global_name(K *k, LLVMValueRef g)
{
	size_t len;
	const char *n = LLVMGetValueName2(g, &len);
	/* local statics are mangled _ZZ<function>E<len><name>[_<n>], the
	 * function with its parameter types (and L for internal linkage), and
	 * LLVM may add .N to the parts of a split global: the name is the last
	 * E<len><name> that reaches the end or such a suffix, the suffix kept
	 * (the parts must stay apart) */
	if (len > 4 && strncmp(n, "_ZZ", 3) == 0) {
		for (size_t i = len - 1; i > 3; i--) {
			if (n[i] != 'E' || !isdigit((unsigned char)n[i + 1]))
				continue;
			char *end;
			long vl = strtol(n + i + 1, &end, 10);
			size_t at = (size_t)(end - n), stop = at + (size_t)vl;
			if (vl <= 0 || stop > len)
				continue;
			const char *rest = n + stop;
			size_t rl = len - stop;
			int suffix_ok = rl == 0 || rest[0] == '.';
			if (!suffix_ok && rest[0] == '_') { /* a discriminator _<n> or __<n>_ */
				suffix_ok = 1;
				for (size_t j = 1; j < rl; j++)
					suffix_ok &= isdigit((unsigned char)rest[j]) || rest[j] == '_' || rest[j] == '.';
			}
			if (suffix_ok)
				return wp_printf(k->ar, "%.*s%.*s", (int)vl, n + at, rest[0] == '.' ? (int)rl : 0,
					rest);
		}
	}
	return wp_printf(k->ar, "%.*s", (int)len, n);
}

char *wp_field_name_fit(K *k, char *name)
{
	size_t nl = strlen(name);
	if (nl <= FIELD_NAME_MAX)
		return name;
	uint32_t h = 2166136261u;
	for (size_t i = 0; i < nl; i++)
		h = (h ^ (unsigned char)name[i]) * 16777619u;
	return wp_printf(k->ar, "%.*s_%08x", FIELD_NAME_MAX - 9, name, (unsigned)h);
}
