/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* test_spool.c -- white-box test of cli/spool.c and writer_printf
 * (cli/writer.c) where the commands never go: their printf calls are all
 * far below the per-call limits, and no test lists more than a megabyte
 * of errors. Checked, with exact bytes read back from the file the writer
 * wrote:
 * - spool_printf takes 0 and 511 bytes and refuses 512 and 600 with
 *   EOVERFLOW (spool_replay then fails too); writer_printf the same at
 *   0, 4095 and 4096;
 * - text stays in memory up to SPOOL_MEMORY bytes exactly, moves to the
 *   temporary file past it and is replayed whole, in order (its length
 *   one more than a multiple of the replay's 64 KiB reads); then the
 *   spool is empty and takes text again. */
#include "spool.h"
#include "writer.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int failures;

static void expect(int ok, const char *what)
{
    if (!ok) {
        printf("FAIL %s\n", what);
        failures++;
    }
}

/* A string of n bytes 'a'..'z' repeated, in a static buffer. */
static const char *text(size_t n)
{
    static char s[8192];
    size_t i;

    for (i = 0; i < n; i++)
        s[i] = (char)('a' + i % 26);
    s[n] = '\0';
    return s;
}

/* Everything written to fd so far (from offset 0), into *len bytes of a
 * malloc'ed buffer. */
static char *read_back(int fd, size_t *len)
{
    off_t end = lseek(fd, 0, SEEK_END);
    char *buf = malloc((size_t)end + 1);

    *len = 0;
    if (buf != NULL && end >= 0 && pread(fd, buf, (size_t)end, 0) == (ssize_t)end)
        *len = (size_t)end;
    return buf;
}

int main(void)
{
    static struct writer w;
    struct spool s;
    char path[] = "/tmp/u8guard-test-spool-XXXXXX", *got, *want;
    size_t len, i, want_len, line_len = 64, lines;
    int fd = mkstemp(path);

    if (fd < 0) {
        printf("test_spool: mkstemp: %s\n", strerror(errno));
        return 1;
    }
    unlink(path);
    writer_init(&w, fd, "test");

    /* spool_printf's limit: 511 bytes and the terminator. */
    spool_init(&s);
    expect(spool_printf(&s, "%s", "") && spool_printf(&s, "%s", text(511)) && s.err == 0,
           "spool_printf: 0 and 511 bytes taken");
    expect(!spool_printf(&s, "%s", text(512)) && s.err == EOVERFLOW,
           "spool_printf: 512 bytes refused (EOVERFLOW)");
    expect(!spool_replay(&s, &w), "spool_replay after a failure: false");
    spool_clear(&s);
    expect(!spool_printf(&s, "%s", text(600)) && s.err == EOVERFLOW,
           "spool_printf: 600 bytes refused (EOVERFLOW)");
    spool_clear(&s);
    expect(spool_printf(&s, "%s|", text(511)) == false && s.err == EOVERFLOW,
           "spool_printf: 512 bytes with the format's own refused");
    spool_clear(&s);
    expect(spool_printf(&s, "%s", text(511)) && spool_replay(&s, &w) && writer_flush(&w),
           "spool: 511 bytes replayed");
    expect(s.len == 0, "spool: empty after a replay from memory");
    got = read_back(fd, &len);
    expect(got != NULL && len == 511 && memcmp(got, text(511), 511) == 0,
           "spool: the 511 bytes, exactly");
    free(got);

    /* writer_printf's limit: 4095 bytes and the terminator. */
    expect(ftruncate(fd, 0) == 0 && lseek(fd, 0, SEEK_SET) == 0, "the file emptied");
    writer_init(&w, fd, "test");
    expect(writer_printf(&w, "%s", "") && writer_printf(&w, "%s", text(4095)) && writer_flush(&w),
           "writer_printf: 0 and 4095 bytes");
    got = read_back(fd, &len);
    expect(got != NULL && len == 4095 && memcmp(got, text(4095), 4095) == 0,
           "writer_printf: the 4095 bytes, exactly");
    free(got);
    expect(!writer_printf(&w, "%s", text(4096)) && w.err == EOVERFLOW,
           "writer_printf: 4096 bytes refused (EOVERFLOW)");

    /* Past SPOOL_MEMORY: numbered lines of line_len bytes, replayed whole. */
    expect(ftruncate(fd, 0) == 0 && lseek(fd, 0, SEEK_SET) == 0, "the file emptied");
    writer_init(&w, fd, "test");
    lines = SPOOL_MEMORY / line_len * 3 / 2;
    want_len = lines * line_len;
    want = malloc(want_len + 1); /* snprintf's terminator after the last line */
    for (i = 0; want != NULL && i < lines; i++) {
        snprintf(want + i * line_len, line_len + 1, "%08zu %0*d\n", i, (int)line_len - 10, 0);
        if (!spool_put(&s, want + i * line_len, line_len))
            break;
        if (i == SPOOL_MEMORY / line_len - 1) /* exactly SPOOL_MEMORY bytes */
            expect(s.tmp == NULL && s.len == SPOOL_MEMORY, "spool: in memory up to SPOOL_MEMORY");
        if (i == SPOOL_MEMORY / line_len)
            expect(s.tmp != NULL, "spool: in the file past SPOOL_MEMORY");
    }
    expect(i == lines && s.tmp != NULL, "spool: moved to a temporary file past SPOOL_MEMORY");
    /* One byte more: the last read of the replay (64 KiB at a time) gets 1. */
    expect(want != NULL && spool_put(&s, "!", 1), "spool: one byte more");
    if (want != NULL)
        want[want_len++] = '!';
    expect(spool_replay(&s, &w) && writer_flush(&w), "spool: replayed from the file");
    got = read_back(fd, &len);
    expect(got != NULL && want != NULL && len == want_len && memcmp(got, want, want_len) == 0,
           "spool: every line, in order");
    free(got);
    expect(s.tmp == NULL && s.err == 0 && spool_put(&s, "x", 1) && s.len == 1,
           "spool: empty after the replay, and takes text again");
    free(want);
    spool_free(&s);
    close(fd);
    printf("test_spool: %d failures\n", failures);
    return failures == 0 ? 0 : 1;
}
