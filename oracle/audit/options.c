/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* options.c -- the command line of `u8guard audit`. */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "audit.h"
#include "audit_usage.h"

const char audit_usage[] = U8GUARD_AUDIT_USAGE;

/* Parses a decimal unsigned number; returns false when s is not one.
 * strtoull alone would take leading blanks, a sign ("-1" is 2^64 - 1)
 * and "" (as 0), so the first character must be a digit. */
static bool parse_u64(const char *s, uint64_t *v)
{
    char *end;
    unsigned long long x;

    if (!isdigit((unsigned char)*s))
        return false;
    errno = 0;
    x = strtoull(s, &end, 10);
    if (errno != 0 || *end != '\0')
        return false;
    *v = (uint64_t)x;
    return true;
}

/* Prints the usage error "before ARG after" and returns 2. */
static int usage_error(const char *before, const char *arg, const char *after)
{
    fprintf(stderr, "u8guard audit: %s%s%s\nTry 'u8guard audit --help'.\n",
            before, arg, after);
    return 2;
}

/* Returns true when arg is the option name, as "--name VALUE" or
 * "--name=VALUE"; *val is then the value (NULL when it is missing: the
 * option is the last argument, and argv[argc] is NULL). */
static bool takes(const char *arg, const char *name, int *i, char **argv, const char **val)
{
    size_t n = strlen(name);

    if (strncmp(arg, name, n) != 0)
        return false;
    if (arg[n] == '=') {
        *val = arg + n + 1;
        return true;
    }
    if (arg[n] != '\0')
        return false;
    *val = argv[*i + 1];
    if (*val != NULL)
        ++*i;
    return true;
}

int audit_parse_options(int argc, char **argv, audit_options *o)
{
    memset(o, 0, sizeof *o);
    o->seconds = AUDIT_DEFAULT_SECONDS;
    o->seed = AUDIT_DEFAULT_SEED;
    o->timeout_ms = AUDIT_DEFAULT_TIMEOUT_MS;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = NULL;
        uint64_t x;

        if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
            o->help = true;
        } else if (strcmp(a, "--json") == 0) {
            o->format = AUDIT_FORMAT_JSON;
        } else if (strcmp(a, "--list") == 0) {
            o->list = true;
        } else if (strcmp(a, "--world") == 0) {
            o->world = true;
        } else if (takes(a, "--format", &i, argv, &v)) {
            if (v != NULL && strcmp(v, "text") == 0)
                o->format = AUDIT_FORMAT_TEXT;
            else if (v != NULL && strcmp(v, "json") == 0)
                o->format = AUDIT_FORMAT_JSON;
            else if (v != NULL && strcmp(v, "markdown") == 0)
                o->format = AUDIT_FORMAT_MARKDOWN;
            else
                return usage_error("bad --format '", v ? v : "", "' (text, json or markdown)");
        } else if (strcmp(a, "--no-builtin") == 0) {
            o->no_builtin = true;
        } else if (takes(a, "--plugin", &i, argv, &v)) {
            if (v == NULL || *v == '\0')
                return usage_error("", "--plugin", " needs a file");
            if (o->n_plugins == AUDIT_MAX_PLUGINS)
                return usage_error("too many plugins (at most 32): ", v, "");
            o->plugins[o->n_plugins++] = v;
        } else if (takes(a, "--exec", &i, argv, &v)) {
            if (v == NULL || *v == '\0')
                return usage_error("", "--exec", " needs a command");
            if (o->n_execs == AUDIT_MAX_PLUGINS)
                return usage_error("too many --exec decoders (at most 32): ", v, "");
            o->execs[o->n_execs++] = v;
        } else if (takes(a, "--only", &i, argv, &v)) {
            if (v == NULL || *v == '\0')
                return usage_error("", "--only", " needs a decoder name");
            if (o->n_only == AUDIT_MAX_ONLY)
                return usage_error("too many --only names (at most 32): ", v, "");
            o->only[o->n_only++] = v;
        } else if (takes(a, "--seconds", &i, argv, &v)) {
            char *end;
            if (v == NULL)
                return usage_error("", "--seconds", " needs a number of seconds");
            errno = 0;
            o->seconds = strtod(v, &end);
            if (errno != 0 || end == v || *end != '\0' || !(o->seconds >= 0) ||
                o->seconds > 86400.0)
                return usage_error("bad --seconds '", v, "' (0 to 86400)");
        } else if (takes(a, "--cases", &i, argv, &v)) {
            if (v == NULL || !parse_u64(v, &x) || x > 100000000u)
                return usage_error("bad --cases '", v ? v : "", "' (0 to 100000000)");
            o->max_cases = (unsigned long)x;
            o->max_cases_set = true;
        } else if (takes(a, "--seed", &i, argv, &v)) {
            if (v == NULL || !parse_u64(v, &x))
                return usage_error("bad --seed '", v ? v : "", "' (a decimal number)");
            o->seed = x;
        } else if (takes(a, "--timeout-ms", &i, argv, &v)) {
            if (v == NULL || !parse_u64(v, &x) || x < 1 || x > 600000)
                return usage_error("bad --timeout-ms '", v ? v : "", "' (1 to 600000)");
            o->timeout_ms = (int)x;
        } else if (takes(a, "--record", &i, argv, &v)) {
            if (v == NULL || *v == '\0')
                return usage_error("", "--record", " needs a directory");
            o->record_dir = v;
        } else if (takes(a, "--replay-one", &i, argv, &v)) {
            if (v == NULL || *v == '\0')
                return usage_error("", "--replay-one", " needs a file");
            o->replay_one = v;
        } else if (takes(a, "--replay", &i, argv, &v)) {
            if (v == NULL || *v == '\0')
                return usage_error("", "--replay", " needs a directory");
            o->replay_dir = v;
        } else if (takes(a, "--corpus", &i, argv, &v)) {
            if (v == NULL || *v == '\0')
                return usage_error("", "--corpus", " needs a file");
            o->corpus = v;
        } else {
            return usage_error(a[0] == '-' ? "unknown option '" : "unexpected argument '",
                               a, "'");
        }
    }
    if (o->replay_dir && o->replay_one)
        return usage_error("", "--replay", ": choose one of --replay and --replay-one");
    if (o->no_builtin && o->n_plugins == 0 && o->n_execs == 0 && !o->world &&
        !o->help && !o->list)
        return usage_error("", "--no-builtin",
                           " leaves nothing to audit: add --plugin FILE.so, --exec COMMAND or --world");
    return 0;
}
