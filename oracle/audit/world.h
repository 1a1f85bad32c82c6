/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* world.h -- the registry of the world's decoders (`u8guard audit --list`
 * and `--world`, doc/audit-world.md): the file decoders.tsv in the world
 * directory, one decoder per line with six TAB-separated fields
 *
 *     name  language  strict  replace  version  packages
 *
 * (strict and replace: "plugin:FILE.so" or "exec:COMMAND", replace "-"
 * when the decoder has no replacing mode; version: "plugin" or
 * "exec:COMMAND"; @WORLD@ in a command stands for the world directory). */
#ifndef U8GUARD_AUDIT_WORLD_H
#define U8GUARD_AUDIT_WORLD_H

#include <stdbool.h>
#include <stddef.h>

/* One registry line, its commands with @WORLD@ replaced. */
typedef struct world_entry {
    char name[64];
    char language[16];
    char *strict;        /* the plugin's path, or the command line */
    bool strict_plugin;
    char *replace;       /* likewise, or NULL when the decoder has none */
    bool replace_plugin;
    char *version_cmd;   /* the version command, or NULL for "plugin" */
    char *packages;
    long line;           /* in decoders.tsv */
    char missing[400];   /* why it cannot run here, "" when it can */
    char version[128];   /* its version, "" when not known */
} world_entry;

/* audit_world_dir writes the world directory to buf[0..cap): the
 * environment variable U8GUARD_WORLD_DIR when set, else the folder "world"
 * beside the running u8guard-audit (libexec/u8guard/world installed, the
 * same path in the build tree). Returns buf, or NULL when it is not known
 * (no /proc/self/exe, path too long). */
const char *audit_world_dir(char *buf, size_t cap);

/* audit_world_load reads dir/decoders.tsv. Returns the number of entries
 * (the array in *e, free with audit_world_free), 0 when the file does not
 * exist (with *e NULL), or -1 after a message on stderr naming the file
 * and line (a line without six fields, a bad name or kind, a name used
 * twice, out of memory). */
long audit_world_load(const char *dir, world_entry **e);

/* audit_world_free frees what audit_world_load returned. */
void audit_world_free(world_entry *e, long n);

/* audit_world_as_extra_mb returns the address space (MiB, beyond the
 * auditor's own) the sandbox allows decoder e: more for the languages
 * whose runtime reserves gigabytes at start (Java, C#, Go). */
unsigned long audit_world_as_extra_mb(const world_entry *e);

/* audit_world_probe decides whether e can run here without running its
 * decoder: a plugin's file must exist; a command's program must be found
 * (as a path, or on PATH) and every word of it inside the world
 * directory dir must exist. Fills e->missing ("" when it can run) and,
 * for a runnable decoder with a version command, e->version (the first
 * line the command prints within 20 s). Returns true when it can run. */
bool audit_world_probe(world_entry *e, const char *dir);

#endif
