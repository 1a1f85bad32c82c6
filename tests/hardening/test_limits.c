/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* test_limits.c -- the argument contract of u8guard.h at its limits.
 *
 * NULL pointers with zero and nonzero lengths give exactly the results the
 * header documents; lengths up to SIZE_MAX with a NULL or a tiny buffer
 * are refused where the header says so WITHOUT reading: the "tiny buffer"
 * is a pointer to a PROT_NONE page, so a single read faults and fails the
 * test. The streaming decoder's size rule is checked where
 * U8GUARD_STREAM_OUT_MAX would wrap around. Every case runs for every
 * implementation the CPU supports. */
#define _POSIX_C_SOURCE 200809L /* fork, waitpid */
#include "guard.h"
#include "hcheck.h"

#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static struct guard_zone zone;

/* A pointer whose every byte is unreadable: the start of the upper fence. */
static unsigned char *fence(void)
{
    return guard_tail(&zone, 0);
}

static void expect_untouched_err(const u8guard_error *e)
{
    HEXPECT_ERR(*e, 0, 0, U8GUARD_OK);
}

static void validate_family(void)
{
    static const size_t lens[] = {1, 5, SIZE_MAX / 3, SIZE_MAX - 1, SIZE_MAX};
    u8guard_error e = {7, 7, U8GUARD_TRUNCATED, U8GUARD_CLASS_NONE, 0};
    size_t i, pos;

    hcheck_context("validate family, NULL data, length 0");
    HEXPECT_EQ(u8guard_validate(NULL, 0, &e), true);
    HEXPECT_ERR(e, 0, 0, U8GUARD_OK);
    HEXPECT_EQ(u8guard_valid_prefix(NULL, 0), 0);
    pos = 0;
    HEXPECT_EQ(u8guard_next_error(NULL, 0, &pos, &e), false);
    HEXPECT_EQ(pos, 0);
    HEXPECT_ERR(e, 0, 0, U8GUARD_OK);
    HEXPECT_EQ(u8guard_count_errors(NULL, 0), 0);
    /* a valid pointer to nothing readable, length 0 */
    HEXPECT_EQ(u8guard_validate(fence(), 0, &e), true);
    HEXPECT_EQ(u8guard_valid_prefix(fence(), 0), 0);
    HEXPECT_EQ(u8guard_count_errors(fence(), 0), 0);

    for (i = 0; i < sizeof lens / sizeof lens[0]; i++) {
        hcheck_context("validate family, NULL data, length %zu", lens[i]);
        e.offset = 7, e.length = 7, e.kind = U8GUARD_TRUNCATED;
        HEXPECT_EQ(u8guard_validate(NULL, lens[i], &e), false);
        expect_untouched_err(&e);
        HEXPECT_EQ(u8guard_validate(NULL, lens[i], NULL), false);
        HEXPECT_EQ(u8guard_valid_prefix(NULL, lens[i]), 0);
        pos = 0;
        HEXPECT_EQ(u8guard_next_error(NULL, lens[i], &pos, &e), false);
        HEXPECT_EQ(pos, 0);
        pos = 2;
        HEXPECT_EQ(u8guard_next_error(NULL, lens[i], &pos, NULL), false);
        HEXPECT_EQ(pos, 2);
        HEXPECT_EQ(u8guard_count_errors(NULL, lens[i]), 0);
    }

    /* *pos beyond the input, up to SIZE_MAX: refused, unchanged, unread */
    hcheck_context("next_error with *pos > len");
    pos = 1;
    HEXPECT_EQ(u8guard_next_error(fence(), 0, &pos, &e), false);
    HEXPECT_EQ(pos, 1);
    pos = SIZE_MAX;
    HEXPECT_EQ(u8guard_next_error(fence(), SIZE_MAX - 1, &pos, &e), false);
    HEXPECT_EQ(pos, SIZE_MAX);
    /* *pos == len: nothing is read, "no error" at len */
    pos = SIZE_MAX;
    HEXPECT_EQ(u8guard_next_error(fence() - 1, SIZE_MAX, &pos, &e), false);
    HEXPECT_EQ(pos, SIZE_MAX);
    HEXPECT_ERR(e, SIZE_MAX, 0, U8GUARD_OK);
    /* pos == NULL: false, nothing read (data is unreadable), *err as it was */
    hcheck_context("next_error with pos == NULL");
    e.offset = 7, e.length = 7, e.kind = U8GUARD_TRUNCATED;
    HEXPECT_EQ(u8guard_next_error("\x80", 1, NULL, &e), false);
    HEXPECT_ERR(e, 7, 7, U8GUARD_TRUNCATED);
    HEXPECT_EQ(u8guard_next_error(fence(), SIZE_MAX, NULL, &e), false);
    HEXPECT_ERR(e, 7, 7, U8GUARD_TRUNCATED);
    HEXPECT_EQ(u8guard_next_error(NULL, 0, NULL, NULL), false);
}

