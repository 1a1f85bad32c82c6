/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* plugin_faulty.c -- a correct strict decoder with one planted fault per
 * build (FAULT below), for the sandbox's and the report's tests
 * (tests/audit/CMakeLists.txt). Most faults fire only on inputs holding the
 * byte 'Q' (0x51), so the minimal example is that byte alone. */
#define _GNU_SOURCE
#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

#if defined(__GNUC__)
#define EXPORT __attribute__((visibility("default")))
#else
#define EXPORT
#endif

enum {
    SLOW = 1,       /* 1 ms per call, and rejects U+10FFFF (F4 8F BF BF) */
    READ_OUT_LEN,   /* reads out[len] */
    READ_IN_M1,     /* reads in[-1] */
    READ_IN_M4097,  /* reads in[-4097] */
    WRITE_IN_LEN,   /* writes in[len] */
    READ_IN_FAR,    /* reads in[len + 4096] */
    READ_IN_FAR64K, /* reads in[len + 65536] */
    NONDET,         /* corrupts out[0] on every 97th call */
    KILL_PARENT,    /* kill(getppid(), SIGKILL) */
    KILL_GROUP,     /* kill(0, SIGKILL) */
    FORK,           /* forks a child that sleeps a minute, on every call */
    ALLOC,          /* touches a 50 GB allocation */
    JUNK_FD3,       /* writes junk on descriptor 3, then answers */
    EXIT0,          /* exit(0) */
    CP5,            /* after "QQQQQ", decodes the sixth code point + 1 */
    NAME_ESC,       /* correct, with terminal escapes in its name */
    NAME_LATIN,     /* correct, with "é" and an invalid byte in its name */
    READ_GUARD_END, /* reads in[len + 1048575], the guard's last byte */
    NAME_LONG,      /* correct, with a name of 70 bytes and a version of 130 */
    ALARM_LATER,    /* answers, and is killed by SIGALRM 200 ms later */
    STACK_OVERFLOW, /* recurses until its stack runs out */
    ALARM_HANDLED   /* answers, and its SIGALRM handler runs 200 ms later */
};

#ifndef FAULT
#error "FAULT must name a fault (1..22)"
#endif

EXPORT const char *u8guard_audit_name(void);
EXPORT int u8guard_audit_decode(const unsigned char *in, size_t len,
                                uint32_t *out, size_t *n_out,
                                size_t *err_offset);

/* Ten bytes, to build long names without a run of one byte. */
#define TEN "0123456789"

/* u8guard_audit_name returns this build's name. */
const char *u8guard_audit_name(void)
{
    static const char *const names[] = {
        "", "faulty-slow", "faulty-read-out-len", "faulty-read-in-m1",
        "faulty-read-in-m4097", "faulty-write-in-len", "faulty-read-in-far",
        "faulty-read-in-far64k", "faulty-nondet", "faulty-kill-parent",
        "faulty-kill-group", "faulty-fork", "faulty-alloc", "faulty-junk-fd3",
        "faulty-exit0", "faulty-cp5", "faulty\033]0;owned\007\033[31m-esc",
        "d\xc3\xa9" "codeur-\xff", "faulty-read-guard-end",
        "faulty-name-long-" TEN TEN TEN TEN TEN "abc", "faulty-alarm-later",
        "faulty-stack-overflow", "faulty-alarm-handled"};
    return names[FAULT];
}

#if FAULT == 19 /* NAME_LONG: the preprocessor sees numbers, not the enum */
EXPORT const char *u8guard_audit_version(void);

/* u8guard_audit_version returns a version longer than the 120 bytes the
 * audit keeps (doc/plugin-abi.md). */
const char *u8guard_audit_version(void)
{
    return "faulty-version-" TEN TEN TEN TEN TEN TEN TEN TEN TEN TEN TEN "01234";
}
#endif

/* Calls itself depth times, each call holding 1 KiB of stack; returns a
 * sum the compiler cannot fold (so neither the frames nor the recursion
 * can be optimized away). */
static unsigned long deep(unsigned long depth)
{
    volatile unsigned char frame[1024];

    frame[depth % sizeof frame] = (unsigned char)depth;
    if (depth == 0)
        return frame[0];
    return deep(depth - 1) + frame[depth % sizeof frame];
}

/* Decodes in[0..len) strictly (RFC 3629); returns 0, or 1 with
 * *err_offset at the first ill-formed sequence. */
