/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* peer_node.c -- simdutf through Node.js.
 *
 * Node 20's buffer.isUtf8 is simdutf::validate_utf8, the fastest UTF-8
 * validator we can call on this machine without adding a C++ dependency.
 * Each input is written to a file in a private temporary directory and a
 * node process times the calls itself (node_isutf8.mjs), so neither
 * process start-up nor the file read is in the figures. The script prints
 * one JSON line; the small reader below takes exactly the fields it
 * writes. */
#define _POSIX_C_SOURCE 200809L
#include "peer_node.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static char node_bin[1024];
static char script_path[4096];
static char tmp_dir[256];
static char version[128];

/* Runs node with argv (NULL-terminated, argv[0] unused) and reads its
 * standard output into buf. Returns 0 when it exited with status 0. */
static int run_node(const char *const argv[], char *buf, size_t size)
{
    int fd[2];
    pid_t pid;
    size_t used = 0;
    int status;

    if (pipe(fd) != 0)
        return -1;
    pid = fork();
    if (pid < 0) {
        close(fd[0]);
        close(fd[1]);
        return -1;
    }
    if (pid == 0) {
        dup2(fd[1], STDOUT_FILENO);
        close(fd[0]);
        close(fd[1]);
        /* execvp's prototype lacks the const it honours. */
        execvp(node_bin, (char *const *)(uintptr_t)argv);
        _exit(127);
    }
    close(fd[1]);
    for (;;) {
        ssize_t k = read(fd[0], buf + used, size - 1 - used);
        if (k < 0 && errno == EINTR)
            continue;
        if (k <= 0)
            break;
        used += (size_t)k;
        if (used == size - 1)
            break;
    }
    buf[used] = '\0';
    close(fd[0]);
    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR)
            return -1;
    return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 0 : -1;
}

/* Finds "key": inside the object that follows "section": in json.
 * Returns a pointer to the value, or NULL. */
static const char *field(const char *json, const char *section, const char *key)
{
    char pat[64];
    const char *s, *end, *v;

    snprintf(pat, sizeof pat, "\"%s\":{", section);
    s = strstr(json, pat);
    if (!s)
        return NULL;
    end = strchr(s + strlen(pat), '}');
    snprintf(pat, sizeof pat, "\"%s\":", key);
    v = strstr(s, pat);
    if (!v || (end && v > end))
        return NULL;
    return v + strlen(pat);
}

static int read_figures(const char *json, const char *section, node_figures *f)
{
    const char *v = field(json, section, "valid");
    const char *b = field(json, section, "best_ns");
    const char *m = field(json, section, "median_ns");
    const char *r = field(json, section, "reps");
    const char *u = field(json, section, "units");

    memset(f, 0, sizeof *f);
    if (!v || !b || !m || !r)
        return -1;
    f->present = true;
    f->valid = strncmp(v, "true", 4) == 0;
    f->best_s = strtod(b, NULL) * 1e-9;
    f->median_s = strtod(m, NULL) * 1e-9;
    f->reps = (size_t)strtoull(r, NULL, 10);
    f->units = u && *u != 'n' ? (size_t)strtoull(u, NULL, 10) : 0;
    return 0;
}

const char *node_init(const char *node, const char *script)
{
    char out[512];
    const char *argv[] = {node_bin, "-p", "process.version + ' / simdutf ' + process.versions.simdutf", NULL};

    snprintf(node_bin, sizeof node_bin, "%s", node);
    snprintf(script_path, sizeof script_path, "%s", script);
    if (access(script_path, R_OK) != 0)
        return "node_isutf8.mjs not found next to the sources";
    if (run_node(argv, out, sizeof out) != 0)
        return "node did not run (install Node.js >= 18.14 for simdutf figures)";
    out[strcspn(out, "\n")] = '\0';
    if (strstr(out, "undefined"))
        return "this Node has no simdutf (Node >= 18.14 needed)";
    snprintf(version, sizeof version, "%.100s", out);
    const char *base = getenv("TMPDIR");
    snprintf(tmp_dir, sizeof tmp_dir, "%s/u8bench.XXXXXX", base && *base ? base : "/tmp");
    if (!mkdtemp(tmp_dir)) {
        tmp_dir[0] = '\0';
        return "cannot create a temporary directory for Node's inputs";
    }
    return NULL;
}

const char *node_version(void)
{
    return version;
}

int node_measure(const bench_input *in, bool short_set, double min_seconds,
                 node_report *out)
{
    char path[300], secs[32], len[32], json[4096];
    const char *argv[10];
    size_t a = 0;
    FILE *f;
    int rc;

    memset(out, 0, sizeof *out);
    if (!tmp_dir[0])
        return -1;
    snprintf(path, sizeof path, "%s/input.bin", tmp_dir);
    f = fopen(path, "wb");
    if (!f || fwrite(in->data, 1, in->len, f) != in->len || fclose(f) != 0) {
        if (f)
            fclose(f);
        fprintf(stderr, "u8bench: cannot write %s for Node\n", path);
        remove(path);
        return -1;
    }
    snprintf(secs, sizeof secs, "%g", min_seconds);
    snprintf(len, sizeof len, "%zu", in->str_len);
    argv[a++] = node_bin;
    argv[a++] = script_path;
    argv[a++] = "--file";
    argv[a++] = path;
    argv[a++] = "--min-time";
    argv[a++] = secs;
    if (short_set) {
        argv[a++] = "--short";
        argv[a++] = len;
    }
    argv[a] = NULL;
    rc = run_node(argv, json, sizeof json);
    remove(path);
    if (rc != 0) {
        fprintf(stderr, "u8bench: node failed on %s\n", in->name);
        return -1;
    }
    if (read_figures(json, "isUtf8", &out->is_utf8) != 0) {
        fprintf(stderr, "u8bench: unreadable reply from node on %s: %s\n", in->name, json);
        return -1;
    }
    if (!short_set)
        (void)read_figures(json, "TextDecoder", &out->text_decoder);
    return 0;
}

void node_cleanup(void)
{
    if (tmp_dir[0])
        rmdir(tmp_dir);
    tmp_dir[0] = '\0';
}
