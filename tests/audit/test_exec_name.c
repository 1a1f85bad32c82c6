/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* test_exec_name.c -- a white-box test of an --exec decoder's name
 * (oracle/plugin/plugin_runner.c, exec_name): the words of its command,
 * each without its directory, cut after 63 bytes, never ending with the
 * space before a word it has no room for.
 *
 * The audit's output (audit_exec_name_cut) cannot show a name written
 * one byte too long: decoders.c copies it into 64 bytes. Here the
 * runner's own copy is read (plugin_runner_name), so a 64th byte, or a
 * terminator written past the name's room, shows as a name of 64.
 *
 *   test_exec_name       exit 0 when every name is as wanted, else 1 */
#include <stdio.h>
#include <string.h>

#include "plugin_runner.h"

/* The command answers every request "ok" (the empty one is what opening
 * checks); the shell ignores everything after its '#'. Its name: */
#define LOOP "while read -r l; do echo ok; done #"

/* Opens head, LOOP and tail (" x", a path...) as one command and checks
 * that its name is want_head, LOOP's 35 bytes and want, cut after 63
 * bytes. Returns 0 when it is, else 1 with why printed. */
static int check(const char *head, const char *tail, const char *want_head,
                 const char *want)
{
    char cmd[512], expected[64], err[PLUGIN_RUNNER_ERR_ROOM];
    plugin_runner *r;
    int bad = 0;

    snprintf(cmd, sizeof cmd, "%s%s%s", head, LOOP, tail);
    snprintf(expected, sizeof expected, "%s%s%s", want_head, LOOP, want);
    r = plugin_runner_open_exec(cmd, 10000, err, sizeof err);
    if (r == NULL) {
        fprintf(stderr, "test_exec_name: open \"%s\": %s\n", cmd, err);
        return 1;
    }
    if (strcmp(plugin_runner_name(r), expected) != 0) {
        fprintf(stderr, "test_exec_name: \"%s\" is named \"%s\" (%zu bytes), expected \"%s\"\n",
                cmd, plugin_runner_name(r), strlen(plugin_runner_name(r)), expected);
        bad = 1;
    } else {
        printf("test_exec_name: \"%s\": ok (%zu bytes)\n", expected, strlen(expected));
    }
    plugin_runner_close(r);
    return bad;
}

int main(void)
{
    char w26[26 + 1], w27[27 + 1], w28[28 + 1];
    char t26[64], t27[64], t28[64];

    memset(w26, 'a', 26), w26[26] = '\0';
    memset(w27, 'b', 27), w27[27] = '\0';
    memset(w28, 'c', 28), w28[28] = '\0';
    /* LOOP (35) and a word of 26: 62 bytes; " x" would end in a space. */
    snprintf(t26, sizeof t26, " %s x", w26);
    /* 63 bytes, then a word with no room at all. */
    snprintf(t27, sizeof t27, " %s x", w27);
    /* A word of 28: 64 bytes, cut to 63 (as check cuts what it wants). */
    snprintf(t28, sizeof t28, " %s", w28);
    {
        char e26[64], e27[64];

        snprintf(e26, sizeof e26, " %s", w26);
        snprintf(e27, sizeof e27, " %s", w27);
        return check("", t26, "", e26) | check("", t27, "", e27) | check("", t28, "", t28) |
               /* Directories are left out, of every word; a word that
                * is one, and blanks (a tab too), add nothing. */
               check("", "  /a/b/y\t./z c/ /", "", " y z") |
               /* Within a word too. And plugin_runner_open_exec gives the
                * decoder the sandbox's allowance of address space
                * (SANDBOX_AS_EXTRA_MB, 4 GiB beyond the auditor's): dd's
                * buffer of 64 MiB fits, or the loop would not start. */
               check("dd bs=64M count=1 </dev/zero >/dev/null 2>&1 && ", "",
                     "dd bs=64M count=1 zero null 2>&1 && ", "");
    }
}
