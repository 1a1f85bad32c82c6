/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* test_guard.c -- no adapter reads past the end of its input. Each input
 * of the examples, bytes1, bytes2 and structured sets is copied so that
 * it ends exactly where an inaccessible page begins, and run through
 * every available in-process adapter one input at a time: a read past the end is a
 * SIGSEGV (the test fails). The audit runs the built-in adapters in its
 * own process, so this matters as much as for u8guard itself. Linux and
 * other systems with mmap/mprotect; 77 when no page can be protected. */
#include "sets.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#define SKIP 77

int main(void)
{
    long page = sysconf(_SC_PAGESIZE);
    unsigned char *map;
    const oracle *const *all;
    size_t n_all;
    input_set sets[4] = {{0}};
    size_t ran = 0;

    if (page <= 0)
        return SKIP;
    map = mmap(NULL, 2 * (size_t)page, PROT_READ | PROT_WRITE,
               MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (map == MAP_FAILED || mprotect(map + page, (size_t)page, PROT_NONE) != 0) {
        printf("SKIPPED: cannot map a guard page\n");
        return SKIP;
    }
    if (set_examples(&sets[0]) || set_bytes1(&sets[1]) || set_bytes2(&sets[2]) ||
        set_structured(&sets[3], 4000)) {
        printf("FAIL: out of memory\n");
        return 1;
    }
    all = oracle_builtin(&n_all);
    for (size_t k = 0; k < n_all; k++) {
        const oracle *o = all[k];
        const char *why;
        size_t count = 0;

        /* The subprocess adapters' parent side only copies the input into
         * a request (the decoding happens in python/node): nothing here
         * for a guard page to catch. */
        if (strcmp(o->name, "python") == 0 || strcmp(o->name, "node") == 0) {
            printf("  %-13s not run: decodes out of process\n", o->name);
            continue;
        }
        if ((why = o->open()) != NULL) {
            printf("  %-13s SKIPPED: %s\n", o->name, why);
            continue;
        }
        for (size_t s = 0; s < 4; s++)
            for (size_t i = 0; i < sets[s].n; i++) {
                const oracle_input *src = &sets[s].in[i];
                unsigned char *end = map + page;
                uint32_t cps[64], repl[64];
                oracle_verdict v = {.cps = cps, .repl = repl};
                oracle_input in = {end - src->len, src->len};

                if (src->len)
                    memcpy(end - src->len, src->data, src->len);
                if (o->run(&in, 1, &v) != 0 || v.status != ORACLE_OK) {
                    printf("FAIL %s: run failed on set %s input %zu\n", o->name,
                           sets[s].name, i);
                    return 1;
                }
                count++;
            }
        o->close();
        printf("  %-13s %zu inputs ended against a guard page\n", o->name, count);
        ran++;
    }
    for (size_t s = 0; s < 4; s++)
        set_free(&sets[s]);
    munmap(map, 2 * (size_t)page);
    printf("guard: pass (%zu adapters)\n", ran);
    return 0;
}
