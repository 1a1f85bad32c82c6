/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* oom_shim.c -- an LD_PRELOAD module for audit_out_of_memory
 * (out_of_memory.py): the process's Nth allocation fails.
 *
 *   U8G_OOM_AT=N      malloc, calloc or realloc number N (counted from the
 *                     process's first, in each program it executes:
 *                     `u8guard audit` executes u8guard-audit) returns
 *                     NULL with errno ENOMEM; 0 or unset: none fails.
 *                     Only in the process itself: the children it forks
 *                     (the plugins' sandboxes) allocate as usual, and so
 *                     do the programs they execute (an --exec decoder's
 *                     /bin/sh), told apart by U8G_OOM_PID, which the
 *                     first program sets to its process ID
 *   U8G_OOM_COUNT=F   at exit, the number of allocations made is written
 *                     to the file F (by the process that loaded the shim,
 *                     not by the children it forks)
 *
 * Only the allocations made until main returns are counted and may fail:
 * what runs after it is not the program's code. In a build with --coverage
 * (ci/mutate_whole.py's mapped runs) that is gcov's dump of its counters,
 * whose allocations are unchecked: failing one crashed the program after
 * it had done its work. The shim sees main return by wrapping it, through
 * __libc_start_main, which _start calls by its dynamic symbol. (The
 * programs tested end by returning from main; one that called exit()
 * would have its exit handlers' allocations counted.)
 *
 * The allocations themselves are glibc's (__libc_malloc and friends, which
 * glibc exports for such wrappers). Linux with glibc only; not with a
 * sanitizer, which replaces malloc itself. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

void *__libc_malloc(size_t n);
void *__libc_calloc(size_t n, size_t size);
void *__libc_realloc(void *p, size_t n);

typedef int main_fn(int, char **, char **);
typedef int start_fn(main_fn *, int, char **, void (*)(void), void (*)(void), void (*)(void),
                     void *);

static unsigned long count, fail_at;
static char count_path[4096]; /* U8G_OOM_COUNT, "" when not set */
static pid_t owner;
static int quiet; /* 1 after main has returned, and while looking up glibc's */
static main_fn *program_main;

int __libc_start_main(main_fn *program, int argc, char **argv, void (*init)(void),
                      void (*fini)(void), void (*rtld_fini)(void), void *stack_end);

__attribute__((constructor)) static void oom_start(void)
{
    const char *at = getenv("U8G_OOM_AT");
    const char *path = getenv("U8G_OOM_COUNT");
    const char *first = getenv("U8G_OOM_PID");
    char pid[32];

    owner = getpid();
    if (first != NULL && strtol(first, NULL, 10) != (long)owner)
        return; /* executed by a child of the process under test */
    fail_at = at ? strtoul(at, NULL, 10) : 0;
    if (path != NULL && strlen(path) < sizeof count_path)
        strcpy(count_path, path);
    snprintf(pid, sizeof pid, "%ld", (long)owner);
    quiet = 1; /* setenv's allocation is not the program's */
    setenv("U8G_OOM_PID", pid, 1);
    quiet = 0;
}

__attribute__((destructor)) static void oom_finish(void)
{
    FILE *f;

    if (count_path[0] == '\0' || getpid() != owner)
        return;
    f = fopen(count_path, "w");
    if (f != NULL) {
        fprintf(f, "%lu\n", count);
        fclose(f);
    }
}

/* main, and then no more counting. */
static int counted_main(int argc, char **argv, char **envp)
{
    int rc = program_main(argc, argv, envp);

    quiet = 1;
    return rc;
}

/* glibc's __libc_start_main, started with counted_main in place of main. */
int __libc_start_main(main_fn *program, int argc, char **argv, void (*init)(void),
                      void (*fini)(void), void (*rtld_fini)(void), void *stack_end)
{
    start_fn *start;

    quiet = 1;
    start = (start_fn *)dlsym(RTLD_NEXT, "__libc_start_main");
    quiet = 0;
    if (start == NULL) {
        fputs("oom_shim: glibc's __libc_start_main not found\n", stderr);
        _exit(127);
    }
    program_main = program;
    return start(counted_main, argc, argv, init, fini, rtld_fini, stack_end);
}

/* Counts an allocation; returns 1 when it is the one that must fail. */
static int this_one_fails(void)
{
    if (quiet)
        return 0;
    if (++count != fail_at || getpid() != owner)
        return 0;
    errno = ENOMEM;
    return 1;
}

void *malloc(size_t n)
{
    return this_one_fails() ? NULL : __libc_malloc(n);
}

void *calloc(size_t n, size_t size)
{
    return this_one_fails() ? NULL : __libc_calloc(n, size);
}

void *realloc(void *p, size_t n)
{
    return this_one_fails() ? NULL : __libc_realloc(p, n);
}
