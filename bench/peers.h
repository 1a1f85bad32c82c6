/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* peers.h -- every measurable function compiled into this build. */
#ifndef U8BENCH_PEERS_H
#define U8BENCH_PEERS_H

#include "bench.h"

/* Each peer file defines its functions and their number. */
extern const bench_fn peer_u8guard_fns[];
extern const size_t peer_u8guard_count;
extern const bench_fn peer_u8guard_stream_fns[];
extern const size_t peer_u8guard_stream_count;
extern const bench_fn peer_icu_fns[];
extern const size_t peer_icu_count;
extern const bench_fn peer_iconv_fns[];
extern const size_t peer_iconv_count;
extern const bench_fn peer_glib_fns[];
extern const size_t peer_glib_count;
extern const bench_fn peer_unistring_fns[];
extern const size_t peer_unistring_count;
extern const bench_fn peer_utf8proc_fns[];
extern const size_t peer_utf8proc_count;
extern const bench_fn peer_libc_fns[];
extern const size_t peer_libc_count;

/* peers_open prepares the peers that hold state (ICU's converter, the
 * iconv descriptor). Returns 0, or -1 with a message on stderr. */
int peers_open(void);

/* peers_close releases what peers_open prepared. */
void peers_close(void);

/* peers_list returns the functions to measure, in column order: u8guard's
 * four operations for each implementation the CPU supports, then its
 * stream fed 4 KiB at a time (validate, sanitize), then the peers
 * compiled in, then memcpy and memchr; *n is set to their number.
 * Returns NULL (and *n = 0) when memory is short. The array is owned by
 * the module and lives until peers_close. */
const bench_fn *peers_list(size_t *n);

/* peers_missing returns a one-line list of the peers this build does not
 * have ("" when none is missing), for the report. */
const char *peers_missing(void);

/* peer_icu_open and peer_iconv_open return NULL when ready, or a static
 * message saying why not; peer_icu_close and peer_iconv_close release. */
const char *peer_icu_open(void);
void peer_icu_close(void);
const char *peer_iconv_open(void);
void peer_iconv_close(void);

#endif