static int decode(const unsigned char *in, size_t len, uint32_t *out,
                  size_t *n_out, size_t *err_offset)
{
    size_t i = 0, n = 0;

    while (i < len) {
        unsigned char b = in[i];
        size_t k;
        uint32_t cp, lo = 0x80, hi = 0xBF;

        if (b < 0x80) {
            out[n++] = b;
            i++;
            continue;
        }
        if (b >= 0xC2 && b <= 0xDF)
            k = 1, cp = b & 0x1F;
        else if (b >= 0xE0 && b <= 0xEF)
            k = 2, cp = b & 0x0F, lo = b == 0xE0 ? 0xA0 : 0x80, hi = b == 0xED ? 0x9F : 0xBF;
        else if (b >= 0xF0 && b <= 0xF4)
            k = 3, cp = b & 0x07, lo = b == 0xF0 ? 0x90 : 0x80, hi = b == 0xF4 ? 0x8F : 0xBF;
        else
            break;
        /* A truncated sequence: the error starts at its lead byte. */
        if (len - i <= k || in[i + 1] < lo || in[i + 1] > hi)
            break;
        cp = cp << 6 | (in[i + 1] & 0x3F);
        {
            size_t j;
            for (j = 2; j <= k; j++) {
                if ((in[i + j] & 0xC0) != 0x80)
                    break;
                cp = cp << 6 | (in[i + j] & 0x3F);
            }
            if (j <= k)
                break;
        }
        out[n++] = cp;
        i += k + 1;
    }
    *n_out = n;
    if (i < len) {
        *err_offset = i;
        return 1;
    }
    return 0;
}

/* on_alarm is ALARM_HANDLED's SIGALRM handler: it only counts. */
static volatile sig_atomic_t alarms;
static void on_alarm(int sig)
{
    (void)sig;
    alarms++;
}

/* u8guard_audit_decode decodes strictly, with this build's fault. */
int u8guard_audit_decode(const unsigned char *in, size_t len, uint32_t *out,
                         size_t *n_out, size_t *err_offset)
{
    int q = memchr(in, 'Q', len) != NULL;
    volatile unsigned char sink = 0;
    int rc;

    (void)sink;
    if (FAULT == SLOW) {
        struct timespec ts = {0, 1000000};
        nanosleep(&ts, NULL);
        if (len >= 4 && memcmp(in, "\xf4\x8f\xbf\xbf", 4) == 0) {
            *n_out = 0;
            *err_offset = 0;
            return 1;
        }
    }
    if (q) {
        switch (FAULT) {
        case READ_OUT_LEN: sink = (unsigned char)((volatile uint32_t *)out)[len]; break;
        case READ_IN_M1: sink = ((volatile const unsigned char *)in)[-1]; break;
        case READ_IN_M4097: sink = ((volatile const unsigned char *)in)[-4097]; break;
        case WRITE_IN_LEN: ((volatile unsigned char *)(uintptr_t)in)[len] = 0; break;
        case READ_IN_FAR: sink = ((volatile const unsigned char *)in)[len + 4096]; break;
        case READ_IN_FAR64K: sink = ((volatile const unsigned char *)in)[len + 65536]; break;
        case READ_GUARD_END: sink = ((volatile const unsigned char *)in)[len + 1048575]; break;
        case KILL_PARENT: kill(getppid(), SIGKILL); break;
        case KILL_GROUP: kill(0, SIGKILL); break;
        case ALLOC: {
            size_t big = (size_t)50 << 30;
            volatile char *p = malloc(big);
            p[0] = 1;
            p[big - 1] = 1;
            free((void *)(uintptr_t)p);
            break;
        }
        case JUNK_FD3: {
            static const char junk[64] = "junk junk junk junk junk junk junk junk";
            (void)!write(3, junk, sizeof junk);
            break;
        }
        case EXIT0: exit(0);
        case STACK_OVERFLOW: sink = (unsigned char)deep((unsigned long)1 << 40); break;
        case ALARM_HANDLED:
        case ALARM_LATER: {
            /* SIGALRM's default action ends the child between calls; a
             * handler installed without SA_RESTART interrupts the system
             * call the child is in then (its read of the next request). */
            struct itimerval later = {{0, 0}, {0, 200000}};
            if (FAULT == ALARM_HANDLED) {
                struct sigaction sa;
                memset(&sa, 0, sizeof sa);
                sa.sa_handler = on_alarm;
                sigemptyset(&sa.sa_mask);
                (void)sigaction(SIGALRM, &sa, NULL);
            }
            (void)setitimer(ITIMER_REAL, &later, NULL);
            break;
        }
        default: break;
        }
    }
    if (FAULT == FORK && fork() == 0) {
        struct timespec ts = {60, 0};
        prctl(PR_SET_NAME, "u8g-sleeper");
        nanosleep(&ts, NULL);
        _exit(0);
    }
    rc = decode(in, len, out, n_out, err_offset);
    if (FAULT == NONDET) {
        static unsigned long calls;
        if (++calls % 97 == 0 && *n_out > 0)
            out[0] ^= 1;
    }
    if (FAULT == CP5 && len >= 6 && memcmp(in, "QQQQQ", 5) == 0 && *n_out > 5)
        out[5] += 1;
    return rc;
}
