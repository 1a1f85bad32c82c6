/* validate.c -- validation and error iteration: the active kernels find
 * the longest valid stretch, the scalar reference names the error that
 * ends it (doc/contract.md section 2). */
#include "internal.h"

size_t u8guard_valid_prefix(const void *data, size_t len)
{
    if (data == NULL)
        return 0;
    return u8g_active()->valid_prefix(data, len);
}

bool u8guard_validate(const void *data, size_t len, u8guard_error *err)
{
    const uint8_t *p = data;
    size_t n;
    u8guard_error e;

    if (p == NULL && len != 0) {
        u8g_set_ok(err, 0);
        return false;
    }
    n = p ? u8g_active()->valid_prefix(p, len) : 0;
    if (n == len) {
        u8g_set_ok(err, len);
        return true;
    }
    u8g_classify(p + n, len - n, n, &e);
    if (err)
        *err = e;
    return false;
}

bool u8guard_next_error(const void *data, size_t len, size_t *pos,
                        u8guard_error *err)
{
    const uint8_t *p = data;
    size_t n;
    u8guard_error e;

    if (pos == NULL || *pos > len || (p == NULL && len != 0))
        return false;
    n = *pos == len ? len : *pos + u8g_active()->valid_prefix(p + *pos, len - *pos);
    if (n == len) {
        *pos = len;
        u8g_set_ok(err, len);
        return false;
    }
    u8g_classify(p + n, len - n, n, &e);
    *pos = e.offset + e.length;
    if (err)
        *err = e;
    return true;
}

size_t u8guard_count_errors(const void *data, size_t len)
{
    size_t pos = 0, count = 0;

    while (u8guard_next_error(data, len, &pos, NULL))
        count++;
    return count;
}
