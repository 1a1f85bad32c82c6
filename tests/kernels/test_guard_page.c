/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* test_guard_page.c -- no implementation reads outside its input: inputs
 * of every length 0..300 (and some longer) are placed so that they end
 * exactly where an inaccessible (PROT_NONE) page begins, and again so
 * that they start exactly where one ends; every public function runs
 * over them under every implementation (compare.c), so a kernel that
 * loads a whole vector past len, or looks back before data, faults and
 * the test dies. The contents end in every way a kernel's tail can see:
 * ASCII, a whole multi-byte character, a cut-off character, an error.
 * The policy functions (the *_with ones) run over the same inputs under
 * every implementation, with two policies, and must say what scalar
 * says: their one-pass loops (clean_blocks) read the input too. */
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS under -std=c11 */
#include "compare.h"

#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

/* The last bytes of each input (the rest is filler text). */
static const struct ending {
    const char *bytes;
    size_t len;
} ENDINGS[] = {
    {"a", 1}, {"\xC3\xA9", 2}, {"\xE4\xBD\xA0", 3}, {"\xF0\x9F\x98\x80", 4},
    {"\xC3", 1}, {"\xE4\xBD", 2}, {"\xF0\x9F\x98", 3}, {"\xF0", 1},
    {"\xFF", 1}, {"\x80\x80\x80", 3}, {"\xED\xA0\x80", 3},
};
#define N_ENDINGS (sizeof ENDINGS / sizeof ENDINGS[0])

static const size_t LONGER[] = {511, 512, 513, 1023, 1024, 1025, 4095};

/* Writes an input of len bytes at p: multi-byte text or ASCII, then the
 * ending (cut to len). */
static void make(uint8_t *p, size_t len, const struct ending *e, int multi)
{
    static const char TEXT[] = "\xD0\x9C\xD0\xB0\xD1\x80\xD1\x81 \xE7\x81\xAB\xE6\x98\x9F "
                               "\xF0\x9F\x9A\x80 Mars ";
    size_t i, tail = e->len < len ? e->len : len;

    for (i = 0; i + tail < len; i++)
        p[i] = multi ? (uint8_t)TEXT[i % (sizeof TEXT - 1)] : (uint8_t)('A' + i % 26);
    memcpy(p + len - tail, e->bytes + e->len - tail, tail);
}

/* The policies the policy functions run with: classes whose characters
 * the filler text and the endings do not hold (every start byte still
 * sends blocks through the kernels' one-pass policy loops, clean_blocks),
 * and all of them; each with a different handler. */
static const u8guard_policy POLICIES[] = {
    {U8GUARD_CLASS_C1 | U8GUARD_CLASS_BIDI, U8GUARD_REPLACE},
    {U8GUARD_CLASS_ALL, U8GUARD_ESCAPE},
};
#define N_POLICIES (sizeof POLICIES / sizeof POLICIES[0])

static unsigned long policy_cases, policy_failures;

/* What the policy functions say about one input, and what they write. */
struct policy_results {
    bool valid;
    u8guard_error first;
    size_t count, san_len, san_out, san_errors, u32_out, u32_errors, u16_out, u16_errors;
    size_t next_errors;
    uint8_t san[10 * 4096 + 64];
    uint32_t u32[4096 + 8];
    uint16_t u16[2 * 4096 + 8];
};

static void run_policy(const uint8_t *in, size_t len, const u8guard_policy *q,
                       struct policy_results *r)
{
    u8guard_error e;
    size_t pos = 0;

    memset(r, 0, sizeof *r);
    r->valid = u8guard_validate_with(in, len, q, &r->first);
    r->count = u8guard_count_errors_with(in, len, q);
    r->san_len = u8guard_sanitized_length_with(in, len, q);
    r->san_out = u8guard_sanitize_with(in, len, r->san, sizeof r->san, q, &r->san_errors);
    r->u32_out = u8guard_decode_utf32_lossy_with(in, len, r->u32, sizeof r->u32 / sizeof r->u32[0],
                                                 q, &r->u32_errors);
    r->u16_out = u8guard_decode_utf16_lossy_with(in, len, r->u16, sizeof r->u16 / sizeof r->u16[0],
                                                 q, &r->u16_errors);
    while (u8guard_next_error_with(in, len, q, &pos, &e))
        r->next_errors++;
}

/* Returns true when a and b say the same, and wrote the same units (the
 * outputs were large enough for all of them: the sizes are compared
 * first). */