static void decoders(void)
{
    static const size_t lens[] = {1, 4, SIZE_MAX / 4, SIZE_MAX};
    uint32_t o32[4];
    uint16_t o16[4];
    u8guard_error e;
    size_t i;

    for (i = 0; i < sizeof lens / sizeof lens[0]; i++) {
        hcheck_context("decoders, NULL data, length %zu", lens[i]);
        memset(o32, 0x5A, sizeof o32);
        memset(o16, 0x5A, sizeof o16);
        e.offset = 7, e.length = 7, e.kind = U8GUARD_TRUNCATED;
        HEXPECT_EQ(u8guard_decode_utf32(NULL, lens[i], o32, 4, &e), 0);
        expect_untouched_err(&e);
        HEXPECT_EQ(o32[0], 0x5A5A5A5Au);
        e.offset = 7;
        HEXPECT_EQ(u8guard_decode_utf16(NULL, lens[i], o16, 4, &e), 0);
        expect_untouched_err(&e);
        HEXPECT_EQ(o16[0], 0x5A5Au);
        HEXPECT_EQ(u8guard_decode_utf32(NULL, lens[i], NULL, 0, NULL), 0);
        HEXPECT_EQ(u8guard_decode_utf16(NULL, lens[i], NULL, 0, NULL), 0);

        /* out NULL with a capacity: refused before the input is read */
        hcheck_context("decoders, unreadable data, out NULL, length %zu", lens[i]);
        e.offset = 7;
        HEXPECT_EQ(u8guard_decode_utf32(fence(), lens[i], NULL, 1, &e), 0);
        expect_untouched_err(&e);
        e.offset = 7;
        HEXPECT_EQ(u8guard_decode_utf16(fence(), lens[i], NULL, SIZE_MAX, &e), 0);
        expect_untouched_err(&e);
    }
    hcheck_context("decoders, empty input");
    e.offset = 7;
    HEXPECT_EQ(u8guard_decode_utf32(NULL, 0, NULL, 0, &e), 0);
    HEXPECT_ERR(e, 0, 0, U8GUARD_OK);
    e.offset = 7;
    HEXPECT_EQ(u8guard_decode_utf16(fence(), 0, (uint16_t *)(void *)fence(), 0, &e), 0);
    HEXPECT_ERR(e, 0, 0, U8GUARD_OK);
    /* a huge capacity is only an upper bound: nothing past the output.
     * The output lies just above the input and its capacity reaches the
     * top of the address space: SIZE_MAX / 4 units from wherever o32 is
     * would, on a 32-bit target whose stack sits below the program's data,
     * cover the input and be refused as an overlap. */
    hcheck_context("decoders, out_cap to the top of the address space");
    {
        struct {
            unsigned char in[8];
            uint32_t out[4];
        } blk;
        size_t cap;

        memcpy(blk.in, "\xF0\x9F\x98\x80" "a", 5);
        memset(blk.out, 0x5A, sizeof blk.out);
        cap = (size_t)((UINTPTR_MAX - (uintptr_t)blk.out) / 4);
        HEXPECT_EQ(u8guard_decode_utf32(blk.in, 5, blk.out, cap, &e), 2);
        HEXPECT_ERR(e, 5, 0, U8GUARD_OK);
        HEXPECT_EQ(blk.out[0], 0x1F600);
        HEXPECT_EQ(blk.out[1], 'a');
        HEXPECT_EQ(blk.out[2], 0x5A5A5A5Au);
    }
}

