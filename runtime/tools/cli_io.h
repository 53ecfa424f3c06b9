/* Input helpers shared by `warpest diff` and `warpest report` (cli_io.c). */
#ifndef WARPEST_CLI_IO_H
#define WARPEST_CLI_IO_H

/* The whole file at `path` as a NUL-terminated string (caller frees), or NULL. */
char *cli_read_file(const char *path);

/* Every JSON value in `text` (one object, an array of them, or several one
 * after the other) appended to the array `all`; -1 with a message on stderr
 * naming the verb, file and byte. */
struct json_object;
int cli_json_values(const char *verb, const char *path, const char *text, struct json_object *all);

#endif
