# SPDX-License-Identifier: MIT OR Apache-2.0
# s390x Linux, the big-endian target, with Debian's gcc-s390x-linux-gnu and
# libc6-dev-s390x-cross; tests under qemu-s390x (ci/cross-qemu.sh s390x).
set(U8GUARD_CROSS_TRIPLE s390x-linux-gnu)
set(U8GUARD_CROSS_PROCESSOR s390x)
set(U8GUARD_CROSS_QEMU s390x)
include(${CMAKE_CURRENT_LIST_DIR}/cross-linux-gnu.cmake)