static void sanitizers(void)
{
    static const size_t lens[] = {1, 3, SIZE_MAX / 3, SIZE_MAX};
    unsigned char out[8];
    size_t i, errs;

    for (i = 0; i < sizeof lens / sizeof lens[0]; i++) {
        hcheck_context("sanitize, NULL data, length %zu", lens[i]);
        memset(out, 0x5A, sizeof out);
        errs = 7;
        HEXPECT_EQ(u8guard_sanitize(NULL, lens[i], out, sizeof out, &errs), SIZE_MAX);
        HEXPECT_EQ(errs, 0);
        HEXPECT_EQ(out[0], 0x5A);
        errs = 7;
        HEXPECT_EQ(u8guard_sanitize(NULL, lens[i], NULL, 0, &errs), SIZE_MAX);
        HEXPECT_EQ(errs, 0);
        HEXPECT_EQ(u8guard_sanitized_length(NULL, lens[i]), SIZE_MAX);
        /* out NULL with a capacity: refused before the input is read */
        hcheck_context("sanitize, unreadable data, out NULL, length %zu", lens[i]);
        errs = 7;
        HEXPECT_EQ(u8guard_sanitize(fence(), lens[i], NULL, 1, &errs), SIZE_MAX);
        HEXPECT_EQ(errs, 0);
    }
    hcheck_context("sanitize, empty input");
    errs = 7;
    HEXPECT_EQ(u8guard_sanitize(NULL, 0, NULL, 0, &errs), 0);
    HEXPECT_EQ(errs, 0);
    HEXPECT_EQ(u8guard_sanitize(fence(), 0, fence(), 0, NULL), 0);
    HEXPECT_EQ(u8guard_sanitized_length(NULL, 0), 0);
    HEXPECT_EQ(u8guard_sanitized_length(fence(), 0), 0);
}

/* sanitize(buf + d, len, buf + o, cap) on a 16-byte buffer holding the
 * input "a\x80bc" at offset 4: refused (SIZE_MAX, *n_errors 0, not a byte
 * of buf changed) exactly when [o, o + cap) and [d, d + len) share a byte;
 * otherwise the normal result. */
static void expect_overlap(size_t d, size_t len, size_t o, size_t cap, bool refused)
{
    static const unsigned char init[16] = "0123a\x80" "bcdefghijk";
    unsigned char buf[16];
    size_t errs = 7, r;

    hcheck_context("sanitize, input buf[%zu..+%zu), output buf[%zu..+%zu)", d, len, o, cap);
    memcpy(buf, init, sizeof buf);
    r = u8guard_sanitize(buf + d, len, buf + o, cap, &errs);
    if (refused) {
        HEXPECT_EQ(r, SIZE_MAX);
        HEXPECT_EQ(errs, 0);
        HEXPECT_MEM(buf, init, sizeof buf);
    } else {
        HEXPECT_EQ(r == SIZE_MAX, 0);
        HEXPECT_EQ(r, u8guard_sanitized_length(init + d, len));
    }
}

static void sanitize_overlap(void)
{
    unsigned char out[8];
    size_t errs = 7;

    /* input buf[4..8) = "a\x80bc" */
    expect_overlap(4, 4, 0, 4, false);  /* output ends where the input starts */
    expect_overlap(4, 4, 0, 5, true);   /* ... one byte further: overlap */
    expect_overlap(4, 4, 8, 4, false);  /* output starts where the input ends */
    expect_overlap(4, 4, 7, 4, true);   /* ... one byte earlier: overlap */
    expect_overlap(4, 4, 4, 4, true);   /* the same buffer */
    expect_overlap(4, 4, 4, 1, true);   /* one byte, the first */
    expect_overlap(4, 1, 4, 1, true);   /* one byte each */
    expect_overlap(4, 4, 0, 16, true);  /* the input inside the output */
    expect_overlap(4, 4, 5, 2, true);   /* the output inside the input */
    expect_overlap(4, 4, 6, 0, false);  /* no output: nothing can overlap */
    expect_overlap(6, 0, 0, 16, false); /* no input: nothing can overlap */
    {
        /* the output just before the adjacent input, written whole */
        unsigned char buf[16] = "....a\x80" "bc";

        HEXPECT_EQ(u8guard_sanitize(buf + 4, 4, buf, 4, &errs), 6);
        HEXPECT_EQ(errs, 1);
        HEXPECT_MEM(buf, "a\xEF\xBF\xBD" "a\x80" "bc", 8);
    }
    /* refused before reading: the input is the unreadable fence page,
     * the output a capacity reaching into it; and with a capacity that
     * reaches past the end of the address space (no sum may wrap) */
    hcheck_context("sanitize, overlap refused before reading");
    errs = 7;
    HEXPECT_EQ(u8guard_sanitize(fence(), 1, fence() - 4, 5, &errs), SIZE_MAX);
    HEXPECT_EQ(errs, 0);
    HEXPECT_EQ(u8guard_sanitize(fence(), SIZE_MAX, fence() - 4, 5, &errs), SIZE_MAX);
    HEXPECT_EQ(u8guard_sanitize(fence(), 4, fence() - 1, SIZE_MAX, &errs), SIZE_MAX);
    HEXPECT_EQ(u8guard_sanitize(fence() + 1, 4, fence(), 2, NULL), SIZE_MAX);
    /* separate buffers are never refused, whatever their order */
    HEXPECT_EQ(u8guard_sanitize("a\x80", 2, out, sizeof out, &errs), 4);
    HEXPECT_MEM(out, "a\xEF\xBF\xBD", 4);
}

