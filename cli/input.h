/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* input.h -- one input stream of a sub-command: a named file or standard
 * input ("-"), read in chunks with EINTR retried. A directory is refused
 * when opened; a file that shrinks or grows while read is simply read
 * until read(2) says end of file. */
#ifndef U8GUARD_CLI_INPUT_H
#define U8GUARD_CLI_INPUT_H

#include <stddef.h>
#include <stdint.h>
#include <sys/stat.h>
#include <sys/types.h>

struct input {
    int fd;
    const char *name; /* the argument as given; "-" for standard input */
    int is_stdin;
    struct stat st;   /* fstat of fd once open */
};

/* input_open opens path ("-" or NULL: standard input) for reading.
 * Returns 0 on success, else an errno value (EISDIR for a directory) and
 * in->fd is -1. */
int input_open(struct input *in, const char *path);

/* input_read reads up to cap bytes into buf, retrying after EINTR.
 * Returns the number of bytes read (0 at end of file), or -1 with errno
 * set on a read error. */
ssize_t input_read(struct input *in, void *buf, size_t cap);

/* input_pread reads up to cap bytes at offset off of the file open as fd
 * into buf, as many as pread(2) gives, retrying after EINTR: fewer than
 * cap only at end of file. Returns the number of bytes read, or -1 with
 * errno set on a read error. */
ssize_t input_pread(int fd, void *buf, size_t cap, uint64_t off);

/* input_full_offset returns the 64-bit stream offset of an error the
 * library reported (a size_t) while the chunk at stream offset base was
 * fed. With a 64-bit size_t that is the reported offset itself; with a
 * 32-bit one it is that offset modulo 2^32. Such an error lies in
 * [base - 3, base + len) (at most 3 bytes wait between chunks, and the
 * command's chunks are at most 64 MiB), so the full offset is the one
 * value in that window with the same low bits. */
uint64_t input_full_offset(uint64_t base, size_t reported);

/* input_close closes the file (standard input is left open). Returns 0,
 * or the errno of a failing close(2). */
int input_close(struct input *in);

#endif
