# SPDX-License-Identifier: MIT OR Apache-2.0
# Cross-compiling for Linux with one of Debian's cross toolchains
# (gcc-TRIPLE plus libc6-dev-ARCH-cross), tests run under qemu-user. A
# per-target file sets U8GUARD_CROSS_TRIPLE and U8GUARD_CROSS_PROCESSOR and
# includes this one, e.g.
#   cmake -S . -B build-s390x -DCMAKE_TOOLCHAIN_FILE=cmake/s390x-linux-gnu.cmake
# CMAKE_CROSSCOMPILING_EMULATOR makes ctest run every test binary through
# qemu-ARCH with the cross sysroot (ci/cross-qemu.sh does it end to end).
if(NOT U8GUARD_CROSS_TRIPLE OR NOT U8GUARD_CROSS_PROCESSOR OR NOT U8GUARD_CROSS_QEMU)
  message(FATAL_ERROR "cross-linux-gnu.cmake: include it from a per-target toolchain file")
endif()
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR ${U8GUARD_CROSS_PROCESSOR})

set(U8GUARD_CROSS_SYSROOT /usr/${U8GUARD_CROSS_TRIPLE} CACHE PATH
    "The target's libraries and dynamic loader, for qemu")
set(CMAKE_C_COMPILER ${U8GUARD_CROSS_TRIPLE}-gcc)
set(CMAKE_LINKER ${U8GUARD_CROSS_TRIPLE}-ld CACHE FILEPATH "Cross linker")
set(CMAKE_OBJCOPY ${U8GUARD_CROSS_TRIPLE}-objcopy CACHE FILEPATH "Cross objcopy")
set(CMAKE_AR ${U8GUARD_CROSS_TRIPLE}-ar CACHE FILEPATH "Cross archiver")
set(CMAKE_RANLIB ${U8GUARD_CROSS_TRIPLE}-ranlib CACHE FILEPATH "Cross ranlib")

find_program(U8GUARD_QEMU_${U8GUARD_CROSS_QEMU} qemu-${U8GUARD_CROSS_QEMU})
if(U8GUARD_QEMU_${U8GUARD_CROSS_QEMU})
  set(CMAKE_CROSSCOMPILING_EMULATOR
      ${U8GUARD_QEMU_${U8GUARD_CROSS_QEMU}} -L ${U8GUARD_CROSS_SYSROOT})
endif()

set(CMAKE_FIND_ROOT_PATH ${U8GUARD_CROSS_SYSROOT})
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