static bool same_policy_results(const struct policy_results *a, const struct policy_results *b)
{
    if (a->valid != b->valid || a->count != b->count || a->san_len != b->san_len ||
        a->san_out != b->san_out || a->san_errors != b->san_errors ||
        a->u32_out != b->u32_out || a->u32_errors != b->u32_errors ||
        a->u16_out != b->u16_out || a->u16_errors != b->u16_errors ||
        a->next_errors != b->next_errors)
        return false;
    if (!a->valid && (a->first.offset != b->first.offset || a->first.length != b->first.length ||
                      a->first.kind != b->first.kind))
        return false;
    return a->san_out <= sizeof a->san && a->u32_out <= sizeof a->u32 / sizeof a->u32[0] &&
           a->u16_out <= sizeof a->u16 / sizeof a->u16[0] &&
           memcmp(a->san, b->san, a->san_out) == 0 &&
           memcmp(a->u32, b->u32, a->u32_out * sizeof a->u32[0]) == 0 &&
           memcmp(a->u16, b->u16, a->u16_out * sizeof a->u16[0]) == 0;
}

/* Runs the policy functions (validate, count, sanitize, lossy decode,
 * next_error: each reads the input through the kernels' policy loops)
 * under every implementation on the input in[0..len) and compares what
 * they say and write with the scalar reference's. */
static void policy_all(const uint8_t *in, size_t len, const char *what)
{
    static struct policy_results ref, got;
    size_t q;
    int impl;

    for (q = 0; q < N_POLICIES; q++) {
        if (!u8guard_set_impl(U8GUARD_IMPL_SCALAR))
            return;
        run_policy(in, len, &POLICIES[q], &ref);
        for (impl = 0; impl < U8GUARD_IMPL_COUNT_; impl++) {
            if (impl == U8GUARD_IMPL_SCALAR || !compare_selected((u8guard_impl)impl) ||
                !u8guard_set_impl((u8guard_impl)impl))
                continue;
            run_policy(in, len, &POLICIES[q], &got);
            policy_cases++;
            if (!same_policy_results(&ref, &got)) {
                policy_failures++;
                printf("FAIL %s, length %zu, policy %zu: %s differs from scalar\n", what, len,
                       q, u8guard_impl_name((u8guard_impl)impl));
            }
        }
    }
    (void)u8guard_set_impl(U8GUARD_IMPL_SCALAR);
}

static void check_len(uint8_t *before_guard, uint8_t *after_guard, size_t len)
{
    char what[96];
    size_t e;
    int multi;

    for (e = 0; e < N_ENDINGS; e++)
        for (multi = 0; multi <= 1; multi++) {
            make(before_guard - len, len, &ENDINGS[e], multi);
            snprintf(what, sizeof what, "input ending at a guard page (ending %zu%s)",
                     e, multi ? ", multi-byte" : "");
            compare_all(before_guard - len, len, what, 0);
            policy_all(before_guard - len, len, what);
            make(after_guard, len, &ENDINGS[e], multi);
            snprintf(what, sizeof what, "input starting after a guard page (ending %zu%s)",
                     e, multi ? ", multi-byte" : "");
            compare_all(after_guard, len, what, 0);
            policy_all(after_guard, len, what);
        }
}

int main(void)
{
    long page = sysconf(_SC_PAGESIZE);
    uint8_t *mem, *data_page;
    size_t len, i;

    if (page <= 0 || (size_t)page < 4096) {
        fprintf(stderr, "unexpected page size %ld\n", page);
        return 2;
    }
    if (compare_impls_line() == 0) {
        printf("SKIP: no implementation besides scalar is supported here\n");
        return SKIP_STATUS;
    }
    /* guard | data | guard */
    mem = mmap(NULL, 3 * (size_t)page, PROT_READ | PROT_WRITE,
               MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (mem == MAP_FAILED) {
        perror("mmap");
        return 2;
    }
    data_page = mem + page;
    if (mprotect(mem, (size_t)page, PROT_NONE) != 0 ||
        mprotect(data_page + page, (size_t)page, PROT_NONE) != 0) {
        perror("mprotect");
        return 2;
    }
    for (len = 0; len <= 300; len++)
        check_len(data_page + page, data_page, len);
    for (i = 0; i < sizeof LONGER / sizeof LONGER[0]; i++)
        check_len(data_page + page, data_page, LONGER[i]);
    munmap(mem, 3 * (size_t)page);
    printf("%lu inputs next to guard pages, %lu differences; the policy functions: %lu runs, "
           "%lu differences\n", compare_cases(), compare_failures(), policy_cases,
           policy_failures);
    return compare_failures() == 0 && policy_failures == 0 ? 0 : 1;
}
