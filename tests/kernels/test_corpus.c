/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* test_corpus.c -- every implementation equals the scalar reference on
 * real text: each file of the shared text corpus (18 languages of
 * Wikipedia, lorem ipsum in 9 scripts, all valid), each with an error
 * written every 997 bytes, windows of random start and length cut from
 * it (so most start or end inside a character), and Kuhn's stress test.
 *
 *   test_corpus SHARED_DIR [STRIDE]   (the folder holding textcorpus/ and
 *       kuhn/; STRIDE > 1: WINDOWS / STRIDE windows per file, for the
 *       sanitizer builds)
 * Exits 77 (skipped, with a reason) when the folder is missing. */
#include "compare.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define WINDOWS 300
#define PLANT_EVERY 997

static uint8_t *read_all(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    uint8_t *buf = NULL, *bigger;
    size_t cap = 0, n = 0, got;

    if (f == NULL)
        return NULL;
    do {
        if (n == cap) {
            cap = cap ? 2 * cap : 65536;
            bigger = realloc(buf, cap);
            if (bigger == NULL) {
                free(buf);
                fclose(f);
                return NULL;
            }
            buf = bigger;
        }
        got = fread(buf + n, 1, cap - n, f);
        n += got;
    } while (got > 0);
    if (ferror(f)) {
        free(buf);
        buf = NULL;
    }
    fclose(f);
    *len = n;
    return buf;
}

static size_t windows = WINDOWS;

static void check_file(const char *path, uint64_t *rng)
{
    uint8_t *text, *planted;
    size_t len, i, w, start, n;
    char what[512];

    text = read_all(path, &len);
    if (text == NULL) {
        fprintf(stderr, "FAIL: cannot read %s\n", path);
        exit(1);
    }
    snprintf(what, sizeof what, "%s", path);
    compare_all(text, len, what, 0);
    planted = malloc(len ? len : 1);
    if (planted == NULL)
        exit(2);
    memcpy(planted, text, len);
    for (i = PLANT_EVERY / 2; i < len; i += PLANT_EVERY)
        planted[i] = (uint8_t)(i % 3 == 0 ? 0xFF : i % 3 == 1 ? 0x80 : 0xC0);
    snprintf(what, sizeof what, "%s with errors every %d bytes", path, PLANT_EVERY);
    compare_all(planted, len, what, 0);
    for (w = 0; w < windows && len > 0; w++) {
        start = (size_t)(rng_next(rng) % len);
        n = (size_t)(rng_next(rng) % 700);
        if (n > len - start)
            n = len - start;
        snprintf(what, sizeof what, "%s bytes %zu..%zu", path, start, start + n);
        compare_all(text + start, n, what, 0);
    }
    printf("%s: %zu bytes\n", path, len);
    free(planted);
    free(text);
}

static int check_dir(const char *dir, uint64_t *rng)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    char path[4096];
    int files = 0;

    if (d == NULL)
        return 0;
    while ((e = readdir(d)) != NULL) {
        if (strstr(e->d_name, ".txt") == NULL)
            continue;
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        check_file(path, rng);
        files++;
    }
    closedir(d);
    return files;
}

int main(int argc, char **argv)
{
    char dir[4096];
    uint64_t rng = 0xC0FFEE1234567ull;
    int files = 0;
    FILE *kuhn;

    if (argc == 3 && strtoul(argv[2], NULL, 10) > 0)
        windows = WINDOWS / strtoul(argv[2], NULL, 10);
    if (argc != 2 && argc != 3) {
        fprintf(stderr, "usage: test_corpus SHARED_DIR [STRIDE]\n");
        return 2;
    }
    if (compare_impls_line() == 0) {
        printf("SKIP: no implementation besides scalar is supported here\n");
        return SKIP_STATUS;
    }
    snprintf(dir, sizeof dir, "%s/textcorpus/lipsum", argv[1]);
    files += check_dir(dir, &rng);
    snprintf(dir, sizeof dir, "%s/textcorpus/wikipedia_mars", argv[1]);
    files += check_dir(dir, &rng);
    snprintf(dir, sizeof dir, "%s/kuhn/UTF-8-test.txt", argv[1]);
    kuhn = fopen(dir, "rb");
    if (kuhn != NULL) {
        fclose(kuhn);
        check_file(dir, &rng);
        files++;
    }
    if (files == 0) {
        printf("SKIP: no text files under %s/textcorpus or %s/kuhn\n", argv[1], argv[1]);
        return SKIP_STATUS;
    }
    if (windows != WINDOWS)
        printf("%zu windows per file only\n", windows);
    printf("%d files, %lu inputs, %lu differences\n", files, compare_cases(),
           compare_failures());
    return compare_failures() == 0 ? 0 : 1;
}
