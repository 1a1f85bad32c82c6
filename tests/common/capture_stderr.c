/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* capture_stderr.c -- see capture_stderr.h. */
#include "capture_stderr.h"

#include <stdlib.h>
#include <unistd.h>

void capture_stderr_start(struct capture *c)
{
    c->file = tmpfile();
    c->saved = dup(2);
    if (c->file == NULL || c->saved < 0) {
        perror("capturing standard error");
        exit(2);
    }
    fflush(stderr);
    if (dup2(fileno(c->file), 2) < 0) {
        perror("capturing standard error");
        exit(2);
    }
}

size_t capture_stderr_stop(struct capture *c, char *said, size_t cap)
{
    size_t n;

    fflush(stderr);
    dup2(c->saved, 2);
    close(c->saved);
    rewind(c->file);
    n = fread(said, 1, cap - 1, c->file);
    said[n] = '\0';
    fclose(c->file);
    return n;
}
