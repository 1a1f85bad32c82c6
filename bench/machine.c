/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* machine.c -- the machine description printed with every run. The load
 * average is part of it because the figures mean little on a busy
 * machine. */
#define _POSIX_C_SOURCE 200809L
#include "machine.h"

#include "support/json.h"
#include "u8guard.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#ifndef U8BENCH_CFLAGS
#define U8BENCH_CFLAGS "unknown"
#endif

static void read_cpu_model(char *out, size_t size)
{
    char line[512];
    FILE *f = fopen("/proc/cpuinfo", "r");

    snprintf(out, size, "unknown");
    if (!f)
        return;
    while (fgets(line, sizeof line, f)) {
        if (strncmp(line, "model name", 10) == 0) {
            char *v = strchr(line, ':');
            if (v) {
                v += 1 + (v[1] == ' ');
                v[strcspn(v, "\n")] = '\0';
                snprintf(out, size, "%s", v);
            }
            break;
        }
    }
    fclose(f);
}

void machine_probe(machine_info *m)
{
    FILE *f;
    time_t now = time(NULL);
    struct tm tm;

    memset(m, 0, sizeof *m);
    read_cpu_model(m->cpu, sizeof m->cpu);
    m->cores = sysconf(_SC_NPROCESSORS_ONLN);
    snprintf(m->load, sizeof m->load, "unknown");
    f = fopen("/proc/loadavg", "r");
    if (f) {
        double a, b, c;
        if (fscanf(f, "%lf %lf %lf", &a, &b, &c) == 3)
            snprintf(m->load, sizeof m->load, "%.2f %.2f %.2f", a, b, c);
        fclose(f);
    }
#if defined(__clang__)
    snprintf(m->compiler, sizeof m->compiler, "clang %s", __clang_version__);
#elif defined(__GNUC__)
    snprintf(m->compiler, sizeof m->compiler, "gcc %s", __VERSION__);
#else
    snprintf(m->compiler, sizeof m->compiler, "unknown");
#endif
    snprintf(m->flags, sizeof m->flags, "%s", U8BENCH_CFLAGS);
    gmtime_r(&now, &tm);
    strftime(m->date, sizeof m->date, "%Y-%m-%dT%H:%M:%SZ", &tm);
    u8guard_set_impl(U8GUARD_IMPL_AUTO);
    snprintf(m->impl, sizeof m->impl, "%s", u8guard_impl_name(u8guard_active_impl()));
    for (int i = U8GUARD_IMPL_SCALAR; i < U8GUARD_IMPL_COUNT_; i++) {
        if (!u8guard_impl_supported((u8guard_impl)i))
            continue;
        size_t used = strlen(m->impls);
        snprintf(m->impls + used, sizeof m->impls - used, "%s%s", used ? " " : "",
                 u8guard_impl_name((u8guard_impl)i));
    }
}

void machine_print(const machine_info *m, const char *extra)
{
    printf("cpu: %s (%ld logical CPUs), load average at start: %s\n", m->cpu, m->cores,
           m->load);
    printf("compiler: %s, flags: %s\n", m->compiler, m->flags);
    printf("u8guard %s: dispatch chose %s; supported here: %s\n", u8guard_version(), m->impl,
           m->impls);
    printf("date: %s%s%s\n", m->date, extra && *extra ? "; " : "", extra ? extra : "");
}

/* Text built in a fixed buffer; once something does not fit, full is
 * set and nothing more is added. */
typedef struct text {
    char *buf;
    size_t size, used;
    bool full;
} text;

/* A json_sink into the text ctx (keeping room for the NUL); false once
 * the text is full. */
static bool put_text(void *ctx, const void *p, size_t n)
{
    text *t = ctx;

    if (t->full || n >= t->size - t->used) {
        t->full = true;
        return false;
    }
    memcpy(t->buf + t->used, p, n);
    t->used += n;
    t->buf[t->used] = '\0';
    return true;
}

/* Appends s to t. */
static void put_str(text *t, const char *s)
{
    (void)put_text(t, s, strlen(s));
}

char *machine_json(const machine_info *m, const char *const *extra, char *buf,
                   size_t size)
{
    const char *pairs[] = {"cpu", m->cpu, "load_average", m->load, "compiler", m->compiler,
                           "flags", m->flags, "date", m->date, "dispatch", m->impl,
                           "supported", m->impls, NULL};
    text t = {buf, size, 0, false};
    char cores[48];

    snprintf(cores, sizeof cores, "{\"cores\": %ld", m->cores);
    put_str(&t, cores);
    for (int pass = 0; pass < 2; pass++) {
        const char *const *p = pass == 0 ? pairs : extra;
        for (; p && p[0] && p[1]; p += 2) {
            put_str(&t, ", ");
            (void)json_string(p[0], strlen(p[0]), put_text, &t);
            put_str(&t, ": ");
            (void)json_string(p[1], strlen(p[1]), put_text, &t);
        }
    }
    put_str(&t, "}");
    if (t.full) /* cut short, it would not be JSON */
        snprintf(buf, size, "{}");
    return buf;
}
