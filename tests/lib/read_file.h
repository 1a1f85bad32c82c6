/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* read_file.h -- whole files into memory, for tests that read shared
 * inputs at run time. */
#ifndef U8GUARD_TESTS_READ_FILE_H
#define U8GUARD_TESTS_READ_FILE_H

#include <stdbool.h>
#include <stddef.h>

/* read_file reads the file at path into a new heap block (*data, to be
 * freed by the caller; never NULL on success, even for an empty file) of
 * *len bytes. Returns true on success, false (with *data = NULL) when the
 * file cannot be opened or read. */
bool read_file(const char *path, unsigned char **data, size_t *len);

#endif
