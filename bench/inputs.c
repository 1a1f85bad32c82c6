/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* inputs.c -- the benchmark's inputs.
 *
 * Everything is deterministic: generated text comes from splitmix64 with a
 * fixed seed, real text from fixed files repeated in a fixed order, so two
 * runs (and the Node side, which reads the very bytes written here) see the
 * same inputs. Real text is used where it fits the class: Latin prose in
 * the corpus is almost all ASCII, so "latin" (mostly 2-byte) and "mixed"
 * (a precise 70/20/8/2 % mix of 1/2/3/4-byte characters) are always
 * generated. */
#include "inputs.h"

#include "u8guard.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A range of code points and how often (relative weight) to pick it. */
typedef struct cp_range {
    uint32_t lo, hi;
    unsigned weight;
} cp_range;

typedef struct input_class {
    const char *name;
    const char *const *corpus; /* files under the corpus dir, or NULL */
    bool corpus_only;          /* no generated fallback: skipped without it */
    cp_range ranges[4];
} input_class;

static const char *const cyrillic_files[] = {"lipsum/Russian-Lipsum.utf8.txt", NULL};
static const char *const cjk_files[] = {"lipsum/Chinese-Lipsum.utf8.txt", NULL};
static const char *const emoji_files[] = {"lipsum/Emoji-Lipsum.utf8.txt", NULL};
static const char *const wiki_files[] = {
    "wikipedia_mars/arabic.utf8.txt",   "wikipedia_mars/chinese.utf8.txt",
    "wikipedia_mars/czech.utf8.txt",    "wikipedia_mars/english.utf8.txt",
    "wikipedia_mars/esperanto.utf8.txt", "wikipedia_mars/french.utf8.txt",
    "wikipedia_mars/german.utf8.txt",   "wikipedia_mars/greek.utf8.txt",
    "wikipedia_mars/hebrew.utf8.txt",   "wikipedia_mars/hindi.utf8.txt",
    "wikipedia_mars/japanese.utf8.txt", "wikipedia_mars/korean.utf8.txt",
    "wikipedia_mars/persan.utf8.txt",   "wikipedia_mars/portuguese.utf8.txt",
    "wikipedia_mars/russian.utf8.txt",  "wikipedia_mars/thai.utf8.txt",
    "wikipedia_mars/turkish.utf8.txt",  "wikipedia_mars/vietnamese.utf8.txt",
    NULL};

static const input_class classes[] = {
    {"ascii", NULL, false, {{0x20, 0x7E, 98}, {0x0A, 0x0A, 2}}},
    {"latin", NULL, false, {{0x20, 0x7E, 30}, {0xA0, 0xFF, 70}}},
    {"cyrillic", cyrillic_files, false, {{0x20, 0x20, 20}, {0x410, 0x44F, 80}}},
    {"cjk", cjk_files, false, {{0x20, 0x20, 3}, {0x4E00, 0x9FFF, 97}}},
    {"emoji", emoji_files, false, {{0x1F300, 0x1F64F, 100}}},
    {"mixed", NULL, false,
     {{0x20, 0x7E, 70}, {0x80, 0x7FF, 20}, {0x800, 0xFFFF, 8}, {0x10000, 0x10FFFF, 2}}},
    {"wikipedia", wiki_files, true, {{0, 0, 0}}},
};
#define N_CLASSES (sizeof classes / sizeof classes[0])

size_t inputs_class_count(void)
{
    return N_CLASSES;
}

const char *inputs_class_name(size_t i)
{
    return i < N_CLASSES ? classes[i].name : NULL;
}

static uint64_t splitmix64(uint64_t *s)
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15u);

    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
    return z ^ (z >> 31);
}

/* Picks a code point from the class's ranges (never a surrogate). */
static uint32_t pick(const input_class *c, uint64_t *rng)
{
    unsigned total = 0, r;
    size_t i;

    for (i = 0; i < 4; i++)
        total += c->ranges[i].weight;
    for (;;) {
        r = (unsigned)(splitmix64(rng) % total);
        for (i = 0; r >= c->ranges[i].weight; i++)
            r -= c->ranges[i].weight;
        const cp_range *g = &c->ranges[i];
        uint32_t cp = g->lo + (uint32_t)(splitmix64(rng) % (g->hi - g->lo + 1u));
        if (cp < 0xD800 || cp > 0xDFFF)
            return cp;
    }
}

