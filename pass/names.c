/* Names as the user wrote them.
 *
 * Source names of kernel parameters when the IR has none: on the device side
 * of an optimised CUDA compile clang discards value names and reduces -g to
 * line directives (no DILocalVariable), but the kernel's DISubprogram still
 * says where the kernel is declared. The declaration's parameter list is read
 * from that file: the kernel's name followed by "(", up to the matching ")",
 * split at top-level commas; each parameter's name is its last identifier
 * (default values and array bounds removed). The result is used only when the
 * number of parameters equals the IR's. With no debug location at all the
 * module's source file is searched for the kernel's `__global__`
 * declarations instead; they must agree on every name they give.
 *
 * Also: the `argN` legend (position and type of each unnamed parameter). */
#include "internal.h"

#include <ctype.h>
#include <llvm-c/DebugInfo.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_SOURCE_BYTES (16 << 20)
#define SEARCH_LINES 64

static int ident(char c)
{
	return isalnum((unsigned char)c) || c == '_';
}

/* The text of lines [line, line + lines) of path (to its end when lines is
 * 0), comments and string literals blanked. malloc'd, NULL when unreadable. */
static char *read_window(const char *path, unsigned line, unsigned lines)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	size_t cap = 1 << 16, n = 0;
	char *buf = malloc(cap);
	unsigned cur = 1;
	int c;
	while (buf && (c = fgetc(f)) != EOF && n < MAX_SOURCE_BYTES) {
		if (lines && cur >= line + lines)
			break;
		if (cur >= line) {
			if (n + 2 > cap) {
				char *nb = realloc(buf, cap *= 2);
				if (!nb) {
					free(buf);
					buf = NULL;
					break;
				}
				buf = nb;
			}
			buf[n++] = (char)c;
		}
		if (c == '\n')
			cur++;
	}
	fclose(f);
	if (!buf)
		return NULL;
	buf[n] = 0;
	/* blank comments and literals (a line's comment may hold a parenthesis) */
	for (size_t i = 0; i < n; i++) {
		if (buf[i] == '/' && buf[i + 1] == '/') {
			while (i < n && buf[i] != '\n')
				buf[i++] = ' ';
		} else if (buf[i] == '/' && buf[i + 1] == '*') {
			buf[i] = buf[i + 1] = ' ';
			for (i += 2; i < n && !(buf[i] == '*' && buf[i + 1] == '/'); i++)
				if (buf[i] != '\n')
					buf[i] = ' ';
			if (i < n)
				buf[i] = buf[i + 1] = ' ';
			i++;
		} else if (buf[i] == '"' || buf[i] == '\'') {
			char q = buf[i];
			for (i++; i < n && buf[i] != q && buf[i] != '\n'; i++)
				buf[i] = buf[i] == '\\' && i + 1 < n ? (buf[i + 1] = ' ', ' ') : ' ';
		}
	}
	return buf;
}

static const char *const not_names[] = {"void", "bool", "char", "short", "int", "long", "float", "double",
	"signed", "unsigned", "const", "volatile", "restrict", "__restrict__", "__restrict", "size_t",
	"__grid_constant__", "auto", NULL};

/* The name of one parameter declaration [b, e), or NULL. */
static char *param_name(const char *b, const char *e)
{
	int depth = 0;
	for (const char *p = b; p < e; p++) { /* cut the default value */
		if (*p == '(' || *p == '[' || *p == '<' || *p == '{')
			depth++;
		else if (*p == ')' || *p == ']' || *p == '>' || *p == '}')
			depth--;
		else if (*p == '=' && depth == 0) {
			e = p;
			break;
		}
	}
	for (;;) { /* trailing blanks and array bounds */
		while (e > b && isspace((unsigned char)e[-1]))
			e--;
		if (e > b && e[-1] == ']') {
			while (e > b && e[-1] != '[')
				e--;
			if (e > b)
				e--;
			continue;
		}
		break;
	}
	const char *s = e;
	while (s > b && ident(s[-1]))
		s--;
	if (s == e || isdigit((unsigned char)*s))
		return NULL;
	const char *before = s;
	while (before > b && isspace((unsigned char)before[-1]))
		before--;
	if (before == b) /* a lone type: unnamed */
		return NULL;
	size_t len = (size_t)(e - s);
	for (int i = 0; not_names[i]; i++)
		if (strlen(not_names[i]) == len && !strncmp(not_names[i], s, len))
			return NULL;
	char *out = malloc(len + 1);
	if (out) {
		memcpy(out, s, len);
		out[len] = 0;
	}
	return out;
}

/* Parameter names of `name(...)` in text (its first occurrence only when
 * `first`); n of them, or -1 when the declaration is not found or not
 * understood. names[i] may be NULL. */