/* The decoders on a 32-byte buffer whose bytes 16..20 hold the input
 * "ab\xF0\x9F\x98\x80" cut to 4 bytes ("ab" + a truncated F0 9F): out at
 * unit o with capacity cap (in units) is refused exactly when its bytes
 * share one with the input. */
static void decode_overlap(void)
{
    static const unsigned char init[32] = "0123456789ABCDEFab\xF0\x9FGHIJKLMNOPQR";
    union {
        uint32_t u32[8];
        uint16_t u16[16];
        unsigned char b[32];
    } buf;
    static const struct {
        size_t o32, cap32, o16, cap16;
        bool refused;
    } cases[] = {
        {0, 4, 0, 8, false}, /* the output ends where the input starts */
        {0, 5, 0, 9, true},  /* ... one unit further */
        {5, 3, 10, 6, false}, /* the output starts where the input ends */
        {4, 1, 9, 1, true},  /* one unit over the input's last byte(s) */
        {4, 1, 8, 1, true},  /* one unit over its first byte(s) */
        {0, 8, 0, 16, true}, /* the input inside the output */
        {4, 0, 8, 0, false}, /* no output: a size query, never refused */
    };
    u8guard_error e;
    size_t i, r;

    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        hcheck_context("decode_utf32, input bytes 16..20, output units %zu..+%zu",
                       cases[i].o32, cases[i].cap32);
        memcpy(buf.b, init, sizeof buf);
        e.offset = 7, e.length = 7, e.kind = U8GUARD_SURROGATE;
        r = u8guard_decode_utf32(buf.b + 16, 4, buf.u32 + cases[i].o32, cases[i].cap32, &e);
        if (cases[i].refused) {
            HEXPECT_EQ(r, 0);
            HEXPECT_ERR(e, 0, 0, U8GUARD_OK);
            HEXPECT_MEM(buf.b, init, sizeof buf);
        } else {
            HEXPECT_EQ(r, 2); /* 'a' 'b', then the truncated F0 9F */
            HEXPECT_ERR(e, 2, 2, U8GUARD_TRUNCATED);
        }
        hcheck_context("decode_utf16, input bytes 16..20, output units %zu..+%zu",
                       cases[i].o16, cases[i].cap16);
        memcpy(buf.b, init, sizeof buf);
        e.offset = 7, e.length = 7, e.kind = U8GUARD_SURROGATE;
        r = u8guard_decode_utf16(buf.b + 16, 4, buf.u16 + cases[i].o16, cases[i].cap16, &e);
        if (cases[i].refused) {
            HEXPECT_EQ(r, 0);
            HEXPECT_ERR(e, 0, 0, U8GUARD_OK);
            HEXPECT_MEM(buf.b, init, sizeof buf);
        } else {
            HEXPECT_EQ(r, 2);
            HEXPECT_ERR(e, 2, 2, U8GUARD_TRUNCATED);
        }
    }
    /* refused before reading: the input is the fence page; the output ends
     * just inside it, or its byte size (out_cap * 4, * 2) does not fit a
     * size_t */
    hcheck_context("decoders, overlap refused before reading");
    e.offset = 7;
    HEXPECT_EQ(u8guard_decode_utf32(fence(), 1, (uint32_t *)(void *)(fence() - 4), 2, &e), 0);
    HEXPECT_ERR(e, 0, 0, U8GUARD_OK);
    e.offset = 7;
    HEXPECT_EQ(u8guard_decode_utf16(fence(), 1, (uint16_t *)(void *)(fence() - 2), 2, &e), 0);
    HEXPECT_ERR(e, 0, 0, U8GUARD_OK);
    e.offset = 7;
    HEXPECT_EQ(u8guard_decode_utf32(fence(), SIZE_MAX, (uint32_t *)(void *)(fence() - 4096),
                                    SIZE_MAX / 4 + 1, &e), 0);
    HEXPECT_ERR(e, 0, 0, U8GUARD_OK);
    e.offset = 7;
    HEXPECT_EQ(u8guard_decode_utf16(fence(), 5, (uint16_t *)(void *)(fence() - 4096),
                                    SIZE_MAX, &e), 0);
    HEXPECT_ERR(e, 0, 0, U8GUARD_OK);
}

