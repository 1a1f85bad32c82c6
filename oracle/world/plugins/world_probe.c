/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* world_probe.c -- the test driver of the world's plugins (ctest label
 * "world"): loads a plugin and checks its exact answers.
 *
 *   world_probe PLUGIN.so strict|replace HEX=ANSWER...
 *
 * runs the plugin's strict (u8guard_audit_decode) or replacing
 * (u8guard_audit_decode_replace) mode on each HEX input (may be empty) and
 * compares its answer, written as in doc/audit-exec.md's protocol ("ok 41
 * 20ac", "reject 1 41", "reject ?"), with ANSWER. It also prints the
 * plugin's u8guard_audit_version, which must exist. Exit status 0 when
 * all answers match, 1 when some does not (each printed), 2 on a usage or
 * loading error. The plugin runs in this process: these are known inputs,
 * not an audit. */
#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "u8guard/audit_plugin.h"

/* Parses hex h[0..n) into out; returns the byte count, or -1. */
static long unhex(const char *h, size_t n, unsigned char *out)
{
    if (n % 2 != 0)
        return -1;
    for (size_t i = 0; i < n; i += 2) {
        unsigned v;
        if (sscanf(h + i, "%2x", &v) != 1)
            return -1;
        out[i / 2] = (unsigned char)v;
    }
    return (long)(n / 2);
}

int main(int argc, char **argv)
{
    void *h, *sym;
    u8guard_audit_decode_fn *decode = NULL;
    u8guard_audit_version_fn *version = NULL;
    int bad = 0;

    if (argc < 3 || (strcmp(argv[2], "strict") != 0 && strcmp(argv[2], "replace") != 0)) {
        fprintf(stderr, "usage: world_probe PLUGIN.so strict|replace HEX=ANSWER...\n");
        return 2;
    }
    h = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
    if (h == NULL) {
        fprintf(stderr, "world_probe: %s\n", dlerror());
        return 2;
    }
    sym = dlsym(h, argv[2][0] == 's' ? "u8guard_audit_decode" : "u8guard_audit_decode_replace");
    memcpy(&decode, &sym, sizeof decode);
    sym = dlsym(h, "u8guard_audit_version");
    memcpy(&version, &sym, sizeof version);
    if (decode == NULL || version == NULL) {
        fprintf(stderr, "world_probe: %s lacks the %s function or the version\n",
                argv[1], argv[2]);
        return 2;
    }
    printf("version: %s\n", version());
    for (int a = 3; a < argc; a++) {
        const char *eq = strchr(argv[a], '=');
        size_t hl = eq ? (size_t)(eq - argv[a]) : 0;
        unsigned char *in = malloc(hl / 2 + 1);
        uint32_t *out = malloc((hl / 2 + 1) * sizeof *out);
        char got[4096];
        size_t n_out = 0, err = 0, used;
        long len;
        int rc;

        if (eq == NULL || in == NULL || out == NULL ||
            (len = unhex(argv[a], hl, in)) < 0) {
            fprintf(stderr, "world_probe: bad argument '%s' (HEX=ANSWER)\n", argv[a]);
            return 2;
        }
        rc = decode(in, (size_t)len, out, &n_out, &err);
        if (rc == 0)
            used = (size_t)snprintf(got, sizeof got, "ok");
        else if (err == SIZE_MAX)
            used = (size_t)snprintf(got, sizeof got, "reject ?");
        else
            used = (size_t)snprintf(got, sizeof got, "reject %zu", err);
        for (size_t i = 0; i < n_out && i <= (size_t)len && used + 12 < sizeof got; i++)
            used += (size_t)snprintf(got + used, sizeof got - used, " %x", (unsigned)out[i]);
        if (strcmp(got, eq + 1) != 0) {
            printf("%.*s: got \"%s\", expected \"%s\"\n", (int)hl, argv[a], got, eq + 1);
            bad = 1;
        }
        free(in);
        free(out);
    }
    return bad;
}
