/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* world.c -- reads the registry of the world's decoders (world.h) and
 * decides, without running them, which of them can run here. */
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "audit.h"
#include "install_dirs.h"
#include "sandbox.h"
#include "support/poll_wait.h"
#include "world.h"

const char *audit_world_dir(char *buf, size_t cap)
{
    const char *env = getenv("U8GUARD_WORLD_DIR");

    if (env != NULL && *env != '\0')
        return (size_t)snprintf(buf, cap, "%s", env) < cap ? buf : NULL;
    return u8g_exe_relative("world", buf, cap);
}

/* The mark a registry's commands write for the world directory. */
#define WORLD_MARK "@WORLD@"
#define WORLD_MARK_LEN (sizeof WORLD_MARK - 1)

/* Returns true when s[i..n) starts with WORLD_MARK. */
static bool mark_at(const char *s, size_t n, size_t i)
{
    return n - i >= WORLD_MARK_LEN && memcmp(s + i, WORLD_MARK, WORLD_MARK_LEN) == 0;
}

/* Returns a malloc'd copy of s[0..n) with every @WORLD@ replaced by dir,
 * or NULL when out of memory. */
static char *expand(const char *s, size_t n, const char *dir)
{
    size_t dl = strlen(dir), cap = n + 1, o = 0;
    char *out;

    for (size_t i = 0; i < n; i++)
        if (mark_at(s, n, i))
            cap += dl;
    out = malloc(cap);
    if (out == NULL)
        return NULL;
    for (size_t i = 0; i < n;) {
        if (mark_at(s, n, i)) {
            memcpy(out + o, dir, dl);
            o += dl;
            i += WORLD_MARK_LEN;
        } else {
            out[o++] = s[i++];
        }
    }
    out[o] = '\0';
    return out;
}

/* Returns true when name is [a-z0-9_.-]+ and shorter than 64 bytes. */
static bool good_name(const char *s, size_t n)
{
    if (n == 0 || n > 63)
        return false;
    for (size_t i = 0; i < n; i++)
        if (!((s[i] >= 'a' && s[i] <= 'z') || (s[i] >= '0' && s[i] <= '9') ||
              s[i] == '_' || s[i] == '.' || s[i] == '-'))
            return false;
    return true;
}

/* Parses field f[0..n) of kind "plugin:FILE" or "exec:COMMAND" into *out
 * (a plugin: the file inside dir). Returns NULL, or what is wrong. */
static const char *parse_kind(const char *f, size_t n, const char *dir, char **out,
                              bool *plugin)
{
    if (n > 7 && memcmp(f, "plugin:", 7) == 0) {
        char *file = malloc(strlen(dir) + n);
        if (file == NULL)
            return "out of memory";
        snprintf(file, strlen(dir) + n, "%s/%.*s", dir, (int)(n - 7), f + 7);
        *out = file;
        *plugin = true;
        return NULL;
    }
    if (n > 5 && memcmp(f, "exec:", 5) == 0) {
        *out = expand(f + 5, n - 5, dir);
        *plugin = false;
        return *out ? NULL : "out of memory";
    }
    return "a mode that is neither plugin:FILE nor exec:COMMAND";
}

/* Fills e from the six fields f[0..6) (lengths n[0..6)) of a line.
 * Returns NULL, or what is wrong. */
static const char *parse_entry(world_entry *e, char *const *f, const size_t *n,
                               const char *dir)
{
    const char *err;

    if (!good_name(f[0], n[0]))
        return "a name that is not [a-z0-9_.-]+ (1 to 63 bytes)";
    memcpy(e->name, f[0], n[0]);
    if (n[1] == 0 || n[1] >= sizeof e->language)
        return "a language of 1 to 15 bytes";
    memcpy(e->language, f[1], n[1]);
    if ((err = parse_kind(f[2], n[2], dir, &e->strict, &e->strict_plugin)) != NULL)
        return err;
    if (!(n[3] == 1 && f[3][0] == '-') &&
        (err = parse_kind(f[3], n[3], dir, &e->replace, &e->replace_plugin)) != NULL)
        return err;
    if (n[4] == 6 && memcmp(f[4], "plugin", 6) == 0) {
        if (!e->strict_plugin)
            return "version 'plugin' for a decoder that is not a plugin";
    } else if (n[4] > 5 && memcmp(f[4], "exec:", 5) == 0) {
        e->version_cmd = expand(f[4] + 5, n[4] - 5, dir);
        if (e->version_cmd == NULL)
            return "out of memory";
    } else {
        return "a version that is neither 'plugin' nor exec:COMMAND";
    }
    e->packages = expand(f[5], n[5], "");
    return e->packages ? NULL : "out of memory";
}

