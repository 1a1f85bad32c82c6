/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* main.c -- a program outside the project, built against an installed
 * u8guard: validates a string with an ill-formed sequence and prints what
 * it finds. install_test.sh compares the output exactly. */
#include <u8guard.h>

#include <stdio.h>

int main(void)
{
    static const char in[] = "ab\xC0\xAF" "cd\xE4\xBD\xA0";
    unsigned char out[64];
    u8guard_error err;
    size_t n, n_errors;

    if (u8guard_validate(in, sizeof in - 1, &err))
        return 1;
    printf("first error: offset %zu, length %zu, kind %s\n", err.offset,
           err.length, u8guard_kind_name(err.kind));
    n = u8guard_sanitize(in, sizeof in - 1, out, sizeof out, &n_errors);
    printf("errors: %zu, sanitized: %zu bytes\n", n_errors, n);
    return 0;
}