static void encoder_and_names(void)
{
    static const struct {
        uint32_t cp;
        size_t len;
        const char *utf8;
    } cases[] = {
        {0, 1, "\x00"}, {0x7F, 1, "\x7F"}, {0x80, 2, "\xC2\x80"},
        {0x7FF, 2, "\xDF\xBF"}, {0x800, 3, "\xE0\xA0\x80"},
        {0xD7FF, 3, "\xED\x9F\xBF"}, {0xD800, 0, ""}, {0xDBFF, 0, ""},
        {0xDC00, 0, ""}, {0xDFFF, 0, ""}, {0xE000, 3, "\xEE\x80\x80"},
        {0xFFFF, 3, "\xEF\xBF\xBF"}, {0x10000, 4, "\xF0\x90\x80\x80"},
        {0x10FFFF, 4, "\xF4\x8F\xBF\xBF"}, {0x110000, 0, ""},
        /* every payload bit in a different place from its neighbours */
        {0xE9, 2, "\xC3\xA9"}, {0x5D0, 2, "\xD7\x90"}, {0x20AC, 3, "\xE2\x82\xAC"},
        {0x4F60, 3, "\xE4\xBD\xA0"}, {0x1F600, 4, "\xF0\x9F\x98\x80"},
        {0x233B4, 4, "\xF0\xA3\x8E\xB4"}, {0x10437, 4, "\xF0\x90\x90\xB7"},
        {0xE01EF, 4, "\xF3\xA0\x87\xAF"},
        {0x7FFFFFFF, 0, ""}, {UINT32_MAX, 0, ""},
    };
    size_t i;

    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        /* the 4-byte output ends on the fence: a fifth byte would fault */
        unsigned char *o = guard_tail(&zone, 4);

        hcheck_context("u8guard_encode(0x%lX)", (unsigned long)cases[i].cp);
        memset(o, 0x5A, 4);
        HEXPECT_EQ(u8guard_encode(cases[i].cp, o), cases[i].len);
        HEXPECT_MEM(o, cases[i].utf8, cases[i].len);
        if (cases[i].len == 0)
            HEXPECT_MEM(o, "\x5A\x5A\x5A\x5A", 4);
    }
    hcheck_context("u8guard_kind_name / u8guard_impl_name out of range");
    HEXPECT_EQ(strcmp(u8guard_kind_name(U8GUARD_DISALLOWED), "disallowed"), 0);
    HEXPECT_EQ(strcmp(u8guard_kind_name((u8guard_kind)(U8GUARD_DISALLOWED + 1)), "invalid"), 0);
    HEXPECT_EQ(strcmp(u8guard_kind_name((u8guard_kind)-1), "invalid"), 0);
    HEXPECT_EQ(u8guard_impl_name(U8GUARD_IMPL_COUNT_) == NULL, 1);
    HEXPECT_EQ(u8guard_impl_name((u8guard_impl)-1) == NULL, 1);
    HEXPECT_EQ(u8guard_impl_supported(U8GUARD_IMPL_COUNT_), false);
    HEXPECT_EQ(u8guard_impl_supported((u8guard_impl)-1), false);
    {
        u8guard_impl before = u8guard_active_impl();

        HEXPECT_EQ(u8guard_set_impl(U8GUARD_IMPL_COUNT_), false);
        HEXPECT_EQ(u8guard_set_impl((u8guard_impl)-1), false);
        HEXPECT_EQ(u8guard_active_impl(), before);
    }
}

static size_t calls;

static void count_call(void *ctx, const u8guard_error *err)
{
    (void)ctx;
    (void)err;
    calls++;
}

/* A refused feed returns SIZE_MAX and changes, reads, writes and calls
 * nothing; data points at the fence, so a read would fault. */
static void expect_refused(u8guard_stream *s, size_t len, bool final,
                           void *out, size_t out_cap)
{
    u8guard_stream before = *s;

    calls = 0;
    HEXPECT_EQ(u8guard_stream_feed(s, fence(), len, final, count_call, NULL, out, out_cap),
               SIZE_MAX);
    HEXPECT_EQ(memcmp(&before, s, sizeof before), 0);
    HEXPECT_EQ(calls, 0);
}

