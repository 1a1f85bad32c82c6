/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* writer.c -- buffered, EINTR-safe output to a file descriptor. */
#include "writer.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "support/write_all.h"

void writer_init(struct writer *w, int fd, const char *name)
{
    struct stat st;

    w->fd = fd;
    w->nosock = fstat(fd, &st) == 0 && !S_ISSOCK(st.st_mode);
    w->name = name;
    w->err = 0;
    w->len = 0;
}

bool writer_flush(struct writer *w)
{
    if (w->err)
        return false;
    if (w->len) {
        w->err = w->nosock ? write_all_nosock(w->fd, w->buf, w->len)
                           : write_all(w->fd, w->buf, w->len);
        w->len = 0;
    }
    return w->err == 0;
}

bool writer_put(struct writer *w, const void *p, size_t n)
{
    if (w->err)
        return false;
    if (n == 0) /* p may then be NULL (an empty spool), which memcpy forbids */
        return true;
    if (n > WRITER_BUF - w->len) {
        if (!writer_flush(w))
            return false;
        if (n >= WRITER_BUF) { /* big blocks go straight out */
            w->err = w->nosock ? write_all_nosock(w->fd, p, n) : write_all(w->fd, p, n);
            return w->err == 0;
        }
    }
    memcpy(w->buf + w->len, p, n);
    w->len += n;
    return true;
}

bool writer_str(struct writer *w, const char *s)
{
    return writer_put(w, s, strlen(s));
}

bool writer_printf(struct writer *w, const char *fmt, ...)
{
    char tmp[4096];
    va_list ap;
    int n;

    if (w->err)
        return false;
    va_start(ap, fmt);
    n = vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    if (n < 0 || (size_t)n >= sizeof tmp) {
        w->err = EOVERFLOW;
        return false;
    }
    return writer_put(w, tmp, (size_t)n);
}

int writer_report(const struct writer *w)
{
    if (w->err == EPIPE) /* the reader went away: nothing to tell it */
        return EXIT_TROUBLE;
    diag("%s: write error: %s", w->name, strerror(w->err ? w->err : EIO));
    return EXIT_TROUBLE;
}
