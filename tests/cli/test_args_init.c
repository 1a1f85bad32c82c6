/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* test_args_init.c -- white-box test of cli/args.c's args_init: the
 * option string it hands getopt_long is "-:" and the caller's short
 * options, cut to the room struct args has (61 characters and the
 * terminator). Every sub-command's string is far shorter, so no
 * command-level test reaches the cut; this checks it for every length
 * 0..80: exact contents, the terminator in place, and nothing of the
 * struct after shorts[] written. */
#include "args.h"

#include <stdio.h>
#include <string.h>

int main(void)
{
    static const struct option longs[] = {{NULL, 0, NULL, 0}};
    char opts[81], want[sizeof ((struct args *)0)->shorts];
    size_t len, keep, k, failures = 0;
    const size_t room = sizeof want - 3;

    for (len = 0; len < sizeof opts; len++) {
        struct args a;

        for (k = 0; k < len; k++)
            opts[k] = (char)('a' + k % 26);
        opts[len] = '\0';
        keep = len < room ? len : room;
        memcpy(want, "-:", 2);
        memcpy(want + 2, opts, keep);
        want[keep + 2] = '\0';
        memset(&a, '#', sizeof a);
        a.rest = true;
        args_init(&a, "test", 1, NULL, opts, longs);
        if (memcmp(a.shorts, want, keep + 3) != 0 || a.rest || a.longs != longs ||
            strcmp(a.cmd, "test") != 0) {
            printf("FAIL length %zu: got \"%.*s\", want \"%s\"\n", len,
                   (int)sizeof a.shorts, a.shorts, want);
            failures++;
        }
        for (k = keep + 3; k < sizeof a.shorts; k++)
            if (a.shorts[k] != '#') {
                printf("FAIL length %zu: shorts[%zu] written\n", len, k);
                failures++;
                break;
            }
    }
    printf("test_args_init: lengths 0..%zu, %zu failures\n", sizeof opts - 1, failures);
    return failures == 0 ? 0 : 1;
}