/* The largest chunk must be ACCEPTED (u8guard.h: only len > SIZE_MAX / 3
 * - 3 is refused). No buffer that long exists, so the call is made in a
 * child process with data at a PROT_NONE page: accepting it means reading
 * data[0], which kills the child; refusing it returns SIZE_MAX, and the
 * child exits 42. (Under ASan the child reports the SEGV and exits 1.)
 * The output must not overlap the chunk (that is refused too): it starts
 * right after the chunk's last byte, an address that is never used. */
static void expect_edge_accepted(size_t len, size_t out_cap)
{
    pid_t pid;
    int status = 0;

    fflush(NULL);
    pid = fork();
    if (pid == 0) {
        u8guard_stream s;
        void *after = (void *)((uintptr_t)fence() + len);

        u8guard_stream_init(&s);
        _exit(u8guard_stream_feed(&s, fence(), len, false, NULL, NULL, after, out_cap)
              == SIZE_MAX ? 42 : 43);
    }
    if (!HEXPECT_EQ(pid > 0, 1))
        return;
    waitpid(pid, &status, 0);
    hcheck_context("stream_feed must accept len %zu with out_cap %zu (the child "
                   "faults reading it; a crash report above is expected)", len, out_cap);
    HEXPECT_EQ(WIFEXITED(status) && WEXITSTATUS(status) == 42, 0);
}

static void stream_limits(void)
{
    u8guard_stream s;
    const size_t edge = SIZE_MAX / 3 - 3; /* largest len with a size_t OUT_MAX */
    /* Outputs that are never written (every call is refused), placed so
     * that they do not overlap the chunk (fence(), len bytes): then only
     * the size rule can refuse the call, which is what is tested. Below
     * the chunk for small capacities; after the largest chunk for huge
     * ones (an address never used). */
    unsigned char *low_out = guard_head(&zone);
    void *high_out = (void *)((uintptr_t)fence() + edge);

    hcheck_context("stream_feed size limits");
    /* The macro itself: exact up to the edge, wraps one past it. */
    HEXPECT_EQ(U8GUARD_STREAM_OUT_MAX(0), 9);
    HEXPECT_EQ(U8GUARD_STREAM_OUT_MAX(edge), SIZE_MAX);
    HEXPECT_EQ(U8GUARD_STREAM_OUT_MAX(edge + 1), 2); /* wrapped: must be refused */

    u8guard_stream_init(&s);
    HEXPECT_EQ(u8guard_stream_feed(&s, "\xE4", 1, false, count_call, NULL, NULL, 0), 0);
    /* out_cap one short of the need, at small and huge sizes */
    expect_refused(&s, 1, false, low_out, U8GUARD_STREAM_OUT_MAX(1) - 1);
    expect_refused(&s, 0, true, low_out, U8GUARD_STREAM_OUT_MAX(0) - 1);
    expect_refused(&s, edge, false, high_out, SIZE_MAX - 1);
    /* at the edge: accepted (out_cap exactly the need, SIZE_MAX) */
    expect_edge_accepted(edge, SIZE_MAX);
    /* past the edge the wrapped macro value must not be trusted */
    expect_refused(&s, edge + 1, false, low_out, U8GUARD_STREAM_OUT_MAX(edge + 1));
    expect_refused(&s, edge + 1, true, high_out, SIZE_MAX);
    expect_refused(&s, SIZE_MAX, false, low_out, SIZE_MAX);
    expect_refused(&s, SIZE_MAX, false, low_out, U8GUARD_STREAM_OUT_MAX(SIZE_MAX));
    /* NULL data with a length */
    {
        u8guard_stream before = s;

        HEXPECT_EQ(u8guard_stream_feed(&s, NULL, 1, false, count_call, NULL, NULL, 0), SIZE_MAX);
        HEXPECT_EQ(u8guard_stream_feed(&s, NULL, SIZE_MAX, true, NULL, NULL, NULL, 0), SIZE_MAX);
        HEXPECT_EQ(memcmp(&before, &s, sizeof before), 0);
    }
    /* NULL stream */
    HEXPECT_EQ(u8guard_stream_feed(NULL, "a", 1, true, NULL, NULL, NULL, 0), SIZE_MAX);
    HEXPECT_EQ(u8guard_stream_position(NULL), 0);
    HEXPECT_EQ(u8guard_stream_error_count(NULL), 0);
    u8guard_stream_init(NULL);
    /* the stream still works after all the refusals */
    {
        unsigned char out[U8GUARD_STREAM_OUT_MAX(2)];

        HEXPECT_EQ(u8guard_stream_feed(&s, "\xBD\xA0", 2, true, count_call, NULL, out, sizeof out), 3);
        HEXPECT_MEM(out, "\xE4\xBD\xA0", 3);
        HEXPECT_EQ(u8guard_stream_position(&s), 3);
    }
}

