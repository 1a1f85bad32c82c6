/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* policy.c -- policy classes (which well-formed characters a caller may
 * deny), their names, the check for denied characters in well-formed text,
 * and what each error handler writes (doc/contract.md, "Policy classes,
 * error handlers and lossy decoding").
 *
 * How denied characters are found fast: each is recognised by at most
 * three consecutive bytes (struct u8g_polset), which the vector kernels
 * test with nibble lookups in their validating loop (clean_blocks,
 * policy_hits.h); valid text without a denied character never leaves that
 * loop. Where a window hits, the character is decoded and its class
 * looked up (u8g_first_denied). */
#include "internal.h"

#include <stdatomic.h>
#include <string.h>

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

/* The groups of struct u8g_polset that each class needs: sets of
 * windows (byte 2 back, byte 1 back, this byte), each byte given as a
 * set of high nibbles and a set of low nibbles (bit n: nibble n). */
struct nibbles {
    uint16_t hi, lo;
};
struct group {
    struct nibbles b[3];
};
#define ANY {0xFFFF, 0xFFFF}
#define CONT {0x0F00, 0xFFFF} /* 80..BF */
#define BYTE(x) {(uint16_t)(1u << ((x) >> 4)), (uint16_t)(1u << ((x) & 15))}
#define HI(h, lo) {(uint16_t)(1u << (h)), (lo)}
#define LOS(a, b) ((uint16_t)(((1u << ((b) + 1)) - 1) & ~((1u << (a)) - 1)))
#define END {{{0, 0}, {0, 0}, {0, 0}}}
/* Class order (the bit index of each class); within the 16 bits the
 * groups are assigned in this order, and when they do not fit the last
 * ones are merged (into supersets): the rarest characters come last. The
 * 1-byte classes come first, so their groups are in table 0. */
static const struct group CLASS_GROUPS[10][6] = {
    {{{ANY, ANY, HI(0, 0x0001)}}, END},                                 /* nul */
    {{{ANY, ANY, HI(0, 0xD9FE)}}, {{ANY, ANY, HI(1, 0xFFFF)}}, END},    /* c0 */
    {{{ANY, ANY, BYTE(0x7F)}}, END},                                    /* del */
    {{{ANY, BYTE(0xC2), {0x0300, 0xFFFF}}}, END},                       /* c1 */
    {{{ANY, BYTE(0xD8), BYTE(0x9C)}},                                   /* bidi */
     {{BYTE(0xE2), BYTE(0x80), HI(8, LOS(14, 15))}},
     {{BYTE(0xE2), BYTE(0x80), HI(10, LOS(10, 14))}},
     {{BYTE(0xE2), BYTE(0x81), HI(10, LOS(6, 9))}}, END},
    {{{BYTE(0xEF), BYTE(0xB7), {0x0600, 0xFFFF}}},                      /* noncharacter */
     {{BYTE(0xEF), BYTE(0xBF), HI(11, LOS(14, 15))}},
     {{{0x0F00, 0x8000} /* 8F 9F AF BF */, BYTE(0xBF), HI(11, LOS(14, 15))}}, END},
    {{{BYTE(0xEE), CONT, CONT}},                                        /* private_use */
     {{BYTE(0xEF), {0x0300, 0xFFFF}, CONT}},
     {{BYTE(0xEF), HI(10, LOS(0, 3)), CONT}},
     {{BYTE(0xF3), HI(11, 0xFFFF), CONT}},
     {{BYTE(0xF4), HI(8, 0xFFFF), CONT}}, END},
    {{{BYTE(0xEF), BYTE(0xBB), BYTE(0xBF)}}, END},                      /* bom */
    {{{BYTE(0xF3), BYTE(0xA0), HI(8, LOS(0, 1))}}, END},                /* tag */
    {{{BYTE(0xE2), BYTE(0x80), HI(10, LOS(8, 9))}}, END},               /* separator */
};
#undef ANY
#undef CONT
#undef BYTE
#undef HI
#undef LOS
#undef END
/* The order in which the classes' groups are taken (bit indexes). */
static const uint8_t CLASS_ORDER[10] = {0, 1, 2, 3, 4, 9, 7, 5, 6, 8};

/* Whether two groups differ in at most one of their six nibble sets: then
 * the union of their windows is one group (the product of the unions). */
static bool mergeable(const struct group *x, const struct group *y)
{
    unsigned k, diff = 0;

    for (k = 0; k < 3; k++)
        diff += (x->b[k].hi != y->b[k].hi) + (x->b[k].lo != y->b[k].lo);
    return diff <= 1;
}

static void merge(struct group *x, const struct group *y)
{
    unsigned k;

    for (k = 0; k < 3; k++) {
        x->b[k].hi |= y->b[k].hi;
        x->b[k].lo |= y->b[k].lo;
    }
}

/* Sets group g's bit in the six tables of set for every nibble its sets
 * hold. */
static void add_group(struct u8g_polset *set, unsigned g, const struct group *x)
{
    uint8_t bit = (uint8_t)(1u << (g & 7));
    unsigned t = g >> 3, n;

    for (n = 0; n < 16; n++) {
        if (x->b[0].lo >> n & 1)
            set->l_lo[t][n] |= bit;
        if (x->b[0].hi >> n & 1)
            set->l_hi[t][n] |= bit;
        if (x->b[1].lo >> n & 1)
            set->s_lo[t][n] |= bit;
        if (x->b[1].hi >> n & 1)
            set->s_hi[t][n] |= bit;
        if (x->b[2].lo >> n & 1)
            set->t_lo[t][n] |= bit;
        if (x->b[2].hi >> n & 1)
            set->t_hi[t][n] |= bit;
    }
}

/* Whole-byte groups (struct u8g_polset's ctrl, l7, s7, t6): a set of
 * bytes for each of the three positions. */
struct bgroup {
    uint8_t b[3][32];
};

static bool in_set(const uint8_t *set, unsigned byte)
{
    return (set[byte >> 3] >> (byte & 7) & 1) != 0;
}

/* How many bytes of set count towards the cost of a superset: the leads
 * of the private-use planes (EE, F3, F4) count for nothing, so that the
 * groups that start with them are merged first (characters that rare
 * cost nothing when they are checked one by one). */
static unsigned weight(const uint8_t *set, unsigned pos)
{
    uint64_t w;
    unsigned n = 0, i;

    for (i = 0; i < 32; i += 8) {
        memcpy(&w, set + i, 8);
        /* a population count without a library call (no -mpopcnt here) */
        w -= (w >> 1) & 0x5555555555555555u;
        w = (w & 0x3333333333333333u) + ((w >> 2) & 0x3333333333333333u);
        w = (w + (w >> 4)) & 0x0F0F0F0F0F0F0F0Fu;
        n += (unsigned)((w * 0x0101010101010101u) >> 56);
    }
    if (pos == 0)
        n -= in_set(set, 0xEE) + in_set(set, 0xF3) + in_set(set, 0xF4);
    return n;
}

static void bunion(struct bgroup *u, const struct bgroup *x, const struct bgroup *y)
{
    unsigned k, i;

    for (k = 0; k < 3; k++)
        for (i = 0; i < 32; i++)
            u->b[k][i] = x->b[k][i] | y->b[k][i];
}

/* The windows a superset of x and y adds (weighted, see weight). */
static double extra(const struct bgroup *x, const struct bgroup *y)
{
    struct bgroup u, m;
    unsigned k, i;
    double ux = 1, xx = 1, yy = 1, mm = 1;

    bunion(&u, x, y);
    for (k = 0; k < 3; k++)
        for (i = 0; i < 32; i++)
            m.b[k][i] = x->b[k][i] & y->b[k][i];
    for (k = 0; k < 3; k++) {
        ux *= weight(u.b[k], k);
        xx *= weight(x->b[k], k);
        yy *= weight(y->b[k], k);
        mm *= weight(m.b[k], k);
    }
    return ux - xx - yy + mm;
}

/* Fills set's whole-byte tables from the nibble groups g[0..n): the
 * groups whose third byte can be ASCII (1-byte characters) into ctrl,
 * the others merged to at most 8 (exactly where two differ in one
 * position, else the pair whose superset adds the fewest windows). */
static void build_bytes(struct u8g_polset *set, const struct group *g, size_t n)
{
    struct bgroup b[24];
    size_t m = 0, i, j, bi = 0, bj = 0;
    unsigned k, x, same;
    double best, e;

    for (i = 0; i < n; i++) {
        if ((g[i].b[2].hi & 0x00FF) != 0) {
            for (x = 0; x < 128; x++)
                if ((g[i].b[2].hi >> (x >> 4) & 1) && (g[i].b[2].lo >> (x & 15) & 1))
                    set->ctrl[x] = 1;
            continue;
        }
        memset(&b[m], 0, sizeof b[m]);
        for (k = 0; k < 3; k++)
            for (x = 0; x < 256; x++)
                if ((g[i].b[k].hi >> (x >> 4) & 1) && (g[i].b[k].lo >> (x & 15) & 1))
                    b[m].b[k][x >> 3] |= (uint8_t)(1u << (x & 7));
        m++;
    }
    for (i = 0; i < m; i++)
        for (j = i + 1; j < m; j++) {
            for (same = 0, k = 0; k < 3; k++)
                same += memcmp(b[i].b[k], b[j].b[k], 32) == 0;
            if (same >= 2) {
                bunion(&b[i], &b[i], &b[j]);
                memmove(&b[j], &b[j + 1], (m - j - 1) * sizeof b[0]);
                m--;
                j = i; /* b[i] grew: compare it with all the others again */
            }
        }
    while (m > 8) {
        best = -1;
        for (i = 0; i < m; i++)
            for (j = i + 1; j < m; j++)
                if ((e = extra(&b[i], &b[j])) < best || best < 0) {
                    best = e;
                    bi = i;
                    bj = j;
                }
        bunion(&b[bi], &b[bi], &b[bj]);
        memmove(&b[bj], &b[bj + 1], (m - bj - 1) * sizeof b[0]);
        m--;
    }
    for (i = 0; i < m; i++)
        for (x = 0; x < 256; x++) {
            if (in_set(b[i].b[0], x))
                set->l7[x & 0x7F] |= (uint8_t)(1u << i);
            if (in_set(b[i].b[1], x))
                set->s7[x & 0x7F] |= (uint8_t)(1u << i);
            if (x >= 0x80 && x < 0xC0 && in_set(b[i].b[2], x))
                set->t6[x & 0x3F] |= (uint8_t)(1u << i);
        }
    set->multi = m != 0;
}

/* The bytes that start a character of each class (a set of bytes per
 * class, as ranges [lo, hi]): the 1-byte characters themselves, and the
 * leads of the others (a 4-byte noncharacter U+nFFFE can have any 4-byte
 * lead). */
struct byte_range {
    uint8_t lo, hi;
};
static const struct byte_range CLASS_STARTS[10][4] = {
    {{0x00, 0x00}},                                           /* nul */
    {{0x01, 0x08}, {0x0B, 0x0C}, {0x0E, 0x1F}},               /* c0 */
    {{0x7F, 0x7F}},                                           /* del */
    {{0xC2, 0xC2}},                                           /* c1 */
    {{0xD8, 0xD8}, {0xE2, 0xE2}},                             /* bidi */
    {{0xEF, 0xEF}, {0xF0, 0xF4}},                             /* noncharacter */
    {{0xEE, 0xEF}, {0xF3, 0xF4}},                             /* private_use */
    {{0xEF, 0xEF}},                                           /* bom */
    {{0xF3, 0xF3}},                                           /* tag */
    {{0xE2, 0xE2}},                                           /* separator */
};

/* Fills the first test of set (f_lo, f_hi, f4) for the classes in deny:
 * one bit of f_hi/f_lo for each distinct set of low nibbles a high
 * nibble row holds (at most 7 rows have any: 0, 1, 7, C, D, E, F), so
 * the nibble form is exact too. */
static void build_starts(struct u8g_polset *set, unsigned deny)
{
    uint16_t row[16] = {0}, seen[8];
    unsigned c, k, b, h, n = 0, bit;
    const struct byte_range *r;

    for (c = 0; c < 10; c++) {
        if ((deny & (1u << c)) == 0)
            continue;
        for (k = 0, r = CLASS_STARTS[c]; k < 4 && (k == 0 || r[k].lo != 0); k++)
            for (b = r[k].lo; b <= r[k].hi; b++) {
                row[b >> 4] |= (uint16_t)(1u << (b & 15));
                set->f4[b >> 2] |= (uint8_t)(1u << (b & 3));
            }
    }
    for (h = 0; h < 16; h++) {
        if (row[h] == 0)
            continue;
        for (bit = 0; bit < n && seen[bit] != row[h]; bit++)
            ;
        if (bit == n)
            seen[n++] = row[h]; /* n <= 7: see above */
        set->f_hi[h] |= (uint8_t)(1u << bit);
        for (b = 0; b < 16; b++)
            if (row[h] >> b & 1)
                set->f_lo[b] |= (uint8_t)(1u << bit);
    }
}

/* The pair test of struct u8g_polset (pp7, pc6): for each class, byte
 * pairs (x in [x0, x1], y in [y0, y1]) one of which every character of
 * the class holds, each in a slot (bit) of its own. Classes that share a
 * slot get the product of their sets (a superset). A pair may end before
 * the character does (EE 80 of EE 80 80), never before its lead. */
struct pair_range {
    uint8_t cls, slot, x0, x1, y0, y1;
};
static const struct pair_range CLASS_PAIRS[] = {
    {3, 0, 0xC2, 0xC2, 0x80, 0x9F}, /* c1 */
    {8, 7, 0xF3, 0xF3, 0xA0, 0xA0}, /* tag: F3 A0 80..81 xx */
    {4, 1, 0xD8, 0xD8, 0x9C, 0x9C}, /* bidi: U+061C */
    {4, 2, 0x80, 0x80, 0x8E, 0x8F}, /* bidi: U+200E, U+200F */
    {4, 2, 0x80, 0x80, 0xAA, 0xAE}, /* bidi: U+202A..U+202E */
    {4, 3, 0xE2, 0xE2, 0x81, 0x81}, /* bidi: U+2066..U+2069 (81 A6..A9: too
                                       many kana, U+3066..U+3069) */
    {9, 2, 0x80, 0x80, 0xA8, 0xA9}, /* separator: U+2028, U+2029 */
    {5, 4, 0xEF, 0xEF, 0xB7, 0xB7}, /* noncharacter: U+FDD0..U+FDEF */
    {5, 5, 0xBF, 0xBF, 0xBE, 0xBF}, /* noncharacter: ..BF BE/BF of every plane
                                       (U+FFFE, U+FFFF: EF BF BE/BF) */
    {6, 4, 0xEF, 0xEF, 0x80, 0xA3}, /* private_use: U+F000..U+F8FF */
    {6, 6, 0xEE, 0xEE, 0x80, 0xBF}, /* private_use: U+E000..U+EFFF */
    {6, 6, 0xF3, 0xF4, 0x80, 0xBF}, /* private_use: planes 15, 16 (superset) */
    {7, 4, 0xEF, 0xEF, 0xBB, 0xBB}, /* bom: EF BB BF */
};

/* Fills the pair test of set for the classes in deny. */
static void build_pairs(struct u8g_polset *set, unsigned deny)
{
    const struct pair_range *r;
    unsigned b;

    set->pairs = (deny & (U8GUARD_CLASS_BIDI | U8GUARD_CLASS_SEPARATOR |
                          U8GUARD_CLASS_NONCHARACTER)) != 0;
    for (r = CLASS_PAIRS; r < CLASS_PAIRS + sizeof CLASS_PAIRS / sizeof CLASS_PAIRS[0]; r++) {
        if ((deny >> r->cls & 1u) == 0)
            continue;
        for (b = r->x0; b <= r->x1; b++)
            set->pp7[b & 0x7F] |= (uint8_t)(1u << r->slot);
        for (b = r->y0; b <= r->y1; b++)
            set->pc6[b & 0x3F] |= (uint8_t)(1u << r->slot);
    }
}

/* The pair test in nibbles (struct u8g_polset's n_ tables): the same
 * pairs as CLASS_PAIRS, each slot the product of a set of high and a set
 * of low nibbles for x and for y (bit n: nibble n); classes that share a
 * slot get the product of the unions (at most 8 slots: one table). Slots whose products would hold
 * pairs common in text are kept apart: 80 8E/8F from 80 AA..AE (80 8C/8D
 * is ZWNJ/ZWJ, Persian and emoji; E3 80 8C/8D are the Japanese quotes).
 * The superset of the
 * noncharacters and the BOM ({EF, BF} x {B7, BB, BE, BF}) adds halfwidth
 * forms (EF BE) and a few Greek extended letters (BF B7, BF BB). */
struct npair_range {
    uint8_t cls, slot;
    uint16_t xh, xl, yh, yl;
};
#define NB(n) ((uint16_t)(1u << (n)))
#define NR(a, b) ((uint16_t)(((1u << ((b) + 1)) - 1) & ~((1u << (a)) - 1)))
static const struct npair_range CLASS_NPAIRS[] = {
    {3, 0, NB(0xC), NB(2), NR(8, 9), 0xFFFF},            /* c1: C2 80..9F */
    {4, 1, NB(0xD), NB(8), NB(9), NB(0xC)},              /* bidi: D8 9C */
    {4, 2, NB(8), NB(0), NB(8), NR(0xE, 0xF)},           /* bidi: 80 8E/8F */
    {4, 3, NB(8), NB(0), NB(0xA), NR(0xA, 0xE)},         /* bidi: 80 AA..AE */
    {9, 3, NB(8), NB(0), NB(0xA), NR(8, 9)},             /* separator: 80 A8/A9 */
    {4, 4, NB(0xE), NB(2), NB(8), NB(1)},                /* bidi: E2 81 */
    {5, 5, NB(0xE), NB(0xF), NB(0xB), NB(7) | NB(0xF)},  /* noncharacter: EF B7/BF */
    {5, 5, NB(0xB), NB(0xF), NB(0xB), NR(0xE, 0xF)},     /* noncharacter: BF BE/BF */
    {7, 5, NB(0xE), NB(0xF), NB(0xB), NB(0xB)},          /* bom: EF BB */
    {6, 6, NB(0xE), NB(0xF), NR(8, 0xA), 0xFFFF},        /* private_use: EF 80..A3 (..AF) */
    {8, 7, NB(0xF), NB(3), NB(0xA), NB(0)},              /* tag: F3 A0 (not with
                                                            private_use: n_rare) */
};
#undef NB
#undef NR

/* Fills the nibble pair test of set for the classes in deny: the slots
 * in use, numbered in order (at most 8), and n_rare. */
static void build_npairs(struct u8g_polset *set, unsigned deny)
{
    struct npair_range u[8];
    const struct npair_range *r;
    unsigned s, n = 0, b;

    memset(u, 0, sizeof u);
    /* The other characters of private use start with EE, F3 or F4, which
     * real text rarely holds: the kernel tests these leads alone (and
     * with them the tags, F3 A0). */
    set->n_rare = (deny & U8GUARD_CLASS_PRIVATE_USE) != 0;
    for (r = CLASS_NPAIRS; r < CLASS_NPAIRS + sizeof CLASS_NPAIRS / sizeof CLASS_NPAIRS[0]; r++) {
        if ((deny >> r->cls & 1u) == 0 || (set->n_rare && r->cls == 8))
            continue;
        u[r->slot].xh |= r->xh;
        u[r->slot].xl |= r->xl;
        u[r->slot].yh |= r->yh;
        u[r->slot].yl |= r->yl;
    }
    for (s = 0; s < 8; s++) {
        if (u[s].xh == 0)
            continue;
        for (b = 0; b < 16; b++) {
            set->n_xhi[b] |= (uint8_t)((u[s].xh >> b & 1u) << n);
            set->n_xlo[b] |= (uint8_t)((u[s].xl >> b & 1u) << n);
            set->n_yhi[b] |= (uint8_t)((u[s].yh >> b & 1u) << n);
            set->n_ylo[b] |= (uint8_t)((u[s].yl >> b & 1u) << n);
        }
        n++;
    }
}

/* Fills set with the groups of the classes in deny: every group of every
 * denied class (at most 20), merged exactly where two differ in one
 * nibble set, then the last two merged into a superset while there are
 * more than 16. */
static void build_polset(struct u8g_polset *set, unsigned deny)
{
    struct group g[24];
    const struct group *c;
    unsigned n = 0, i, j, o;
    bool again = true;

    memset(set, 0, sizeof *set);
    set->deny = deny;
    build_starts(set, deny);
    build_pairs(set, deny);
    build_npairs(set, deny);
    for (o = 0; o < 10; o++) {
        if ((deny & (1u << CLASS_ORDER[o])) == 0)
            continue;
        for (c = CLASS_GROUPS[CLASS_ORDER[o]]; c->b[0].hi != 0; c++)
            g[n++] = *c;
    }
    while (again) {
        again = false;
        for (i = 0; i < n && !again; i++)
            for (j = i + 1; j < n && !again; j++)
                if (mergeable(&g[i], &g[j])) {
                    merge(&g[i], &g[j]);
                    memmove(&g[j], &g[j + 1], (n - j - 1) * sizeof g[0]);
                    n--;
                    again = true;
                }
    }
    build_bytes(set, g, n);
    for (; n > 16; n--)
        merge(&g[n - 2], &g[n - 1]);
    set->l_any = 1;
    for (i = 0; i < n; i++) {
        if (g[i].b[0].hi != 0xFFFF || g[i].b[0].lo != 0xFFFF)
            set->l_any = 0;
        add_group(set, i, &g[i]);
        if ((g[i].b[2].hi & 0x00FF) != 0)
            set->ascii = 1;
    }
    set->sets = (uint8_t)((n + 7) / 8);
}

/* The tables of the last few sets of classes used, built once each (a
 * call must not spend more on its tables than on a short text): slot i is
 * free (0), being built (1) or ready (2) for CACHE_DENY[i]. A caller that
 * finds no ready or free slot builds its own copy. */
#define CACHE_SLOTS 32
static struct u8g_polset CACHE_SET[CACHE_SLOTS];
static unsigned CACHE_DENY[CACHE_SLOTS];
static atomic_uint CACHE_STATE[CACHE_SLOTS];

static const struct u8g_polset *polset_for(unsigned deny, struct u8g_polset *own)
{
    unsigned i, free_state;

    for (i = 0; i < CACHE_SLOTS; i++)
        if (atomic_load_explicit(&CACHE_STATE[i], memory_order_acquire) == 2 &&
            CACHE_DENY[i] == deny)
            return &CACHE_SET[i];
    for (i = 0; i < CACHE_SLOTS; i++) {
        free_state = 0;
        if (atomic_compare_exchange_strong(&CACHE_STATE[i], &free_state, 1)) {
            build_polset(&CACHE_SET[i], deny);
            CACHE_DENY[i] = deny;
            atomic_store_explicit(&CACHE_STATE[i], 2, memory_order_release);
            return &CACHE_SET[i];
        }
    }
    build_polset(own, deny);
    return own;
}

bool u8g_policy_init(struct u8g_policy *q, const u8guard_policy *p)
{
    q->deny = 0;
    q->handler = U8GUARD_REPLACE;
    q->set = NULL;
    if (p == NULL)
        return true;
    if ((p->deny & ~(unsigned)U8GUARD_CLASS_ALL) != 0 ||
        (unsigned)p->handler > (unsigned)U8GUARD_ESCAPE)
        return false;
    q->deny = p->deny;
    q->handler = p->handler;
    if (q->deny != 0)
        q->set = polset_for(q->deny, &q->own);
    return true;
}

size_t u8g_first_denied(const struct u8g_policy *q, const uint8_t *p, size_t n)
{
    size_t j, sub;
    uint32_t cp = 0;
    u8guard_kind kind;

    /* Only a byte of the first test (u8g_polset_starts) can start a
     * denied character, and it always starts a character: decode that one
     * to be sure. */
    for (j = 0; j < n; j++)
        if (u8g_polset_starts(q->set, p[j]) &&
            (u8g_step(p + j, n - j, &cp, &kind, &sub) == 0 ||
             (u8guard_class_of(cp) & q->deny) != 0))
            return j;
    return n;
}

/* The window of the exact check, after a stop of the kernel's one-pass
 * check: it covers the block where that stopped (at most 256 bytes). */
#define SLOW_WINDOW ((size_t)512)
/* The first bytes are checked one at a time (the kernels read the 3 bytes
 * before their start), and inputs shorter than this after them. */
#define HEAD ((size_t)16)

size_t u8g_clean_prefix(const struct u8g_kernels *k,
                        const struct u8g_policy *q, const uint8_t *p,
                        size_t len)
{
    size_t pos = 0, w, n, d;

    if (q->deny == 0)
        return k->valid_prefix(p, len);
    while (pos < len) {
        if (k->clean_blocks != NULL && pos >= 3 && len - pos >= HEAD) {
            pos += k->clean_blocks(p + pos, len - pos, q->set);
            if (pos == len)
                break;
        }
        w = len - pos;
        if (w > (pos == 0 ? HEAD : SLOW_WINDOW))
            w = pos == 0 ? HEAD : SLOW_WINDOW;
        n = k->valid_prefix(p + pos, w);
        d = u8g_first_denied(q, p + pos, n);
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
