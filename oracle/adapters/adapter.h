/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* adapter.h -- what the adapters share: the list of adapters that
 * registry.c compiles in, and small helpers for filling verdicts.
 * Internal to oracle/. */
#ifndef U8GUARD_ORACLE_ADAPTER_H
#define U8GUARD_ORACLE_ADAPTER_H

#include "oracle.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* One per decoder; each is defined in adapters/<name>.c and listed by
 * registry.c when its ORACLE_HAVE_* definition says it was compiled. */
extern const oracle oracle_icu_ucnv;
extern const oracle oracle_icu_u8next;
extern const oracle oracle_iconv;
extern const oracle oracle_iconv_wchar;
extern const oracle oracle_mbrtowc;
extern const oracle oracle_glib;
extern const oracle oracle_libunistring;
extern const oracle oracle_utf8proc;
extern const oracle oracle_python;
extern const oracle oracle_node;

/* adapter_clear sets *v to "rejected at offset 0, nothing decoded, no
 * replacement output, status ORACLE_OK", keeping its cps/repl buffers. */
void adapter_clear(oracle_verdict *v);

/* adapter_push appends cp to buf[0..*n) when *n < cap and returns true;
 * returns false (writing nothing) when the buffer is full. */
bool adapter_push(uint32_t *buf, size_t *n, size_t cap, uint32_t cp);

#endif
