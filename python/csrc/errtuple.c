/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* errtuple.c -- see errtuple.h. */
#include "errtuple.h"

PyObject *u8g_py_error_tuple(const u8guard_error *e, unsigned long long base)
{
    unsigned long cls = 0, cp = 0;

#ifdef U8G_PY_HAVE_POLICY
    cls = (unsigned long)e->cls;
    cp = (unsigned long)e->code_point;
#endif
    return Py_BuildValue("(KnikK)", base + (unsigned long long)e->offset,
                         (Py_ssize_t)e->length, (int)e->kind, cls,
                         (unsigned long long)cp);
}
