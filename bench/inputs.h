/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* inputs.h -- the deterministic inputs the benchmark runs every decoder on:
 * input classes filled to a given size (real text from the shared corpus
 * when it is there, generated text otherwise), the same inputs with one
 * planted error near the end, and sets of short strings. */
#ifndef U8BENCH_INPUTS_H
#define U8BENCH_INPUTS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* One input and what a correct decoder says about it. */
typedef struct bench_input {
    char name[40];         /* "cjk", "cjk+err", "short16-ascii" */
    char source[160];      /* where the text came from, for the report */
    uint8_t *data;
    size_t len;
    size_t str_len;        /* short-string sets: bytes per string; else len */
    bool valid;            /* expected verdict (of every string, for sets) */
    size_t err_offset;     /* first error, or len when valid */
    size_t n_u32;          /* UTF-32 units of the valid prefix */
    size_t n_u16;          /* UTF-16 units of the valid prefix */
    size_t sanitized_len;  /* bytes u8guard_sanitize writes */
    uint64_t hash_u32;     /* FNV-1a of the UTF-32 decoding of that prefix */
    uint64_t hash_u16;     /* FNV-1a of its UTF-16 decoding */
} bench_input;

/* inputs_hash returns the 64-bit FNV-1a hash of p[0..n). */
uint64_t inputs_hash(const void *p, size_t n);

/* inputs_class_count returns the number of input classes. */
size_t inputs_class_count(void);

/* inputs_class_name returns the name of class i ("ascii", "latin", ...),
 * or NULL when i is out of range. */
const char *inputs_class_name(size_t i);

/* inputs_make fills *out with class cls at exactly size bytes, valid
 * UTF-8, from corpus_dir (NULL: generated text only) and the PRNG seed.
 * Returns 0; 1 when the class is made of real text only and corpus_dir
 * lacks it (the reason is on stderr, *out is empty); -1 with a message on
 * stderr when memory is short or cls is out of range. */
int inputs_make(size_t cls, size_t size, const char *corpus_dir,
                uint64_t seed, bench_input *out);

/* inputs_make_short fills *out with count strings of str_len bytes each,
 * back to back, all valid: ASCII (mixed false) or the mixed class.
 * Returns 0, or -1 with a message on stderr when memory is short. */
int inputs_make_short(bool mixed, size_t str_len, size_t count,
                      uint64_t seed, bench_input *in);

/* inputs_plant_error changes one character that starts about 64 bytes
 * before the end of the valid input *in so that it holds exactly one
 * error there (an ASCII byte becomes 80; the last byte of a multi-byte
 * character becomes 'A'), renames it "<name>+err" and records the planted
 * offset. *undo remembers what to put back. Returns 0, or -1 when the
 * input is too short. */
typedef struct input_undo {
    size_t pos;
    uint8_t byte;
    char name[40];
} input_undo;
int inputs_plant_error(bench_input *in, input_undo *undo);

/* inputs_restore undoes inputs_plant_error. */
void inputs_restore(bench_input *in, const input_undo *undo);

/* inputs_set_expectations computes in->valid, err_offset, n_u32, n_u16,
 * sanitized_len and the output hashes with u8guard's scalar reference (the implementation is
 * forced to "scalar" for the call and set back to "auto"). For a set of
 * short strings, valid is true only when every string is valid. Returns 0,
 * or -1 when the reference could not be forced or memory is short. */
int inputs_set_expectations(bench_input *in);

/* inputs_free releases in->data and zeroes *in. */
void inputs_free(bench_input *in);

#endif
