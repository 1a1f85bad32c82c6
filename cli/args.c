/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* args.c -- option parsing (getopt_long) and number parsing for the
 * sub-commands. */
#include "args.h"

#include <stdio.h>
#include <string.h>

#include "diag.h"

void args_init(struct args *a, const char *cmd, int argc, char **argv,
               const char *shorts, const struct option *longs)
{
    a->cmd = cmd;
    a->argc = argc;
    a->argv = argv;
    a->longs = longs;
    a->rest = false;
    /* '-': operands come back in order (as option 1), whatever
     * POSIXLY_CORRECT says; ':': a missing value is told apart (':').
     * snprintf cuts shorts to the room there is. */
    (void)snprintf(a->shorts, sizeof a->shorts, "-:%s", shorts);
    optind = 0; /* glibc: 0 starts a fresh scan */
    opterr = 0; /* the messages are ours */
}

/* Prints a usage message (as diag_usage) and returns ARGS_FAIL. */
#define fail(...) (diag_usage(__VA_ARGS__), ARGS_FAIL)

/* The long option whose val is val, or NULL. */
static const struct option *by_val(const struct args *a, int val)
{
    const struct option *o;

    for (o = a->longs; o->name; o++)
        if (o->val == val)
            return o;
    return NULL;
}

/* Reports "--name..." (argv text) that getopt_long did not accept: a
 * prefix of no long option (unknown) or of several (ambiguous); never of
 * exactly one, which getopt_long takes. The names are listed while they
 * fit in list. */
static int bad_long(const struct args *a, const char *text)
{
    const char *eq = strchr(text, '=');
    size_t len = eq ? (size_t)(eq - text) : strlen(text);
    const struct option *o;
    char list[512] = "";
    size_t used = 0, k;
    bool ambiguous = false;

    for (o = a->longs; o->name; o++) {
        if (strncmp(o->name, text + 2, len - 2) != 0)
            continue;
        ambiguous = true;
        k = strlen(o->name) + (used ? 6 : 4); /* ", '--" or "'--", the name, "'" */
        if (used + k < sizeof list)
            used += (size_t)snprintf(list + used, sizeof list - used, "%s'--%s'",
                                     used ? ", " : "", o->name);
    }
    if (ambiguous)
        return fail(a->cmd, "option '%.*s' is ambiguous: it may be %s", (int)len, text, list);
    return fail(a->cmd, "unknown option '%.*s'", (int)len, text);
}

int args_next(struct args *a, const char **value)
{
    const struct option *o;
    const char *typed;
    int c;

    *value = NULL;
    if (!a->rest) {
        c = getopt_long(a->argc, a->argv, a->shorts, a->longs, NULL);
        if (c != -1) {
            /* For long options getopt_long has stepped past the argument
             * (and its separate value, if any) it complains about. */
            typed = optind >= 1 && optind - 1 < a->argc ? a->argv[optind - 1] : "";
            if (c == ':' || c == '?') {
                bool is_long = strncmp(typed, "--", 2) == 0;
                if (c == '?' && optopt == 0)
                    return bad_long(a, typed);
                o = is_long ? by_val(a, optopt) : NULL;
                if (c == ':') {
                    if (o)
                        return fail(a->cmd, "option '--%s' needs a value", o->name);
                    return fail(a->cmd, "option '-%c' needs a value", optopt);
                }
                if (o)
                    return fail(a->cmd, "option '--%s' takes no value", o->name);
                return fail(a->cmd, "unknown option '-%c'", optopt);
            }
            /* An option's val, or 1 (ARGS_OPERAND) for an operand, which
             * the '-' of the option string makes getopt_long return. */
            *value = optarg;
            return c;
        }
        a->rest = true; /* "--" or the end; optind is the first operand left */
    }
    if (optind >= a->argc)
        return ARGS_END;
    *value = a->argv[optind++];
    return ARGS_OPERAND;
}

enum count_result parse_count(const char *s, uint64_t max, uint64_t *out)
{
    uint64_t v = 0, mult = 1;
    const char *p = s;
    bool overflow = false;

    *out = 0;
    if (*p < '0' || *p > '9')
        return COUNT_BAD;
    for (; *p >= '0' && *p <= '9'; p++) {
        unsigned d = (unsigned)(*p - '0');
        if (v > (UINT64_MAX - d) / 10)
            overflow = true; /* read on: "99...9x" is garbage, not too large */
        else
            v = v * 10 + d;
    }
    if (*p == 'K')
        mult = (uint64_t)1 << 10;
    else if (*p == 'M')
        mult = (uint64_t)1 << 20;
    else if (*p == 'G')
        mult = (uint64_t)1 << 30;
    if (mult != 1)
        p++;
    if (*p != '\0')
        return COUNT_BAD;
    if (overflow || v > UINT64_MAX / mult || v * mult > max)
        return COUNT_TOO_LARGE;
    *out = v * mult;
    return COUNT_OK;
}

/* sanitize allocates 3 bytes of output room per byte read and the whole
 * buffer once more: any --buffer-size that parse_count lets through fits
 * size_t four times over, on 32-bit machines too. */
_Static_assert(CLI_MAX_BUFFER <= SIZE_MAX / 4, "CLI_MAX_BUFFER * 4 must fit size_t");

bool parse_buffer_size(const char *cmd, const char *s, size_t *out)
{
    uint64_t v;
    enum count_result r = parse_count(s, CLI_MAX_BUFFER, &v);

    if (r == COUNT_BAD || (r == COUNT_OK && v == 0)) {
        diag_usage(cmd, "bad --buffer-size '%s': expected a whole number of "
                        "bytes from 1 to 64M", s);
        return false;
    }
    if (r == COUNT_TOO_LARGE) {
        diag_usage(cmd, "--buffer-size '%s' is too large: the limit is 64M "
                        "(67108864 bytes)", s);
        return false;
    }
    *out = (size_t)v;
    return true;
}
