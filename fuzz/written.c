/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* written.c -- see written.h. */
#include "written.h"

size_t fz_written(const unsigned char *a, const unsigned char *b,
                  const unsigned char *want, size_t want_len, size_t cap,
                  bool *clean)
{
    size_t w = 0, i;

    while (w < cap && w < want_len && a[w] == want[w] && b[w] == want[w])
        w++;
    *clean = true;
    for (i = w; i < cap; i++)
        if (a[i] != FZ_FILL_A || b[i] != FZ_FILL_B)
            *clean = false;
    return w;
}
