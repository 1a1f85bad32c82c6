# Cross-compiling for AArch64 Linux with Debian's gcc-aarch64-linux-gnu
# (and libc6-dev-arm64-cross). Tests run under qemu-user:
#   cmake -S . -B build-neon -DCMAKE_TOOLCHAIN_FILE=cmake/aarch64-linux-gnu.cmake
# sets CMAKE_CROSSCOMPILING_EMULATOR so ctest runs every test through
# qemu-aarch64 with the cross sysroot (ci/neon-qemu.sh does it end to end).
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)

set(U8GUARD_AARCH64_SYSROOT /usr/aarch64-linux-gnu CACHE PATH
    "The AArch64 libraries and dynamic loader qemu-aarch64 uses")
set(CMAKE_C_COMPILER aarch64-linux-gnu-gcc)
set(CMAKE_LINKER aarch64-linux-gnu-ld CACHE FILEPATH "AArch64 linker")
set(CMAKE_OBJCOPY aarch64-linux-gnu-objcopy CACHE FILEPATH "AArch64 objcopy")
set(CMAKE_AR aarch64-linux-gnu-ar CACHE FILEPATH "AArch64 archiver")
set(CMAKE_RANLIB aarch64-linux-gnu-ranlib CACHE FILEPATH "AArch64 ranlib")

find_program(U8GUARD_QEMU_AARCH64 qemu-aarch64)
if(U8GUARD_QEMU_AARCH64)
  set(CMAKE_CROSSCOMPILING_EMULATOR
      ${U8GUARD_QEMU_AARCH64} -L ${U8GUARD_AARCH64_SYSROOT})
endif()

set(CMAKE_FIND_ROOT_PATH ${U8GUARD_AARCH64_SYSROOT})
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
