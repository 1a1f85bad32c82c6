/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* spool.c -- memory first, then an anonymous temporary file. */
#include "spool.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

void spool_init(struct spool *s)
{
    *s = (struct spool){0};
}

static bool to_file(struct spool *s)
{
    errno = 0;
    s->tmp = tmpfile();
    if (!s->tmp) {
        s->err = errno ? errno : EIO;
        return false;
    }
    if (s->len && fwrite(s->mem, 1, s->len, s->tmp) != s->len) {
        s->err = errno ? errno : EIO;
        return false;
    }
    return true; /* len no longer counts: the text is in tmp */
}

bool spool_put(struct spool *s, const void *p, size_t n)
{
    size_t cap;
    char *m;

    if (s->err)
        return false;
    if (n == 0) /* mem may then be NULL, which memcpy forbids even for 0 bytes */
        return true;
    if (!s->tmp && s->len + n > SPOOL_MEMORY && !to_file(s))
        return false;
    if (s->tmp) {
        errno = 0;
        if (fwrite(p, 1, n, s->tmp) != n) {
            s->err = errno ? errno : EIO;
            return false;
        }
        return true;
    }
    if (s->len + n > s->cap) {
        cap = s->cap ? s->cap : 4096;
        while (cap < s->len + n)
            cap *= 2;
        m = realloc(s->mem, cap);
        if (!m) {
            s->err = ENOMEM;
            return false;
        }
        s->mem = m;
        s->cap = cap;
    }
    memcpy(s->mem + s->len, p, n);
    s->len += n;
    return true;
}

bool spool_printf(struct spool *s, const char *fmt, ...)
{
    char tmp[512];
    va_list ap;
    int n;

    va_start(ap, fmt);
    n = vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    if (n < 0 || (size_t)n >= sizeof tmp) {
        s->err = EOVERFLOW;
        return false;
    }
    return spool_put(s, tmp, (size_t)n);
}

bool spool_replay(struct spool *s, struct writer *w)
{
    char buf[65536];
    size_t n;

    if (s->err)
        return false;
    if (!s->tmp) {
        bool ok = writer_put(w, s->mem, s->len);
        s->len = 0;
        return ok;
    }
    errno = 0;
    if (fflush(s->tmp) != 0 || fseek(s->tmp, 0, SEEK_SET) != 0) {
        s->err = errno ? errno : EIO;
        return false;
    }
    while ((n = fread(buf, 1, sizeof buf, s->tmp)) > 0)
        if (!writer_put(w, buf, n))
            return false;
    if (ferror(s->tmp)) {
        s->err = errno ? errno : EIO;
        return false;
    }
    spool_clear(s);
    return true;
}

void spool_clear(struct spool *s)
{
    /* The result of fclose is not needed: the file was only read back
     * (read errors are caught by ferror before this), and it is an
     * unlinked temporary file that nobody else will see. */
    if (s->tmp)
        (void)fclose(s->tmp);
    s->tmp = NULL;
    s->len = 0;
    s->err = 0;
}

void spool_free(struct spool *s)
{
    spool_clear(s);
    free(s->mem);
    spool_init(s);
}
