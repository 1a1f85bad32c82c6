/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* install_dirs.c -- the running executable's folder (install_dirs.h). */
#include "install_dirs.h"

#include <string.h>
#include <unistd.h>

const char *u8g_exe_relative(const char *rel, char *buf, size_t cap)
{
    ssize_t n;
    char *slash;
    size_t dir_len, rel_len;

    if (cap == 0)
        return NULL;
    /* readlink does not terminate, and truncates silently: a result that
     * fills the buffer may be cut short, so it counts as not fitting. */
    n = readlink("/proc/self/exe", buf, cap);
    if (n <= 0 || (size_t)n >= cap) {
        buf[0] = '\0';
        return NULL;
    }
    buf[n] = '\0';
    slash = strrchr(buf, '/');
    if (slash == NULL) {
        buf[0] = '\0';
        return NULL;
    }
    dir_len = (size_t)(slash - buf);
    /* The kernel's path has no symbolic links, so each leading "../" of
     * rel is the folder above: dropping it here gives the same file and a
     * path without "..", which is what messages should show. */
    while (strncmp(rel, "../", 3) == 0 && dir_len > 0) {
        while (dir_len > 0 && buf[dir_len - 1] != '/')
            dir_len--;
        if (dir_len > 0)
            dir_len--; /* the '/' itself; 0 leaves the root */
        rel += 3;
    }
    rel_len = strlen(rel);
    if (dir_len + 1 + rel_len + 1 > cap) {
        buf[0] = '\0';
        return NULL;
    }
    buf[dir_len] = '/';
    memcpy(buf + dir_len + 1, rel, rel_len + 1);
    return buf;
}
