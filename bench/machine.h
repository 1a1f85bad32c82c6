/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* machine.h -- what the figures were measured on. */
#ifndef U8BENCH_MACHINE_H
#define U8BENCH_MACHINE_H

#include <stddef.h>

typedef struct machine_info {
    char cpu[128];       /* model name from /proc/cpuinfo */
    long cores;          /* online logical CPUs */
    char load[64];       /* /proc/loadavg's first three fields at start */
    char compiler[128];  /* compiler that built u8bench (and the library) */
    char flags[256];     /* C flags of the build */
    char date[32];       /* UTC, ISO 8601 */
    char impl[16];       /* implementation dispatch chose */
    char impls[96];      /* implementations this CPU supports */
} machine_info;

/* machine_probe fills *m. Fields it cannot find hold "unknown". */
void machine_probe(machine_info *m);

/* machine_print prints *m as a few "key: value" lines. */
void machine_print(const machine_info *m, const char *extra);

/* machine_json writes *m as a JSON object into buf (size bytes), with
 * extra_key/extra_value pairs (strings) appended, extra ending in NULL.
 * Returns buf; when the object does not fit in size bytes, buf holds the
 * empty object {} (4096 bytes is ample). */
char *machine_json(const machine_info *m, const char *const *extra, char *buf,
                   size_t size);

#endif