struct log {
    size_t n;
    u8guard_error e[8];
};

static void log_error(void *ctx, const u8guard_error *err)
{
    struct log *l = ctx;

    if (l->n < 8)
        l->e[l->n] = *err;
    l->n++;
}

/* Feeds one chunk with room for its output; returns the bytes written. */
static size_t feed(u8guard_stream *s, const char *chunk, size_t len, bool final,
                   struct log *l, unsigned char *out)
{
    return u8guard_stream_feed(s, chunk, len, final, log_error, l, out,
                               U8GUARD_STREAM_OUT_MAX(len));
}

static void stream_life_cycle(void)
{
    u8guard_stream s;
    struct log l = {0, {{0, 0, U8GUARD_OK, U8GUARD_CLASS_NONE, 0}}};
    unsigned char out[64];
    int i;

    hcheck_context("stream: zero-length chunks keep a pending sequence");
    u8guard_stream_init(&s);
    HEXPECT_EQ(feed(&s, "a\xE4", 2, false, &l, out), 1);
    HEXPECT_EQ(out[0], 'a');
    for (i = 0; i < 3; i++) {
        HEXPECT_EQ(feed(&s, "", 0, false, &l, out), 0);
        HEXPECT_EQ(u8guard_stream_feed(&s, NULL, 0, false, log_error, &l, NULL, 0), 0);
    }
    HEXPECT_EQ(u8guard_stream_position(&s), 2);
    HEXPECT_EQ(feed(&s, "\xBD", 1, false, &l, out), 0);
    HEXPECT_EQ(feed(&s, "", 0, false, &l, out), 0);
    HEXPECT_EQ(l.n, 0);
    HEXPECT_EQ(u8guard_stream_position(&s), 3);
    /* the empty final chunk turns the pending E4 BD into truncated 1/2 */
    HEXPECT_EQ(feed(&s, "", 0, true, &l, out), 3);
    HEXPECT_MEM(out, "\xEF\xBF\xBD", 3);
    if (HEXPECT_EQ(l.n, 1))
        HEXPECT_ERR(l.e[0], 1, 2, U8GUARD_TRUNCATED);
    HEXPECT_EQ(u8guard_stream_error_count(&s), 1);
    HEXPECT_EQ(u8guard_stream_position(&s), 3);

    hcheck_context("stream: used after its final chunk");
    {
        u8guard_stream before = s;

        HEXPECT_EQ(feed(&s, "abc", 3, false, &l, out), SIZE_MAX);
        HEXPECT_EQ(feed(&s, "", 0, true, &l, out), SIZE_MAX);
        HEXPECT_EQ(u8guard_stream_feed(&s, NULL, 0, false, NULL, NULL, NULL, 0), SIZE_MAX);
        HEXPECT_EQ(memcmp(&before, &s, sizeof before), 0);
        HEXPECT_EQ(l.n, 1);
    }

    hcheck_context("stream: reset with init after errors and pending bytes");
    u8guard_stream_init(&s);
    l.n = 0;
    HEXPECT_EQ(feed(&s, "\xC0\xF0\x90", 3, false, &l, out), 3); /* F0 90 waits */
    HEXPECT_MEM(out, "\xEF\xBF\xBD", 3);
    HEXPECT_EQ(l.n, 1);
    HEXPECT_EQ(u8guard_stream_position(&s), 3);
    u8guard_stream_init(&s); /* drops the pending F0 90 and the counts */
    HEXPECT_EQ(u8guard_stream_position(&s), 0);
    HEXPECT_EQ(u8guard_stream_error_count(&s), 0);
    l.n = 0;
    HEXPECT_EQ(feed(&s, "\x80" "A", 2, true, &l, out), 4);
    HEXPECT_MEM(out, "\xEF\xBF\xBD" "A", 4);
    if (HEXPECT_EQ(l.n, 1))
        HEXPECT_ERR(l.e[0], 0, 1, U8GUARD_UNEXPECTED_CONTINUATION);

    hcheck_context("stream: a pending sequence broken by the next chunk");
    u8guard_stream_init(&s);
    l.n = 0;
    HEXPECT_EQ(feed(&s, "\xF0", 1, false, &l, out), 0);
    HEXPECT_EQ(feed(&s, "\x90", 1, false, &l, out), 0);
    HEXPECT_EQ(feed(&s, "\x80", 1, false, &l, out), 0);
    HEXPECT_EQ(feed(&s, "A", 1, true, &l, out), 4);
    HEXPECT_MEM(out, "\xEF\xBF\xBD" "A", 4);
    if (HEXPECT_EQ(l.n, 1))
        HEXPECT_ERR(l.e[0], 0, 3, U8GUARD_BAD_CONTINUATION);
    HEXPECT_EQ(u8guard_stream_position(&s), 4);

    hcheck_context("stream: errors only (out NULL) after a refused call");
    u8guard_stream_init(&s);
    l.n = 0;
    HEXPECT_EQ(u8guard_stream_feed(&s, "\xED\xA0\x80", 3, false, log_error, &l, out, 1), SIZE_MAX);
    HEXPECT_EQ(l.n, 0);
    HEXPECT_EQ(u8guard_stream_feed(&s, "\xED\xA0\x80", 3, true, log_error, &l, NULL, 0), 0);
    if (HEXPECT_EQ(l.n, 3)) {
        HEXPECT_ERR(l.e[0], 0, 1, U8GUARD_SURROGATE);
        HEXPECT_ERR(l.e[1], 1, 1, U8GUARD_UNEXPECTED_CONTINUATION);
        HEXPECT_ERR(l.e[2], 2, 1, U8GUARD_UNEXPECTED_CONTINUATION);
    }
}

