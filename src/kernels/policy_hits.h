/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* policy_hits.h -- policy checking in the vector kernels' validating loop
 * (clean_blocks of struct u8g_kernels), written once: the windows of
 * three bytes that hit a group of struct u8g_polset (internal.h), tested
 * with the same nibble lookups (byte shuffles) as the validator.
 *
 * A template like decode_driver.h: a kernel file includes it after
 * defining its vector type and five operations on it,
 *
 *   u8g_pv                  the vector type
 *   u8g_pv pv_table(const uint8_t t[16])   t in every 16-byte lane
 *   u8g_pv pv_lookup(u8g_pv table, u8g_pv nibbles)
 *                           byte k: table[nibbles[k]] (nibbles 0..15)
 *   u8g_pv pv_lo(u8g_pv v), pv_hi(u8g_pv v)
 *                           byte k: v[k] & 15, v[k] >> 4
 *   u8g_pv pv_and(u8g_pv, u8g_pv), pv_or(u8g_pv, u8g_pv)
 *
 * and calls pol_load once, then pol_hits on each vector whose bytes 1
 * and 2 back it has (the validator has them too); on blocks it knows
 * are ASCII, the exact control test of struct pol_tabs' c_add and c_thr
 * (u8g_polset_ctl, internal.h; each kernel's ctl_hits). A nonzero byte is a hit: the
 * kernel stops and policy.c decodes the character there. pol_starts is
 * the cheaper first test (struct u8g_polset's f_lo, f_hi): a block of
 * multi-byte text needs pol_hits only where it is nonzero, or where
 * u8g_polset_carry says a character from the block before ends in it. */
#ifndef U8GUARD_POLICY_HITS_H
#define U8GUARD_POLICY_HITS_H

#include "internal.h"

#include <string.h>

struct pol_tabs {
    u8g_pv l_lo[2], l_hi[2], s_lo[2], s_hi[2], t_lo[2], t_hi[2];
    u8g_pv f_lo, f_hi;
    u8g_pv n_xlo, n_xhi, n_ylo, n_yhi;
    unsigned sets; /* see struct u8g_polset */
    bool n_rare;
    bool ascii, l_any;
    bool del; /* U+007F is denied (the control test, c_add and c_thr,
                 leaves it out: the kernels test it apart) */
    /* The exact control test (each kernel's ctl_u, ctl_hits): u = byte + c_add[byte & 15]
     * (c_add looked up by the byte's low nibble, 0 for bytes >= 0x80
     * where the kernel's lookup zeroes them), a hit where u < c_thr
     * (unsigned), every byte of c_thr the same. For the 1-byte classes
     * denied but del (u8g_polset_ctl): u is the byte's high nibble times
     * 16 where byte & 15 is denied in row 0 (00..0F), that minus 1 where
     * not; bytes >= 0x80 give u >= 0x7F. */
    u8g_pv c_add, c_thr;
};

static inline void pol_load(struct pol_tabs *t, const struct u8g_polset *s)
{
    unsigned k;

    for (k = 0; k < 2; k++) {
        t->l_lo[k] = pv_table(s->l_lo[k]);
        t->l_hi[k] = pv_table(s->l_hi[k]);
        t->s_lo[k] = pv_table(s->s_lo[k]);
        t->s_hi[k] = pv_table(s->s_hi[k]);
        t->t_lo[k] = pv_table(s->t_lo[k]);
        t->t_hi[k] = pv_table(s->t_hi[k]);
    }
    t->n_xlo = pv_table(s->n_xlo);
    t->n_xhi = pv_table(s->n_xhi);
    t->n_ylo = pv_table(s->n_ylo);
    t->n_yhi = pv_table(s->n_yhi);
    t->n_rare = s->n_rare != 0;
    t->f_lo = pv_table(s->f_lo);
    t->f_hi = pv_table(s->f_hi);
    t->sets = s->sets;
    t->ascii = s->ascii != 0;
    t->l_any = s->l_any != 0;
    t->del = s->ctrl[0x7F] != 0;
    {
        struct u8g_ctl c = u8g_polset_ctl(s);
        uint8_t thr[16];

        memset(thr, c.thr, sizeof thr);
        t->c_add = pv_table(c.add);
        t->c_thr = pv_table(thr);
    }
}

/* The hits of table k, given the nibbles of the three bytes of each
 * window. */
static inline __attribute__((always_inline)) u8g_pv
pol_hits_k(const struct pol_tabs *t, unsigned k, u8g_pv al, u8g_pv ah,
           u8g_pv bl, u8g_pv bh, u8g_pv cl, u8g_pv ch)
{
    u8g_pv h = pv_and(pv_and(pv_lookup(t->s_lo[k], bl), pv_lookup(t->s_hi[k], bh)),
                      pv_and(pv_lookup(t->t_lo[k], cl), pv_lookup(t->t_hi[k], ch)));

    if (t->l_any) /* c0, c1, nul, del only: the byte 2 back does not matter */
        return h;
    return pv_and(h, pv_and(pv_lookup(t->l_lo[k], al), pv_lookup(t->l_hi[k], ah)));
}

/* The hits of the windows that end at the bytes of cur (prev1, prev2:
 * the bytes 1 and 2 before each). */
static inline __attribute__((always_inline)) u8g_pv
pol_hits(u8g_pv cur, u8g_pv prev1, u8g_pv prev2, const struct pol_tabs *t)
{
    u8g_pv al = pv_lo(prev2), ah = pv_hi(prev2), bl = pv_lo(prev1), bh = pv_hi(prev1);
    u8g_pv cl = pv_lo(cur), ch = pv_hi(cur);
    u8g_pv h = pol_hits_k(t, 0, al, ah, bl, bh, cl, ch);

    if (t->sets > 1)
        h = pv_or(h, pol_hits_k(t, 1, al, ah, bl, bh, cl, ch));
    return h;
}

/* Nonzero bytes where cur holds a byte that starts a denied character
 * (the first test, see above). */
static inline __attribute__((always_inline)) u8g_pv
pol_starts(u8g_pv cur, const struct pol_tabs *t)
{
    return pv_and(pv_lookup(t->f_lo, pv_lo(cur)), pv_lookup(t->f_hi, pv_hi(cur)));
}

/* The second test, where pol_starts fires (struct u8g_polset's n_
 * tables): nonzero bytes where cur and the byte before (prev1) are a
 * pair of a denied multi-byte character's slot, or where cur is a byte
 * of pol_starts (starts: its result, exact for 1-byte characters) that
 * is enough alone (mask: nonzero at cur's ASCII bytes, and at its
 * leads EE, F3, F4 when t->n_rare). Every denied character holds a byte
 * that this fires on, in the window's block or the block before. Only
 * for sets with pairs (struct u8g_polset): then a slot is in use. */
static inline __attribute__((always_inline)) u8g_pv
pol_pairs(u8g_pv cur, u8g_pv prev1, u8g_pv starts, u8g_pv mask, const struct pol_tabs *t)
{
    return pv_or(pv_and(starts, mask),
                 pv_and(pv_and(pv_lookup(t->n_xlo, pv_lo(prev1)), pv_lookup(t->n_xhi, pv_hi(prev1))),
                        pv_and(pv_lookup(t->n_ylo, pv_lo(cur)), pv_lookup(t->n_yhi, pv_hi(cur)))));
}

#endif
