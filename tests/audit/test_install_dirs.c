/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* test_install_dirs.c -- u8g_exe_relative (oracle/api/install_dirs.c) at
 * the edges a moved install never reaches: the executable's path cut
 * short by a small buffer, a result one byte too long, no room at all,
 * leading "../" past the root, and "..y", which is no folder up. The
 * expected paths are made here from this test's own /proc/self/exe.
 * Every failure must leave "" in the buffer and write nothing past cap
 * (a guard byte beyond it is checked).
 *
 *   test_audit_install_dirs   run the checks (0 or 1) */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "install_dirs.h"

#define GUARD 0x5A

static int failures;

/* Calls u8g_exe_relative(rel, buf, cap) on a buffer of cap bytes followed
 * by a guard byte; want NULL for a refusal (buf must hold ""), else the
 * path it must return in buf. */
static void check(const char *rel, size_t cap, const char *want, const char *what)
{
    char buf[4096 + 1];
    const char *got;

    memset(buf, 'x', sizeof buf);
    buf[cap] = (char)GUARD;
    got = u8g_exe_relative(rel, buf, cap);
    if ((unsigned char)buf[cap] != GUARD) {
        printf("FAIL %s: a byte past cap %zu was written\n", what, cap);
        failures++;
    } else if (want == NULL && (got != NULL || (cap > 0 && buf[0] != '\0'))) {
        printf("FAIL %s: want a refusal with \"\" in the buffer, got %s with \"%.*s\"\n", what,
               got ? "the buffer" : "NULL", (int)cap, buf);
        failures++;
    } else if (want != NULL && (got != buf || strcmp(buf, want) != 0)) {
        printf("FAIL %s: got %s \"%.*s\", want \"%s\"\n", what, got ? "" : "NULL", (int)cap, buf,
               want);
        failures++;
    }
}

int main(void)
{
    char exe[4096], dir[4096 + 8], parent[4096 + 8], rel[4096 + 16], want[2 * 4096 + 64];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    size_t len, dir_len, parent_len, depth, i;

    if (n <= 0) {
        printf("test_audit_install_dirs: /proc/self/exe cannot be read; skipped\n");
        return 77;
    }
    exe[n] = '\0';
    len = (size_t)n;
    dir_len = (size_t)(strrchr(exe, '/') - exe);
    memcpy(dir, exe, dir_len);
    dir[dir_len] = '\0';
    parent_len = dir_len;
    while (parent_len > 0 && dir[parent_len - 1] != '/')
        parent_len--;
    parent_len -= parent_len > 0; /* the '/' before the last folder */
    memcpy(parent, dir, parent_len);
    parent[parent_len] = '\0';
    if (parent_len == 0 || len > 2048) {
        printf("test_audit_install_dirs: %s lies at the root, or its path is over 2048 bytes "
               "(the checks' buffers hold 4096); skipped\n", exe);
        return 77;
    }

    check("x", 0, NULL, "no room");
    check("x", 1, NULL, "room for one byte");
    check("x", 3, NULL, "the executable's path cut short");
    check("x", len, NULL, "the executable's path filling the buffer (maybe cut short)");
    snprintf(want, sizeof want, "%s/x", dir);
    check("x", len + 1, want, "the executable's path with room for its NUL");
    /* A rel longer than the executable's name: the result is then longer
     * than the executable's path, so its room alone decides. */
    memset(rel, 'r', len - dir_len + 8);
    rel[len - dir_len + 8] = '\0';
    snprintf(want, sizeof want, "%s/%s", dir, rel);
    check(rel, strlen(want), NULL, "the result one byte too long");
    check(rel, strlen(want) + 1, want, "the result exactly fitting");
    snprintf(want, sizeof want, "%s/y/z", parent);
    check("../y/z", 4096, want, "one folder up");
    snprintf(want, sizeof want, "%s/..y", dir);
    check("..y", 4096, want, "a name starting with two dots, not a folder up");
    /* 24 "../": one per folder of dir is dropped, the rest stay after "/". */
    strcpy(want, "/");
    for (i = 0, depth = 0; dir[i] != '\0'; i++)
        depth += dir[i] == '/';
    for (i = depth; i < 24; i++)
        strcat(want, "../");
    strcat(want, "y");
    check("../../../../../../../../../../../../../../../../../../../../../../../../y", 4096, want,
          "past the root: the \"../\" the root has no folder for stay");
    snprintf(want, sizeof want, "%s/", dir);
    check("", 4096, want, "an empty rel");
    if (failures == 0)
        printf("test_audit_install_dirs: 11 checks: ok\n");
    return failures != 0;
}