/* stream_feed refuses an output that shares a byte with the chunk or with
 * the stream object (its pending bytes), and changes nothing then. */
static void stream_overlap(void)
{
    /* the stream object, then room for an output right after it */
    union {
        u8guard_stream s;
        unsigned char b[sizeof(u8guard_stream) + U8GUARD_STREAM_OUT_MAX(4)];
    } m;
    unsigned char chunk[4 + U8GUARD_STREAM_OUT_MAX(4)];
    unsigned char *after_s = m.b + sizeof m.s;
    u8guard_stream before;
    const size_t cap = U8GUARD_STREAM_OUT_MAX(4);

    hcheck_context("stream_feed, output over the chunk or the stream");
    memset(&m, 0, sizeof m);
    u8guard_stream_init(&m.s);
    HEXPECT_EQ(u8guard_stream_feed(&m.s, "\xF0\x9F", 2, false, count_call, NULL, NULL, 0), 0);
    before = m.s;
    memcpy(chunk, "\x98\x80" "ab", 4);
    calls = 0;
    /* the chunk itself; the output starting on its last byte */
    HEXPECT_EQ(u8guard_stream_feed(&m.s, chunk, 4, false, count_call, NULL, chunk, sizeof chunk),
               SIZE_MAX);
    HEXPECT_EQ(u8guard_stream_feed(&m.s, chunk, 4, false, count_call, NULL, chunk + 3, cap),
               SIZE_MAX);
    /* the output ending on the stream object's last byte */
    HEXPECT_EQ(u8guard_stream_feed(&m.s, chunk, 4, false, count_call, NULL, after_s - 1, cap),
               SIZE_MAX);
    HEXPECT_EQ(memcmp(&before, &m.s, sizeof before), 0);
    HEXPECT_MEM(chunk, "\x98\x80" "ab", 4);
    HEXPECT_EQ(calls, 0);
    /* right after the chunk, and right after the stream: accepted */
    {
        u8guard_stream t = m.s;

        HEXPECT_EQ(u8guard_stream_feed(&t, chunk, 4, false, count_call, NULL, chunk + 4, cap), 6);
        HEXPECT_MEM(chunk + 4, "\xF0\x9F\x98\x80" "ab", 6);
    }
    HEXPECT_EQ(u8guard_stream_feed(&m.s, chunk, 4, true, count_call, NULL, after_s, cap), 6);
    HEXPECT_MEM(after_s, "\xF0\x9F\x98\x80" "ab", 6);
    HEXPECT_EQ(u8guard_stream_position(&m.s), 6);
    HEXPECT_EQ(calls, 0);
}

static void suite(void)
{
    validate_family();
    decoders();
    sanitizers();
    sanitize_overlap();
    decode_overlap();
    encoder_and_names();
    stream_limits();
    stream_overlap();
    stream_life_cycle();
}

int main(void)
{
    if (guard_zone_open(&zone, 4096) != 0)
        return 1;
    if (hcheck_each_impl("test_limits", suite) == 0)
        return 1;
    guard_zone_close(&zone);
    return hcheck_finish("test_limits");
}
