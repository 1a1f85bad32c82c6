/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* args.h -- the command-line conventions shared by the sub-commands,
 * parsed with getopt_long: short options that may be grouped and take
 * their value attached or in the next argument ("-oFILE", "-o FILE"),
 * long options that may be abbreviated to any unambiguous prefix and take
 * their value after '=' or in the next argument ("--max-errors=3",
 * "--max 3"), options and operands in any order, "--" to end the options,
 * "-" for standard input, and strictly checked numbers. Every mistake gets
 * one message in the form of diag_usage. */
#ifndef U8GUARD_CLI_ARGS_H
#define U8GUARD_CLI_ARGS_H

#include <getopt.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The largest --buffer-size: with the 3x output room sanitize needs, a
 * bigger buffer only costs memory. */
#define CLI_MAX_BUFFER ((uint64_t)64 << 20)
#define CLI_DEFAULT_BUFFER ((size_t)256 << 10)

/* What args_next returns besides an option's val. */
enum {
    ARGS_END = -1,     /* no argument left */
    ARGS_FAIL = -2,    /* a usage mistake, already reported */
    ARGS_OPERAND = 1,  /* an operand (a file name, "-", hex): what getopt_long returns for
                        * one, given "-" first in its option string; never an option's val */
    /* The first val of a long option with no short form: above every
     * short option letter, which is ASCII. */
    ARGS_LONG_ONLY = 256
};

struct args {
    const char *cmd;             /* sub-command name, for messages */
    int argc;
    char **argv;
    const struct option *longs;  /* terminated by a zeroed entry */
    char shorts[64];             /* "-:", up to 61 characters of short options, NUL */
    bool rest;                   /* getopt_long is done: the rest are operands */
};

/* args_init starts parsing argv[1..argc) of sub-command cmd with the short
 * options shorts (getopt syntax, "o:" for one with a value) and the long
 * options longs (each with flag NULL and a val that is a short option
 * letter or a value from ARGS_LONG_ONLY up). Returns nothing. */
void args_init(struct args *a, const char *cmd, int argc, char **argv,
               const char *shorts, const struct option *longs);

/* args_next returns the next option's val (*value is its value, or NULL
 * when it takes none), ARGS_OPERAND with *value the operand, ARGS_END when
 * nothing is left, or ARGS_FAIL after printing a usage message (unknown or
 * ambiguous option, missing or unexpected value). Operands come back in
 * the order given, mixed with the options. */
int args_next(struct args *a, const char **value);

/* The results of parse_count. */
enum count_result { COUNT_OK, COUNT_BAD, COUNT_TOO_LARGE };

/* parse_count parses s as a decimal number, optionally followed by one of
 * the binary suffixes K, M or G (x1024, x1024^2, x1024^3), with nothing
 * else around it (no sign, no blanks). Returns COUNT_OK and sets *out when
 * s is such a number not above max; COUNT_TOO_LARGE when it is well formed
 * but above max (or above 2^64 - 1); COUNT_BAD on anything else (empty,
 * garbage, a sign). *out is 0 unless COUNT_OK. */
enum count_result parse_count(const char *s, uint64_t max, uint64_t *out);

/* parse_buffer_size parses the value of --buffer-size (1..CLI_MAX_BUFFER).
 * Returns true and sets *out on success; false after printing a usage
 * message for sub-command cmd. */
bool parse_buffer_size(const char *cmd, const char *s, size_t *out);

#endif
