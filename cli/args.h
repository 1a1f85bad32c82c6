/* args.h -- the command-line conventions shared by the sub-commands:
 * long options with their value either in the next argument or after
 * '=' ("--buffer-size 4096", "--buffer-size=4096"), "--" to end the
 * options, "-" for standard input, and strictly checked numbers. */
#ifndef U8GUARD_CLI_ARGS_H
#define U8GUARD_CLI_ARGS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The largest --buffer-size: with the 3x output room sanitize needs, a
 * bigger buffer only costs memory. */
#define CLI_MAX_BUFFER ((uint64_t)64 << 20)
#define CLI_DEFAULT_BUFFER ((size_t)64 << 10)

struct argscan {
    int argc;
    char **argv;
    int i;          /* next argument to look at */
    bool no_more;   /* "--" seen: the rest are operands */
    const char *cmd; /* sub-command name, for messages */
};

enum arg_type { ARG_END, ARG_OPERAND, ARG_OPTION };

/* argscan_init starts scanning argv[1..argc) of sub-command cmd. */
void argscan_init(struct argscan *a, const char *cmd, int argc, char **argv);

/* argscan_next returns the type of the next argument and sets *text to it:
 * ARG_OPERAND (a file name, or "-"), ARG_OPTION (an argument starting with
 * '-'; *text is the option name up to any '=' and *inline_value what
 * follows the '=', or NULL), or ARG_END when none is left. */
enum arg_type argscan_next(struct argscan *a, const char **text,
                           size_t *text_len, const char **inline_value);

/* argscan_value returns the value of option opt: inline_value when not
 * NULL, else the next argument (consumed). Returns NULL, after printing a
 * usage message, when the option has no value. */
const char *argscan_value(struct argscan *a, const char *opt,
                          const char *inline_value);

/* argscan_is tells whether the option text[0..len) is exactly name. */
bool argscan_is(const char *text, size_t len, const char *name);

/* parse_count parses s as a decimal number, optionally followed by one of
 * the binary suffixes K, M or G (x1024, x1024^2, x1024^3), with nothing
 * else around it (no sign, no blanks). Returns true and sets *out when s
 * is such a number not above max; false on anything else (empty, garbage,
 * a sign, overflow, above max). */
bool parse_count(const char *s, uint64_t max, uint64_t *out);

/* parse_buffer_size parses the value of --buffer-size (1..CLI_MAX_BUFFER).
 * Returns true and sets *out on success; false after printing a usage
 * message for sub-command cmd. */
bool parse_buffer_size(const char *cmd, const char *s, size_t *out);

#endif
