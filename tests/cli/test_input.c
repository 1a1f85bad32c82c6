/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* test_input.c -- white-box test of cli/input.c, the contract input.h
 * states: a failed input_open leaves in->fd at -1 (ENOENT, EISDIR);
 * input_read returns the file's bytes, then 0; input_close closes a file
 * once, leaves in->fd at -1 and a second call closes nothing; standard
 * input ("-" or NULL) is never closed, a file on descriptor 0 is. Whether a descriptor is open is
 * asked with fcntl(F_GETFD). The commands never close an input twice nor
 * read standard input after closing it, so no command-level test could
 * tell these apart. */
#include "input.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int failures;

static void expect(int ok, const char *what)
{
    if (!ok) {
        printf("FAIL %s\n", what);
        failures++;
    }
}

static int is_open(int fd)
{
    return fcntl(fd, F_GETFD) != -1;
}

int main(void)
{
    char path[] = "/tmp/u8guard-test-input-XXXXXX", buf[16];
    struct input in;
    int fd, devnull, file_fd;

    /* Descriptor 0 open whatever ctest gave us, so that closing it shows. */
    devnull = open("/dev/null", O_RDONLY);
    if (devnull < 0 || (devnull != 0 && dup2(devnull, 0) != 0)) {
        printf("test_input: cannot put /dev/null on descriptor 0: %s\n", strerror(errno));
        return 1;
    }
    fd = mkstemp(path);
    if (fd < 0 || write(fd, "abc\n", 4) != 4 || close(fd) != 0) {
        printf("test_input: cannot write %s: %s\n", path, strerror(errno));
        return 1;
    }

    memset(&in, 0x55, sizeof in);
    expect(input_open(&in, "/nonexistent/u8guard-test-input") == ENOENT, "missing file: ENOENT");
    expect(in.fd == -1, "missing file: fd is -1");
    memset(&in, 0x55, sizeof in);
    expect(input_open(&in, "/") == EISDIR, "directory: EISDIR");
    expect(in.fd == -1, "directory: fd is -1");

    expect(input_open(&in, path) == 0, "file: opened");
    file_fd = in.fd;
    expect(file_fd > 0 && !in.is_stdin && strcmp(in.name, path) == 0, "file: fd, is_stdin, name");
    expect(in.st.st_size == 4, "file: fstat'ed");
    expect(input_read(&in, buf, sizeof buf) == 4 && memcmp(buf, "abc\n", 4) == 0, "file: read");
    expect(input_read(&in, buf, sizeof buf) == 0, "file: then end of file");
    expect(input_close(&in) == 0, "file: closed");
    expect(in.fd == -1 && !is_open(file_fd), "file: descriptor closed, fd is -1");
    expect(input_close(&in) == 0 && is_open(0), "file: a second close closes nothing");

    expect(input_open(&in, "-") == 0 && in.fd == 0 && in.is_stdin && strcmp(in.name, "-") == 0,
           "\"-\": standard input");
    expect(input_close(&in) == 0 && in.fd == -1 && is_open(0), "\"-\": left open");
    expect(input_open(&in, NULL) == 0 && in.fd == 0 && in.is_stdin && strcmp(in.name, "-") == 0,
           "NULL: standard input");
    expect(input_close(&in) == 0 && is_open(0), "NULL: left open");

    /* A file that gets descriptor 0 (main could not fill it: no
     * /dev/null) is still a file: closed. */
    close(0);
    expect(input_open(&in, path) == 0 && in.fd == 0 && !in.is_stdin, "file on descriptor 0");
    expect(input_close(&in) == 0 && !is_open(0), "file on descriptor 0: closed");

    unlink(path);
    printf("test_input: %d failures\n", failures);
    return failures == 0 ? 0 : 1;
}
