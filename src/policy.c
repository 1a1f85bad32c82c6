/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* policy.c -- policy classes (which well-formed characters a caller may
 * deny), their names, the check for denied characters in well-formed text,
 * and what each error handler writes (doc/contract.md, "Policy classes,
 * error handlers and lossy decoding").
 *
 * How denied characters are found fast: every denied character starts
 * with one of a few bytes (00-1F, 7F, C2, D8, E2, EE, EF, F0-F4; fewer
 * when fewer classes are denied). The active kernels find the next such
 * byte (find_lead, a vector byte-set scan); only there is a character
 * decoded and its class looked up. */
#include "internal.h"

#include <string.h>

/* Valid stretches are validated, then scanned for denied characters, a
 * window at a time, so that the scan reads bytes still in the cache. */
#define WINDOW ((size_t)16 * 1024)

static const char *const CLASS_NAMES[] = {
    "nul", "c0", "del", "c1", "bidi", "noncharacter", "private_use", "bom",
    "tag", "separator",
};
_Static_assert(sizeof CLASS_NAMES / sizeof CLASS_NAMES[0] == 10,
               "one name for each bit of U8GUARD_CLASS_ALL");

const char *u8guard_class_name(u8guard_class cls)
{
    unsigned c = (unsigned)cls, i;

    if (c == U8GUARD_CLASS_ALL)
        return "all";
    for (i = 0; i < 10; i++)
        if (c == 1u << i)
            return CLASS_NAMES[i];
    return NULL;
}

unsigned u8guard_class_from_name(const char *name, size_t len)
{
    unsigned i;

    if (name == NULL)
        return 0;
    if (len == 3 && memcmp(name, "all", 3) == 0)
        return U8GUARD_CLASS_ALL;
    for (i = 0; i < 10; i++)
        if (strlen(CLASS_NAMES[i]) == len && memcmp(name, CLASS_NAMES[i], len) == 0)
            return 1u << i;
    return 0;
}

u8guard_class u8guard_class_of(uint32_t cp)
{
    if (cp < 0x80) {
        if (cp == 0)
            return U8GUARD_CLASS_NUL;
        if (cp < 0x20 && cp != 0x09 && cp != 0x0A && cp != 0x0D)
            return U8GUARD_CLASS_C0;
        return cp == 0x7F ? U8GUARD_CLASS_DEL : U8GUARD_CLASS_NONE;
    }
    if (cp <= 0x9F)
        return U8GUARD_CLASS_C1;
    if (cp == 0x061C || cp == 0x200E || cp == 0x200F ||
        (cp >= 0x202A && cp <= 0x202E) || (cp >= 0x2066 && cp <= 0x2069))
        return U8GUARD_CLASS_BIDI;
    if (cp == 0x2028 || cp == 0x2029)
        return U8GUARD_CLASS_SEPARATOR;
    if (cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
        return U8GUARD_CLASS_NONE; /* not scalar values */
    if ((cp >= 0xFDD0 && cp <= 0xFDEF) || (cp & 0xFFFEu) == 0xFFFEu)
        return U8GUARD_CLASS_NONCHARACTER;
    if ((cp >= 0xE000 && cp <= 0xF8FF) || cp >= 0xF0000) /* FFFFE/F, 10FFFE/F above */
        return U8GUARD_CLASS_PRIVATE_USE;
    if (cp == 0xFEFF)
        return U8GUARD_CLASS_BOM;
    if (cp >= 0xE0000 && cp <= 0xE007F)
        return U8GUARD_CLASS_TAG;
    return U8GUARD_CLASS_NONE;
}

/* How the characters of each class start in UTF-8: a lead byte and the
 * range of second bytes that can follow it (for a 1-byte character the
 * "second byte" is whatever comes next: 00..FF). One list per class bit,
 * ended by a lead of 0xFF. */
struct start {
    uint8_t lead, lo2, hi2;
};
#define ANY 0x00, 0xFF
static const struct start CLASS_STARTS[10][16] = {
    {{0x00, ANY}, {0xFF, 0, 0}},                                       /* nul */
    {{0x01, ANY}, {0x02, ANY}, {0x03, ANY}, {0x04, ANY}, {0x05, ANY},  /* c0 */
     {0x06, ANY}, {0x07, ANY}, {0x08, ANY}, {0x0B, ANY}, {0x0C, ANY},
     {0x0E, ANY}, {0x0F, ANY}, {0xFF, 0, 0}},                          /* 10..1F below */
    {{0x7F, ANY}, {0xFF, 0, 0}},                                       /* del */
    {{0xC2, 0x80, 0x9F}, {0xFF, 0, 0}},                                /* c1 */
    {{0xD8, 0x9C, 0x9C}, {0xE2, 0x80, 0x81}, {0xFF, 0, 0}},            /* bidi */
    {{0xEF, 0xB7, 0xB7}, {0xEF, 0xBF, 0xBF}, {0xF0, 0x9F, 0x9F},       /* noncharacter */
     {0xF0, 0xAF, 0xAF}, {0xF0, 0xBF, 0xBF}, {0xF1, 0x8F, 0xBF},
     {0xF2, 0x8F, 0xBF}, {0xF3, 0x8F, 0xBF}, {0xF4, 0x8F, 0x8F}, {0xFF, 0, 0}},
    {{0xEE, 0x80, 0xBF}, {0xEF, 0x80, 0xA3}, {0xF3, 0xB0, 0xBF},       /* private_use */
     {0xF4, 0x80, 0x8F}, {0xFF, 0, 0}},
    {{0xEF, 0xBB, 0xBB}, {0xFF, 0, 0}},                                /* bom */
    {{0xF3, 0xA0, 0xA0}, {0xFF, 0, 0}},                                /* tag */
    {{0xE2, 0x80, 0x80}, {0xFF, 0, 0}},                                /* separator */
};
#undef ANY

/* The bit of struct u8g_leadset that each high nibble uses (0: none of
 * the lead bytes above has that high nibble). */
static const uint8_t HI_BIT[16] = {1, 2, 0, 0, 0, 0, 0, 4, 0, 0, 0, 0, 8, 16, 32, 64};

static void add_start(struct u8g_leadset *s, uint8_t lead, uint8_t lo2, uint8_t hi2)
{
    uint8_t bit = HI_BIT[lead >> 4];
    unsigned b;

    s->lo[lead & 15] |= bit;
    s->hi[lead >> 4] |= bit;
    /* Second bytes are continuation bytes (80..BF, 6 bits of index); a
     * range wider than that (any byte) marks every entry. */
    for (b = lo2; b <= hi2; b++)
        s->next[b & 0x3F] |= bit;
}

bool u8g_policy_init(struct u8g_policy *q, const u8guard_policy *p)
{
    unsigned i, b;
    const struct start *t;

    memset(q, 0, sizeof *q);
    if (p == NULL)
        return true;
    if ((p->deny & ~(unsigned)U8GUARD_CLASS_ALL) != 0 ||
        (unsigned)p->handler > (unsigned)U8GUARD_ESCAPE)
        return false;
    q->deny = p->deny;
    q->handler = p->handler;
    for (i = 0; i < 10; i++) {
        if ((q->deny & (1u << i)) == 0)
            continue;
        for (t = CLASS_STARTS[i]; t->lead != 0xFF; t++)
            add_start(&q->set, t->lead, t->lo2, t->hi2);
        if (i == 1) /* c0: 10..1F */
            for (b = 0x10; b <= 0x1F; b++)
                add_start(&q->set, (uint8_t)b, 0x00, 0xFF);
    }
    return true;
}

size_t u8g_find_lead_table(const uint8_t *p, size_t len,
                           const struct u8g_leadset *set)
{
    size_t i;

    for (i = 0; i < len; i++)
        if (set->lo[p[i] & 15] & set->hi[p[i] >> 4])
            return i;
    return len;
}

size_t u8g_first_denied(const struct u8g_kernels *k,
                        const struct u8g_policy *q, const uint8_t *p,
                        size_t n)
{
    size_t i = 0, j, step, sub;
    uint32_t cp = 0;
    u8guard_kind kind;

    while (i < n) {
        j = i + k->find_lead(p + i, n - i, &q->set);
        if (j >= n)
            break;
        /* p[0..n) is well-formed and a candidate is never a continuation
         * byte, so a character starts at j. */
        step = u8g_step(p + j, n - j, &cp, &kind, &sub);
        if (step == 0 || (u8guard_class_of(cp) & q->deny) != 0)
            return j;
        i = j + step;
    }
    return n;
}

size_t u8g_clean_prefix(const struct u8g_kernels *k,
                        const struct u8g_policy *q, const uint8_t *p,
                        size_t len)
{
    size_t pos = 0, w, n, d;

    if (q->deny == 0)
        return k->valid_prefix(p, len);
    while (pos < len) {
        w = len - pos < WINDOW ? len - pos : WINDOW;
        n = k->valid_prefix(p + pos, w);
        d = u8g_first_denied(k, q, p + pos, n);
        if (d < n)
            return pos + d;
        /* A window that is not the rest of the input may stop short of its
         * end by a character it cuts (n > 0): go on from there. */
        if (n < w && (n == 0 || w == len - pos))
            return pos + n;
        pos += n;
    }
    return pos;
}

void u8g_error_at(const struct u8g_policy *q, const uint8_t *p, size_t avail,
                  size_t base, u8guard_error *err)
{
    uint32_t cp = 0;
    size_t step, sub = 0;
    u8guard_kind kind = U8GUARD_OK;

    (void)q;
    step = u8g_step(p, avail, &cp, &kind, &sub);
    err->offset = base;
    if (step == 0) {
        err->length = sub;
        err->kind = kind;
        err->cls = U8GUARD_CLASS_NONE;
        err->code_point = 0;
    } else {
        err->length = step;
        err->kind = U8GUARD_DISALLOWED;
        err->cls = u8guard_class_of(cp);
        err->code_point = cp;
    }
}

/* Appends the n lowest hex digits of v, lowercase, to cps. */
static size_t hex(uint32_t *cps, uint32_t v, unsigned n)
{
    unsigned i;

    for (i = 0; i < n; i++)
        cps[i] = (uint32_t)"0123456789abcdef"[(v >> (4 * (n - 1 - i))) & 15];
    return n;
}

size_t u8g_handle(u8guard_handler h, const u8guard_error *e, const uint8_t *p,
                  uint32_t cps[12])
{
    size_t n = 0, i;

    switch (h) {
    case U8GUARD_REPLACE:
        cps[0] = U8GUARD_REPLACEMENT;
        return 1;
    case U8GUARD_DROP:
        return 0;
    case U8GUARD_ESCAPE:
    default:
        break;
    }
    if (e->kind == U8GUARD_DISALLOWED) {
        cps[n++] = '\\';
        if (e->code_point > 0xFFFF) {
            cps[n++] = 'U';
            return n + hex(cps + n, e->code_point, 8);
        }
        cps[n++] = 'u';
        return n + hex(cps + n, e->code_point, 4);
    }
    for (i = 0; i < e->length; i++) { /* 1..3 bytes: at most 12 */
        cps[n++] = '\\';
        cps[n++] = 'x';
        n += hex(cps + n, p[i], 2);
    }
    return n;
}