static int parse_decl(const char *text, const char *name, int first, char **names, int max)
{
	size_t nl = strlen(name);
	for (const char *p = strstr(text, name); p; p = strstr(p + 1, name)) {
		if ((p > text && ident(p[-1])) || ident(p[nl]))
			continue;
		const char *q = p + nl;
		while (isspace((unsigned char)*q))
			q++;
		if (*q == '<') { /* explicit template arguments */
			int d = 0;
			for (; *q; q++) {
				d += *q == '<';
				d -= *q == '>';
				if (!d)
					break;
			}
			if (*q)
				q++;
			while (isspace((unsigned char)*q))
				q++;
		}
		if (*q != '(') {
			if (first)
				return -1;
			continue;
		}
		int n = 0, depth = 0;
		const char *start = q + 1;
		for (const char *c = q; *c; c++) {
			if (*c == '(' || *c == '[' || *c == '<' || *c == '{') {
				depth++;
			} else if (*c == ')' || *c == ']' || *c == '>' || *c == '}') {
				if (--depth == 0) {
					const char *t = start;
					while (t < c && isspace((unsigned char)*t))
						t++;
					if (t == c && n == 0) /* () */
						return 0;
					if (n == max)
						return -1;
					names[n++] = param_name(start, c);
					return n;
				}
			} else if (*c == ',' && depth == 1) {
				if (n == max)
					return -1;
				names[n++] = param_name(start, c);
				start = c + 1;
			}
		}
		return -1;
	}
	return -1;
}

/* Whether the declaration that holds text[at] (back to the previous `;`,
 * `{` or `}`) says __global__. */
static int declared_global(const char *text, const char *at)
{
	const char *b = at;
	while (b > text && b[-1] != ';' && b[-1] != '{' && b[-1] != '}')
		b--;
	for (const char *g = b; (g = strstr(g, "__global__")) && g < at; g++)
		if ((g == text || !ident(g[-1])) && !ident(g[10]))
			return 1;
	return 0;
}

/* Parameter names of the __global__ declarations of `name` anywhere in text
 * (a call `name<<<...>>>(...)` is not one): the names every declaration with
 * `count` parameters agrees on (a forward declaration may leave them out).
 * count, or -1 when none is found or two disagree. */
static int parse_global_decls(const char *text, const char *name, int count, char **names)
{
	size_t nl = strlen(name);
	int found = 0;
	for (int i = 0; i < count; i++)
		names[i] = NULL;
	for (const char *p = strstr(text, name); p; p = strstr(p + 1, name)) {
		if ((p > text && ident(p[-1])) || ident(p[nl]) || !declared_global(text, p))
			continue;
		const char *q = p + nl;
		while (isspace((unsigned char)*q))
			q++;
		if (!strncmp(q, "<<<", 3))
			continue;
		char *got[64];
		int n = parse_decl(p, name, 1, got, 64);
		if (n < 0)
			continue;
		int agree = n == count;
		for (int i = 0; agree && i < n; i++)
			agree = !got[i] || !names[i] || !strcmp(got[i], names[i]);
		for (int i = 0; i < n; i++) {
			if (agree && got[i] && !names[i])
				names[i] = got[i];
			else
				free(got[i]);
		}
		if (n == count && !agree) {
			for (int i = 0; i < count; i++) {
				free(names[i]);
				names[i] = NULL;
			}
			return -1;
		}
		found |= agree;
	}
	return found ? count : -1;
}

static struct {
	LLVMValueRef fn;
	LLVMMetadataRef sp;
	int n;
	char *names[64];
} cache;

static void cache_clear(void)
{
	for (int i = 0; i < cache.n; i++)
		free(cache.names[i]);
	memset(&cache, 0, sizeof cache);
}

/* The module's source file, read once for all its kernels (a generated file
 * may hold thousands). */
static struct {
	char path[4096];
	char *text;
	int tried;
} module_source;

void wp_source_names_release(void)
{
	free(module_source.text);
	memset(&module_source, 0, sizeof module_source);
	cache_clear();
}

static const char *module_text(const char *path)
{
	if (!module_source.tried || strcmp(module_source.path, path) != 0) {
		free(module_source.text);
		snprintf(module_source.path, sizeof module_source.path, "%s", path);
		module_source.text = read_window(path, 1, 0);
		module_source.tried = 1;
	}
	return module_source.text;
}

/* The name from the module's source file, for a kernel without a debug
 * location (compiled without -g). */
static char *module_arg_name(LLVMValueRef fn, unsigned index)
{
	if (cache.fn != fn || cache.sp) {
		cache_clear();
		cache.fn = fn;
		size_t fl = 0, len;
		const char *fname = LLVMGetSourceFileName(LLVMGetGlobalParent(fn), &fl);
		const char *ir = LLVMGetValueName2(fn, &len);
		char *base = warpest_demangle(ir, 2);
		int count = (int)LLVMCountParams(fn);
		if (fname && fl && count <= 64) {
			char path[4096];
			snprintf(path, sizeof path, "%.*s", (int)fl, fname);
			const char *text = module_text(path);
			if (text)
				cache.n = parse_global_decls(text, base ? base : ir, count, cache.names);
		}
		free(base);
		if (cache.n < 0)
			cache.n = 0;
	}
	return (int)index < cache.n && cache.names[index] ? strdup(cache.names[index]) : NULL;
}