/* Fills p[0..n) with generated characters of class c, padding the last
 * bytes that cannot hold a whole character with spaces. */
static void generate(const input_class *c, uint64_t *rng, uint8_t *p, size_t n)
{
    size_t i = 0;
    unsigned char buf[4];

    while (i < n) {
        size_t k = u8guard_encode(pick(c, rng), buf);
        if (k > n - i) {
            memset(p + i, ' ', n - i);
            break;
        }
        memcpy(p + i, buf, k);
        i += k;
    }
}

/* Appends the file dir/name to *text (of *len bytes, *cap allocated).
 * Returns 0, or -1 when the file is missing, unreadable or not valid
 * UTF-8 (with the reason in why). */
static int append_file(const char *dir, const char *name, uint8_t **text,
                       size_t *len, size_t *cap, char *why, size_t why_size)
{
    char path[4096];
    FILE *f;
    size_t got;

    snprintf(path, sizeof path, "%s/%s", dir, name);
    f = fopen(path, "rb");
    if (!f) {
        snprintf(why, why_size, "cannot open %s", path);
        return -1;
    }
    for (;;) {
        if (*cap - *len < 65536) {
            size_t ncap = *cap ? *cap * 2 : 1u << 20;
            uint8_t *t = realloc(*text, ncap);
            if (!t) {
                fclose(f);
                snprintf(why, why_size, "out of memory reading %s", path);
                return -1;
            }
            *text = t;
            *cap = ncap;
        }
        got = fread(*text + *len, 1, *cap - *len, f);
        *len += got;
        if (got == 0)
            break;
    }
    if (ferror(f)) {
        fclose(f);
        snprintf(why, why_size, "read error on %s", path);
        return -1;
    }
    fclose(f);
    if (!u8guard_validate(*text, *len, NULL)) {
        snprintf(why, why_size, "%s is not valid UTF-8", path);
        return -1;
    }
    return 0;
}

/* Fills p[0..n) with text repeated, the last copy cut at a character
 * boundary and padded with spaces. text is valid UTF-8. */
static void repeat_text(const uint8_t *text, size_t tlen, uint8_t *p, size_t n)
{
    size_t i = 0;

    while (n - i >= tlen) {
        memcpy(p + i, text, tlen);
        i += tlen;
    }
    size_t k = n - i;
    while (k > 0 && (text[k] & 0xC0) == 0x80)
        k--; /* text[k] starts the first character that does not fit */
    memcpy(p + i, text, k);
    memset(p + i + k, ' ', n - i - k);
}

int inputs_make(size_t cls, size_t size, const char *corpus_dir,
                uint64_t seed, bench_input *out)
{
    const input_class *c;
    uint64_t rng;

    memset(out, 0, sizeof *out);
    if (cls >= N_CLASSES)
        return -1;
    c = &classes[cls];
    snprintf(out->name, sizeof out->name, "%s", c->name);
    out->data = malloc(size ? size : 1);
    if (!out->data) {
        fprintf(stderr, "u8bench: out of memory for %zu bytes of %s\n", size, c->name);
        return -1;
    }
    out->len = out->str_len = size;
    if (c->corpus && corpus_dir) {
        uint8_t *text = NULL;
        size_t tlen = 0, tcap = 0;
        char why[4200] = "";
        int bad = 0;
        for (size_t i = 0; c->corpus[i] && !bad; i++)
            bad = append_file(corpus_dir, c->corpus[i], &text, &tlen, &tcap,
                              why, sizeof why);
        if (!bad && tlen > 0) {
            repeat_text(text, tlen, out->data, size);
            snprintf(out->source, sizeof out->source, "%s/%s%s", corpus_dir,
                     c->corpus[0], c->corpus[1] ? " and the rest of its folder" : "");
            free(text);
            return 0;
        }
        free(text);
        fprintf(stderr, "u8bench: class %s: %s; %s\n", c->name, why,
                c->corpus_only ? "class skipped" : "using generated text");
    }
    if (c->corpus_only) {
        inputs_free(out);
        return 1;
    }
    rng = seed ^ (0x100000001B3u * (cls + 1));
    generate(c, &rng, out->data, size);
    snprintf(out->source, sizeof out->source, "generated (seed %llu)",
             (unsigned long long)seed);
    return 0;
}

