/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* read_file.c -- see read_file.h. */
#include "read_file.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

bool read_file(const char *path, unsigned char **data, size_t *len)
{
    FILE *f = fopen(path, "rb");
    unsigned char *buf = NULL, *grown;
    size_t cap = 0, n = 0, got;

    *data = NULL;
    *len = 0;
    if (f == NULL)
        return false;
    for (;;) {
        if (n == cap) {
            cap = cap ? 2 * cap : 65536;
            grown = realloc(buf, cap);
            if (grown == NULL)
                goto fail;
            buf = grown;
        }
        got = fread(buf + n, 1, cap - n, f);
        n += got;
        if (got == 0)
            break;
    }
    if (ferror(f))
        goto fail;
    fclose(f);
    *data = buf;
    *len = n;
    return true;
fail:
    free(buf);
    fclose(f);
    return false;
}