char *wp_source_arg_name(LLVMValueRef fn, unsigned index)
{
	LLVMMetadataRef sp = LLVMGetSubprogram(fn);
	if (!sp)
		return module_arg_name(fn, index);
	if (cache.fn != fn || cache.sp != sp) {
		cache_clear();
		cache.fn = fn;
		cache.sp = sp;
		cache.n = -1;
		unsigned dl = 0, fl = 0;
		LLVMMetadataRef file = LLVMDIScopeGetFile(sp);
		const char *dir = file ? LLVMDIFileGetDirectory(file, &dl) : NULL;
		const char *fname = file ? LLVMDIFileGetFilename(file, &fl) : NULL;
		size_t len;
		const char *ir = LLVMGetValueName2(fn, &len);
		char *base = warpest_demangle(ir, 2);
		if (fname && fl) {
			char path[4096];
			if (fname[0] == '/' || !dir || !dl)
				snprintf(path, sizeof path, "%.*s", (int)fl, fname);
			else
				snprintf(path, sizeof path, "%.*s/%.*s", (int)dl, dir, (int)fl, fname);
			char *text = read_window(path, LLVMDISubprogramGetLine(sp), SEARCH_LINES);
			if (text) {
				int n = parse_decl(text, base ? base : ir, 0, cache.names, 64);
				if (n != (int)LLVMCountParams(fn)) {
					for (int i = 0; i < n; i++)
						free(cache.names[i]);
					n = -1;
				}
				cache.n = n;
				free(text);
			}
		}
		free(base);
		if (cache.n < 0)
			cache.n = 0;
	}
	return (int)index < cache.n && cache.names[index] ? strdup(cache.names[index]) : NULL;
}

/* "1st", "2nd", … */
static const char *ordinal(unsigned n, char *buf, size_t len)
{
	const char *suf = (n % 100 >= 11 && n % 100 <= 13) ? "th" : n % 10 == 1 ? "st" : n % 10 == 2 ? "nd" : n % 10 == 3 ? "rd" : "th";
	snprintf(buf, len, "%u%s", n, suf);
	return buf;
}

/* The parameter types of a demangled signature "f(a, b<c, d>, e)", split
 * at top-level commas into types[] (malloc'd); their number, -1 if none. */
static int signature_types(const char *sig, char **types, int max)
{
	const char *open = sig ? strchr(sig, '(') : NULL;
	if (!open)
		return -1;
	/* the parameter list is the last top-level parenthesis group */
	int n = 0, depth = 0;
	const char *start = open + 1;
	for (const char *c = open; *c; c++) {
		if (*c == '(' || *c == '<' || *c == '[')
			depth++;
		else if ((*c == ')' || *c == '>' || *c == ']') && --depth == 0) {
			if (c > start && n < max)
				types[n++] = strndup(start, (size_t)(c - start));
			return n;
		} else if (*c == ',' && depth == 1 && n < max) {
			types[n++] = strndup(start, (size_t)(c - start));
			start = c + 2;
		}
	}
	return n;
}

void wp_arg_legend(LLVMValueRef fn, const wp_kernel_names *kn, json_object *model, char *buf, size_t len)
{
	buf[0] = 0;
	json_object *params;
	if (!json_object_object_get_ex(model, "params", &params) || !json_object_is_type(params, json_type_array))
		return;
	char *types[64];
	int nt = signature_types(kn->signature[0] ? kn->signature : NULL, types, 64);
	size_t n = 0;
	unsigned np = LLVMCountParams(fn);
	for (size_t i = 0; i < json_object_array_length(params); i++) {
		json_object *nm;
		if (!json_object_object_get_ex(json_object_array_get_idx(params, i), "name", &nm))
			continue;
		const char *name = json_object_get_string(nm);
		char *end;
		if (strncmp(name, "arg", 3) || !isdigit((unsigned char)name[3]))
			continue;
		unsigned long idx = strtoul(name + 3, &end, 10);
		if (*end || idx >= np)
			continue;
		char ord[16];
		char *ty = NULL;
		if (nt > (int)idx)
			ty = strdup(types[idx]);
		else
			ty = LLVMPrintTypeToString(LLVMTypeOf(LLVMGetParam(fn, (unsigned)idx)));
		n += (size_t)snprintf(buf + n, len - n, "%s%s is the %s parameter (%s)", n ? ", " : "", name,
			ordinal((unsigned)idx + 1, ord, sizeof ord), ty ? ty : "?");
		if (nt > (int)idx)
			free(ty);
		else
			LLVMDisposeMessage(ty);
		if (n >= len) {
			n = len - 1;
			break;
		}
	}
	for (int i = 0; i < nt; i++)
		free(types[i]);
}

int wp_name_listed(const char *list, const char *name)
{
	size_t n = strlen(name);
	for (const char *p = list; p && *p;) {
		const char *end = strstr(p, ", ");
		size_t len = end ? (size_t)(end - p) : strlen(p);
		if (len == n && strncmp(p, name, n) == 0)
			return 1;
		p = end ? end + 2 : NULL;
	}
	return 0;
}
