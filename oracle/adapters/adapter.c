/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* adapter.c -- helpers the adapters share (see adapter.h). */
#include "adapters/adapter.h"

void adapter_clear(oracle_verdict *v)
{
    v->accepted = false;
    v->err_offset = 0;
    v->n_cps = 0;
    v->has_repl = false;
    v->n_repl = 0;
    v->status = ORACLE_OK;
    v->signal = 0;
}

bool adapter_push(uint32_t *buf, size_t *n, size_t cap, uint32_t cp)
{
    if (*n >= cap)
        return false;
    buf[(*n)++] = cp;
    return true;
}
