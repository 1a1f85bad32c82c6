/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* install_dirs.h -- where an installed u8guard finds its parts: relative to
 * the running executable, so that an installed tree can be moved to
 * another prefix and still work (doc/install.md). The relative paths come
 * from the build (GNUInstallDirs), as macros:
 *
 *   U8GUARD_REL_BIN_TO_AUDIT   from bin/ to the folder of u8guard-audit
 *                              (e.g. "../libexec/u8guard")
 *   U8GUARD_REL_AUDIT_TO_DATA  from that folder to share/u8guard
 *                              (e.g. "../../share/u8guard")
 *
 * In the build tree u8guard-audit is placed where U8GUARD_REL_BIN_TO_AUDIT
 * points from cli/, so the same lookup finds it there. */
#ifndef U8GUARD_INSTALL_DIRS_H
#define U8GUARD_INSTALL_DIRS_H

#include <stddef.h>

/* U8GUARD_AUDIT_PROGRAM is the file name of the audit executable. */
#define U8GUARD_AUDIT_PROGRAM "u8guard-audit"

/* u8g_exe_relative writes to buf[0..cap) the path of the folder of the
 * running executable (from /proc/self/exe, symbolic links resolved),
 * followed by "/" and rel. Returns buf on success; returns NULL, with buf
 * holding "", when the executable's path is not known here (no
 * /proc/self/exe) or the result does not fit in cap bytes. */
const char *u8g_exe_relative(const char *rel, char *buf, size_t cap);

#endif
