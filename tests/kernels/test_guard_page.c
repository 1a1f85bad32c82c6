/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* test_guard_page.c -- no implementation reads outside its input: inputs
 * of every length 0..300 (and some longer) are placed so that they end
 * exactly where an inaccessible (PROT_NONE) page begins, and again so
 * that they start exactly where one ends; every public function runs
 * over them under every implementation (compare.c), so a kernel that
 * loads a whole vector past len, or looks back before data, faults and
 * the test dies. The contents end in every way a kernel's tail can see:
 * ASCII, a whole multi-byte character, a cut-off character, an error. */
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
            make(after_guard, len, &ENDINGS[e], multi);
            snprintf(what, sizeof what, "input starting after a guard page (ending %zu%s)",
                     e, multi ? ", multi-byte" : "");
            compare_all(after_guard, len, what, 0);
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
    printf("%lu inputs next to guard pages, %lu differences\n", compare_cases(),
           compare_failures());
    return compare_failures() == 0 ? 0 : 1;
}
