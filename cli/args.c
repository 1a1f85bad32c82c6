/* args.c -- option scanning and number parsing for the sub-commands. */
#include "args.h"

#include <string.h>

#include "diag.h"

void argscan_init(struct argscan *a, const char *cmd, int argc, char **argv)
{
    a->argc = argc;
    a->argv = argv;
    a->i = 1;
    a->no_more = false;
    a->cmd = cmd;
}

enum arg_type argscan_next(struct argscan *a, const char **text,
                           size_t *text_len, const char **inline_value)
{
    const char *s, *eq;

    *inline_value = NULL;
    for (;;) {
        if (a->i >= a->argc)
            return ARG_END;
        s = a->argv[a->i++];
        *text = s;
        *text_len = strlen(s);
        if (a->no_more || s[0] != '-' || s[1] == '\0')
            return ARG_OPERAND;
        if (strcmp(s, "--") == 0) {
            a->no_more = true;
            continue;
        }
        if (s[1] == '-' && (eq = strchr(s, '=')) != NULL) {
            *text_len = (size_t)(eq - s);
            *inline_value = eq + 1;
        }
        return ARG_OPTION;
    }
}

const char *argscan_value(struct argscan *a, const char *opt,
                          const char *inline_value)
{
    if (inline_value)
        return inline_value;
    if (a->i >= a->argc) {
        diag_usage(a->cmd, "option '%s' needs a value", opt);
        return NULL;
    }
    return a->argv[a->i++];
}

bool argscan_is(const char *text, size_t len, const char *name)
{
    return strlen(name) == len && memcmp(text, name, len) == 0;
}

bool parse_count(const char *s, uint64_t max, uint64_t *out)
{
    uint64_t v = 0, mult = 1;
    const char *p = s;

    if (*p < '0' || *p > '9')
        return false;
    for (; *p >= '0' && *p <= '9'; p++) {
        unsigned d = (unsigned)(*p - '0');
        if (v > (UINT64_MAX - d) / 10)
            return false;
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
        return false;
    if (v > UINT64_MAX / mult)
        return false;
    v *= mult;
    if (v > max)
        return false;
    *out = v;
    return true;
}

bool parse_buffer_size(const char *cmd, const char *s, size_t *out)
{
    uint64_t v;

    if (!parse_count(s, UINT64_MAX, &v) || v == 0) {
        diag_usage(cmd, "bad --buffer-size '%s': expected a whole number of "
                        "bytes from 1 to 64M", s);
        return false;
    }
    if (v > CLI_MAX_BUFFER || v > SIZE_MAX / 4) {
        diag_usage(cmd, "--buffer-size '%s' is too large: the limit is 64M "
                        "(67108864 bytes)", s);
        return false;
    }
    *out = (size_t)v;
    return true;
}
