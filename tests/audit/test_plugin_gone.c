/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* test_plugin_gone.c -- a white-box test of the runner
 * (oracle/plugin/plugin_runner.c) when a plugin's child cannot be
 * started again: the plugin file is removed after it was opened, the
 * plugin faults (plugin_faulty.c's EXIT0 build exits on "Q"), and the
 * restart that follows the fault cannot load it. Each later call then
 * says so ("could not be run: ...", the loader's message naming the
 * file), with status ORACLE_FAILED and no code points.
 *
 *   test_plugin_gone PLUGIN.so DIR   DIR a fresh directory (the plugin is
 *                                    copied there, then removed): exit 0
 *                                    when every check holds, 1 when not,
 *                                    2 on a bad argument */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "plugin_runner.h"

/* Copies the file from to the file to; returns 0, or -1 with why printed. */
static int copy_file(const char *from, const char *to)
{
    char buf[65536];
    FILE *in = fopen(from, "rb"), *out = in ? fopen(to, "wb") : NULL;
    size_t n;
    int bad = in == NULL || out == NULL;

    while (!bad && (n = fread(buf, 1, sizeof buf, in)) > 0)
        bad = fwrite(buf, 1, n, out) != n;
    bad |= in != NULL && ferror(in);
    if (in != NULL)
        fclose(in);
    if (out != NULL && fclose(out) != 0)
        bad = 1;
    if (bad)
        fprintf(stderr, "test_plugin_gone: cannot copy %s to %s\n", from, to);
    return bad ? -1 : 0;
}

int main(int argc, char **argv)
{
    char err[PLUGIN_RUNNER_ERR_ROOM], path[4096], want[4096 + 128], msg[200];
    uint32_t cps[ORACLE_ROOM(1)];
    oracle_verdict v;
    plugin_runner *r;
    plugin_fault f;
    int bad = 0;

    if (argc != 3) {
        fprintf(stderr, "usage: test_plugin_gone PLUGIN.so DIR\n");
        return 2;
    }
    if ((size_t)snprintf(path, sizeof path, "%s/gone.so", argv[2]) >= sizeof path) {
        fprintf(stderr, "test_plugin_gone: %s: too long\n", argv[2]);
        return 2;
    }
    if (copy_file(argv[1], path) != 0)
        return 1;
    r = plugin_runner_open(path, 10000, err, sizeof err);
    (void)unlink(path);
    if (r == NULL) {
        fprintf(stderr, "test_plugin_gone: open: %s\n", err);
        return 1;
    }
    memset(&v, 0, sizeof v);
    v.cps = cps;
    f = plugin_runner_decode(r, (const uint8_t *)"Q", 1, &v);
    if (f != PLUGIN_FAULT_EXIT) {
        fprintf(stderr, "test_plugin_gone 'Q': fault %s, expected exited\n", plugin_fault_name(f));
        bad = 1;
    }
    /* The loader's message, cut to 150 bytes as the detail cuts it (a
     * long build directory makes it longer). */
    snprintf(want, sizeof want, "%s: cannot open shared object file: No such file or directory",
             path);
    snprintf(msg, sizeof msg, "could not be run: %.150s", want);
    for (int call = 1; call <= 2; call++) {
        v.n_cps = 7;
        v.accepted = true;
        f = plugin_runner_decode(r, (const uint8_t *)"A", 1, &v);
        if (f != PLUGIN_FAULT_IO || v.status != ORACLE_FAILED || v.accepted || v.n_cps != 0 ||
            strcmp(plugin_runner_detail(r), msg) != 0) {
            fprintf(stderr, "test_plugin_gone 'A', call %d after the fault: fault %s, status %d, "
                    "accepted %d, %zu code points, detail \"%s\"; expected could not be run, "
                    "%d, 0, 0, \"%s\"\n", call, plugin_fault_name(f), v.status, (int)v.accepted,
                    v.n_cps, plugin_runner_detail(r), ORACLE_FAILED, msg);
            bad = 1;
        }
    }
    plugin_runner_close(r);
    if (!bad)
        printf("test_plugin_gone: a plugin that cannot be started again is reported so at "
               "each call: ok\n");
    return bad;
}
