# SPDX-License-Identifier: MIT OR Apache-2.0
# AArch64 Linux (the NEON kernel) with Debian's gcc-aarch64-linux-gnu and
# libc6-dev-arm64-cross; tests under qemu-aarch64 (ci/neon-qemu.sh).
set(U8GUARD_CROSS_TRIPLE aarch64-linux-gnu)
set(U8GUARD_CROSS_PROCESSOR aarch64)
set(U8GUARD_CROSS_QEMU aarch64)
include(${CMAKE_CURRENT_LIST_DIR}/cross-linux-gnu.cmake)