int inputs_make_short(bool mixed, size_t str_len, size_t count,
                      uint64_t seed, bench_input *in)
{
    const input_class *c = &classes[mixed ? 5 : 0];
    uint64_t rng = seed ^ (0xC2B2AE3D27D4EB4Fu * (str_len + mixed));

    memset(in, 0, sizeof *in);
    if (str_len == 0 || count > SIZE_MAX / str_len)
        return -1;
    in->data = malloc(str_len * count);
    if (!in->data) {
        fprintf(stderr, "u8bench: out of memory for %zu short strings\n", count);
        return -1;
    }
    in->len = str_len * count;
    in->str_len = str_len;
    for (size_t i = 0; i < count; i++)
        generate(c, &rng, in->data + i * str_len, str_len);
    snprintf(in->name, sizeof in->name, "short%zu-%s", str_len, c->name);
    snprintf(in->source, sizeof in->source, "%zu generated strings of %zu bytes (seed %llu)",
             count, str_len, (unsigned long long)seed);
    return 0;
}

int inputs_plant_error(bench_input *in, input_undo *undo)
{
    size_t pos;

    if (in->len < 128)
        return -1;
    pos = in->len - 64;
    while (pos > 0 && (in->data[pos] & 0xC0) == 0x80)
        pos--; /* back to the start of a character */
    memcpy(undo->name, in->name, sizeof undo->name);
    if (in->data[pos] < 0x80) {
        undo->pos = pos;
        undo->byte = in->data[pos];
        in->data[pos] = 0x80; /* unexpected_continuation, length 1 */
    } else {
        size_t k = in->data[pos] >= 0xF0 ? 4 : in->data[pos] >= 0xE0 ? 3 : 2;
        undo->pos = pos + k - 1;
        undo->byte = in->data[pos + k - 1];
        in->data[pos + k - 1] = 'A'; /* bad_continuation, length k - 1 */
    }
    snprintf(in->name, sizeof in->name, "%.30s+err", undo->name);
    in->err_offset = pos; /* what inputs_set_expectations must confirm */
    return 0;
}

void inputs_restore(bench_input *in, const input_undo *undo)
{
    in->data[undo->pos] = undo->byte;
    memcpy(in->name, undo->name, sizeof in->name);
}

uint64_t inputs_hash(const void *p, size_t n)
{
    const uint8_t *b = p;
    uint64_t h = 0xCBF29CE484222325u;

    for (size_t i = 0; i < n; i++)
        h = (h ^ b[i]) * 0x100000001B3u;
    return h;
}

int inputs_set_expectations(bench_input *in)
{
    u8guard_error err;
    uint32_t *u32;
    uint16_t *u16;

    u32 = malloc((in->len + 1) * sizeof *u32);
    u16 = malloc((in->len + 1) * sizeof *u16);
    if (!u32 || !u16 || !u8guard_set_impl(U8GUARD_IMPL_SCALAR)) {
        free(u32);
        free(u16);
        return -1;
    }
    in->valid = u8guard_validate(in->data, in->len, &err);
    in->err_offset = err.offset;
    in->n_u32 = u8guard_decode_utf32(in->data, in->len, u32, in->len + 1, NULL);
    in->n_u16 = u8guard_decode_utf16(in->data, in->len, u16, in->len + 1, NULL);
    in->hash_u32 = inputs_hash(u32, in->n_u32 * sizeof *u32);
    in->hash_u16 = inputs_hash(u16, in->n_u16 * sizeof *u16);
    free(u32);
    free(u16);
    in->sanitized_len = u8guard_sanitized_length(in->data, in->len);
    for (size_t i = 0; in->valid && in->str_len && i < in->len; i += in->str_len)
        in->valid = u8guard_validate(in->data + i, in->str_len, NULL);
    u8guard_set_impl(U8GUARD_IMPL_AUTO);
    return 0;
}

void inputs_free(bench_input *in)
{
    free(in->data);
    memset(in, 0, sizeof *in);
}