/* Frees the strings of one entry. */
static void entry_free(world_entry *e)
{
    free(e->strict);
    free(e->replace);
    free(e->version_cmd);
    free(e->packages);
}

/* The fields of a registry line: name, language, strict mode, replacing
 * mode, version, packages (world.h). */
#define WORLD_FIELDS 6

long audit_world_load(const char *dir, world_entry **out)
{
    char path[4096], *line = NULL;
    size_t cap = 0;
    ssize_t got;
    long n = 0, lineno = 0, room = 0;
    world_entry *e = NULL;
    FILE *fp;

    *out = NULL;
    snprintf(path, sizeof path, "%s/decoders.tsv", dir);
    fp = fopen(path, "r");
    if (fp == NULL) {
        if (errno == ENOENT)
            return 0;
        fprintf(stderr, "u8guard audit: %s: %s\n", path, strerror(errno));
        return -1;
    }
    while ((got = getline(&line, &cap, fp)) >= 0) {
        char *f[WORLD_FIELDS], *p = line;
        size_t len[WORLD_FIELDS], k = 0;
        const char *bad = NULL;

        lineno++;
        line[strcspn(line, "\r\n")] = '\0'; /* the line's end: LF, CR LF */
        if (line[0] == '\0' || line[0] == '#')
            continue;
        for (;;) {
            char *tab = strchr(p, '\t');
            if (k == WORLD_FIELDS) {
                bad = "more than 6 TAB-separated fields";
                break;
            }
            f[k] = p;
            len[k++] = tab ? (size_t)(tab - p) : strlen(p);
            if (tab == NULL)
                break;
            p = tab + 1;
        }
        if (bad == NULL && k != WORLD_FIELDS)
            bad = "fewer than 6 TAB-separated fields";
        if (bad == NULL && n == room) {
            world_entry *grown = realloc(e, (size_t)(room = room ? 2 * room : 32) * sizeof *e);
            if (grown == NULL)
                bad = "out of memory";
            else
                e = grown;
        }
        if (bad == NULL) {
            memset(&e[n], 0, sizeof e[n]);
            e[n].line = lineno;
            bad = parse_entry(&e[n], f, len, dir);
            for (long i = 0; bad == NULL && i < n; i++)
                if (strcmp(e[i].name, e[n].name) == 0)
                    bad = "a name already used on an earlier line";
            if (bad != NULL)
                entry_free(&e[n]);
            else
                n++;
        }
        if (bad != NULL) {
            fprintf(stderr, "u8guard audit: %s:%ld: %s\n", path, lineno, bad);
            goto fail;
        }
    }
    if (!feof(fp)) { /* a read error, or out of memory (getline) */
        fprintf(stderr, "u8guard audit: %s: %s\n", path, strerror(errno));
        goto fail;
    }
    free(line);
    fclose(fp);
    *out = e;
    return n;
fail:
    free(line);
    fclose(fp);
    audit_world_free(e, n);
    return -1;
}

void audit_world_free(world_entry *e, long n)
{
    for (long i = 0; i < n; i++)
        entry_free(&e[i]);
    free(e);
}

unsigned long audit_world_as_extra_mb(const world_entry *e)
{
    if (strcmp(e->language, "Java") == 0 || strcmp(e->language, "C#") == 0 ||
        strcmp(e->language, "Go") == 0)
        return SANDBOX_AS_RUNTIME_MB;
    return SANDBOX_AS_EXTRA_MB;
}

/* Returns true when program (a word without '/') is an executable file
 * in a directory of PATH (/usr/bin:/bin when PATH is not set), as execvp
 * looks: an empty entry is the current directory, and an entry too long
 * to make a path with program is passed over. */
static bool on_path(const char *program)
{
    const char *path = getenv("PATH");
    char buf[4096];

    if (path == NULL)
        path = "/usr/bin:/bin";
    for (;;) {
        size_t n = strcspn(path, ":");
        int len = n == 0 ? snprintf(buf, sizeof buf, "./%s", program)
                         : snprintf(buf, sizeof buf, "%.*s/%s", (int)n, path, program);

        if ((size_t)len < sizeof buf && access(buf, X_OK) == 0)
            return true;
        if (path[n] == '\0')
            return false;
        path += n + 1;
    }
}

