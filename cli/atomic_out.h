/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* atomic_out.h -- `sanitize -o OUT`: the output goes to a temporary file
 * next to OUT (same directory, so same file system), which is fsynced and
 * then renamed over OUT. Until the rename OUT is untouched; on every
 * failure path, and on SIGINT/SIGTERM/SIGHUP (unless ignored, as under
 * nohup), the temporary file is removed. When OUT exists and is not a
 * regular file (/dev/null, /dev/full, a FIFO, a terminal) there is nothing
 * to replace: it is opened and written directly. */
#ifndef U8GUARD_CLI_ATOMIC_OUT_H
#define U8GUARD_CLI_ATOMIC_OUT_H

#include <stdbool.h>
#include <sys/stat.h>

struct atomic_out {
    char *target; /* the file to replace (OUT, or what its symlink names) */
    char *tmp;    /* the temporary file (a static buffer: one output is
                   * open at a time), NULL when writing directly */
    int fd;
};

/* atomic_out_open prepares to write OUT = path. When input is not NULL and
 * OUT is that same file (st_dev and st_ino), it refuses. Returns 0 on
 * success (write to ao->fd); on failure it prints a message naming the
 * file and the cause, leaves nothing behind and returns EXIT_TROUBLE. */
int atomic_out_open(struct atomic_out *ao, const char *path,
                    const struct stat *input);

/* atomic_out_commit makes the written data OUT: fsync, close and rename
 * (or, writing directly, close). Returns 0 on success; on failure it
 * prints a message, removes the temporary file and returns
 * EXIT_TROUBLE. */
int atomic_out_commit(struct atomic_out *ao);

/* atomic_out_abort gives up: closes and removes the temporary file, leaving
 * OUT as it was. Returns nothing. */
void atomic_out_abort(struct atomic_out *ao);

#endif
