# SPDX-License-Identifier: MIT OR Apache-2.0
# 32-bit x86 Linux with Debian's gcc-i686-linux-gnu and
# libc6-dev-i386-cross; tests under qemu-i386 (ci/cross-qemu.sh i686).
# size_t is 32 bits here: the saturation and capacity tests run at that width.
set(U8GUARD_CROSS_TRIPLE i686-linux-gnu)
set(U8GUARD_CROSS_PROCESSOR i686)
set(U8GUARD_CROSS_QEMU i386)
include(${CMAKE_CURRENT_LIST_DIR}/cross-linux-gnu.cmake)