/* Checks command cmd as audit_world_probe says; writes why it cannot run
 * to why[0..cap) and returns false, or returns true. */
static bool command_runs(const char *cmd, const char *dir, char *why, size_t cap)
{
    size_t dl = strlen(dir);
    bool first = true;

    while (*cmd != '\0') {
        size_t n = strcspn(cmd, " \t");
        char word[4096];

        if (n >= sizeof word) {
            snprintf(why, cap, "a word of %zu bytes in its command, too long to look for", n);
            return false;
        }
        if (n > 0) {
            memcpy(word, cmd, n);
            word[n] = '\0';
            /* A word inside the world directory (a compiled helper, a
             * script) must be there; the program must be found. */
            if (strncmp(word, dir, dl) == 0 && word[dl] == '/') {
                struct stat sb;
                if (stat(word, &sb) != 0) {
                    snprintf(why, cap, "not built (%.200s is not in the world directory)",
                             word + dl + 1);
                    return false;
                }
                first = false;
            } else if (first && strchr(word, '=') == NULL) {
                if (strchr(word, '/') ? access(word, X_OK) != 0 : !on_path(word)) {
                    snprintf(why, cap, "%.200s is not installed", word);
                    return false;
                }
                first = false;
            }
        }
        cmd += n;
        cmd += strspn(cmd, " \t");
    }
    return true;
}

/* Runs cmd by /bin/sh -c (standard error to /dev/null) and writes the
 * first line it prints within 20 s to buf[0..cap) ("" when none). The 20 s
 * hold across signals: a host's timer interrupts the waits, not the probe. */
static void first_line(const char *cmd, char *buf, size_t cap)
{
    int p[2];
    pid_t pid;
    size_t used = 0;
    struct timespec t0;

    buf[0] = '\0';
    if (pipe(p) != 0)
        return;
    pid = fork();
    if (pid < 0) {
        close(p[0]);
        close(p[1]);
        return;
    }
    if (pid == 0) {
        (void)setpgid(0, 0);
        (void)dup2(p[1], 1);
        (void)close(p[0]);
        (void)close(p[1]);
        if (freopen("/dev/null", "r", stdin) == NULL ||
            freopen("/dev/null", "w", stderr) == NULL)
            _exit(127);
        execl("/bin/sh", "sh", "-c", cmd, (char *)NULL);
        _exit(127);
    }
    (void)setpgid(pid, pid);
    close(p[1]);
    clock_gettime(CLOCK_MONOTONIC, &t0);
    for (;;) {
        long long left = ms_left(&t0, 20000);
        ssize_t got;

        if (left <= 0 || used + 1 >= cap || memchr(buf, '\n', used) != NULL)
            break;
        if (poll_wait(p[0], POLLIN, (int)left, NULL) <= 0)
            break;
        got = read(p[0], buf + used, cap - 1 - used); /* readable: does not block */
        if (got <= 0)
            break;
        used += (size_t)got;
        buf[used] = '\0';
    }
    close(p[0]);
    (void)kill(-pid, SIGKILL);
    while (waitpid(pid, NULL, 0) < 0 && errno == EINTR)
        continue; /* a signal must not leave the child a zombie */
    buf[strcspn(buf, "\r\n")] = '\0';
}

bool audit_world_probe(world_entry *e, const char *dir)
{
    char why[320];
    const char *mode = "strict";
    bool ok;

    e->missing[0] = '\0';
    ok = e->strict_plugin ? access(e->strict, R_OK) == 0
                          : command_runs(e->strict, dir, why, sizeof why);
    if (ok && e->replace != NULL) {
        mode = "replacing";
        ok = e->replace_plugin ? access(e->replace, R_OK) == 0
                               : command_runs(e->replace, dir, why, sizeof why);
    }
    if (!ok) {
        if ((mode[0] == 's' && e->strict_plugin) || (mode[0] == 'r' && e->replace_plugin))
            snprintf(why, sizeof why, "not built (%s: no plugin %s)", mode,
                     strrchr(mode[0] == 's' ? e->strict : e->replace, '/') + 1);
        snprintf(e->missing, sizeof e->missing, "%s; install %s, then configure "
                 "and build again", why, e->packages[0] ? e->packages : "(no package named)");
        return false;
    }
    if (e->version_cmd != NULL)
        first_line(e->version_cmd, e->version, sizeof e->version);
    return true;
}
