/* Calls warpest_extract_model_from_ir of the plugin, as the `warpest`
 * command does: extract-driver PLUGIN FILE.ll [KERNEL] */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>

typedef int (*extract_fn)(const char *, const char *, char **, char **);

int main(int argc, char **argv)
{
	if (argc < 3) {
		fprintf(stderr, "usage: %s PLUGIN FILE [KERNEL]\n", argv[0]);
		return 2;
	}
	void *h = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
	if (!h) {
		fprintf(stderr, "dlopen: %s\n", dlerror());
		return 2;
	}
	extract_fn f;
	*(void **)&f = dlsym(h, "warpest_extract_model_from_ir");
	if (!f) {
		fprintf(stderr, "no warpest_extract_model_from_ir\n");
		return 2;
	}
	char *json = NULL, *err = NULL;
	int rc = f(argv[2], argc > 3 ? argv[3] : NULL, &json, &err);
	if (rc) {
		fprintf(stderr, "error: %s\n", err ? err : "?");
		free(err);
		return 1;
	}
	fputs(json, stdout);
	free(json);
	return 0;
}
