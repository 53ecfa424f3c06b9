/* The bundled hardware tables: where they are (WARPEST_TABLES, else next to
 * the core library), which ids they hold, and finding one by id. */
#define _GNU_SOURCE /* dladdr */

#include "hardware/hw_table.h"
#include "hardware/hw_list.h"
#include "base/ctx.h"

#include <dirent.h>
#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* The tables relative to the directory of the core library, as installed
 * (CMake computes it from the install layout). */
#ifndef WARPEST_LIB_TO_TABLES
#define WARPEST_LIB_TO_TABLES "../share/warpest/tables"
#endif

static int is_directory(const char *path)
{
	struct stat info;
	return path[0] && stat(path, &info) == 0 && S_ISDIR(info.st_mode);
}

static char located_dir[4096];
static pthread_once_t located_once = PTHREAD_ONCE_INIT;

/* Where the tables are relative to the file this function was loaded from:
 * nothing is fixed when the build is configured, so an installed prefix can
 * be moved. The build tree mirrors the install layout one level up from the
 * core (build/share/warpest/tables), which is the second candidate when the
 * install's library directory is deeper than lib/ (lib/x86_64-linux-gnu). */
static void locate_tables(void)
{
	Dl_info info;
	char dir[sizeof(located_dir)] = ".";
	if (dladdr((void *)&locate_tables, &info) && info.dli_fname && strchr(info.dli_fname, '/')) {
		snprintf(dir, sizeof(dir), "%s", info.dli_fname);
		*strrchr(dir, '/') = '\0';
	}
	const char *relative[] = {WARPEST_LIB_TO_TABLES, "../share/warpest/tables"};
	for (size_t i = 0; i < sizeof(relative) / sizeof(relative[0]); i++) {
		snprintf(located_dir, sizeof(located_dir), "%.2000s/%s", dir, relative[i]);
		if (is_directory(located_dir))
			return;
	}
	/* not found: name the install location in the error messages */
	snprintf(located_dir, sizeof(located_dir), "%.2000s/%s", dir, WARPEST_LIB_TO_TABLES);
}

const char *warpest_hw_default_dir(void)
{
	const char *env = getenv("WARPEST_TABLES");
	if (env && env[0])
		return env;
	pthread_once(&located_once, locate_tables);
	return located_dir;
}

static int compare_strings(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

void warpest_hw_list_free(char **ids, int count)
{
	for (int i = 0; i < count; i++)
		free(ids[i]);
	free(ids);
}

int warpest_hw_list(warpest_ctx *ctx, const char *dir, char ***ids_out)
{
	*ids_out = NULL;
	if (!dir)
		dir = warpest_hw_default_dir();
	DIR *handle = opendir(dir);
	if (!handle)
		return ctx_error(ctx, "cannot open the hardware-table directory '%s': %s "
			"(set WARPEST_TABLES or name a directory)", dir, strerror(errno));
	char **ids = NULL;
	int count = 0, capacity = 0;
	struct dirent *entry;
	while ((entry = readdir(handle))) {
		const char *name = entry->d_name;
		size_t length = strlen(name);
		if (length <= 5 || strcmp(name + length - 5, ".json") != 0 || name[0] == '.')
			continue;
		char path[1024];
		struct stat info;
		if (snprintf(path, sizeof(path), "%s/%s", dir, name) >= (int)sizeof(path) ||
		    stat(path, &info) != 0 || !S_ISREG(info.st_mode))
			continue;
		if (count == capacity) {
			int bigger_capacity = capacity ? capacity * 2 : 16;
			char **bigger = realloc(ids, (size_t)bigger_capacity * sizeof(*ids));
			if (!bigger)
				goto out_of_memory;
			ids = bigger;
			capacity = bigger_capacity;
		}
		ids[count] = strndup(name, length - 5);
		if (!ids[count])
			goto out_of_memory;
		count++;
	}
	closedir(handle);
	if (count > 1)
		qsort(ids, (size_t)count, sizeof(*ids), compare_strings);
	*ids_out = ids;
	return count;

out_of_memory:
	closedir(handle);
	warpest_hw_list_free(ids, count);
	ctx_error(ctx, "out of memory while listing '%s'", dir);
	return warpest_error_memory;
}

static int equal_ignoring_case(const char *a, const char *b)
{
	for (; *a && *b; a++, b++) {
		char ca = (*a >= 'A' && *a <= 'Z') ? (char)(*a - 'A' + 'a') : *a;
		char cb = (*b >= 'A' && *b <= 'Z') ? (char)(*b - 'A' + 'a') : *b;
		if (ca != cb)
			return 0;
	}
	return *a == *b;
}

warpest_hw *warpest_hw_find(warpest_ctx *ctx, const char *dir, const char *id)
{
	if (!id || !id[0]) {
		ctx_error(ctx, "no GPU id given");
		return NULL;
	}
	if (!dir)
		dir = warpest_hw_default_dir();
	char **ids;
	int count = warpest_hw_list(ctx, dir, &ids);
	if (count < 0)
		return NULL;
	if (count == 0) {
		ctx_error(ctx, "unknown GPU '%s': there are no hardware tables (*.json) in '%s'", id, dir);
		return NULL;
	}
	int match = -1;
	for (int i = 0; i < count && match < 0; i++)
		if (equal_ignoring_case(ids[i], id))
			match = i;
	if (match < 0) {
		char known[640] = "";
		size_t used = 0;
		for (int i = 0; i < count && used + 1 < sizeof(known); i++) {
			int wrote = snprintf(known + used, sizeof(known) - used, "%s%s",
				i ? ", " : "", ids[i]);
			if (wrote < 0)
				break;
			used += (size_t)wrote;
		}
		ctx_error(ctx, "unknown GPU '%s'; the tables in '%s' are: %s", id, dir, known);
		warpest_hw_list_free(ids, count);
		return NULL;
	}
	char path[1024];
	warpest_hw *hw = NULL;
	if (snprintf(path, sizeof(path), "%s/%s.json", dir, ids[match]) >= (int)sizeof(path))
		ctx_error(ctx, "hardware-table path too long: '%s/%s.json'", dir, ids[match]);
	else
		hw = warpest_hw_read_file(ctx, path);
	warpest_hw_list_free(ids, count);
	return hw;
}
