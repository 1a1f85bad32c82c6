# SPDX-License-Identifier: MIT OR Apache-2.0
# Warnings and hardening for every target of the project.
add_compile_options(
  -Wall -Wextra -Wshadow -Wformat=2 -Wstrict-prototypes -Wundef
  -Wpointer-arith -Wvla -Wcast-align -Wwrite-strings -Wmissing-prototypes
  -fstack-protector-strong)
# mingw-w64's stack protector and _FORTIFY_SOURCE live in libssp, which gcc
# links only when the flag is on the link line too; -static links it (and
# libgcc) into the DLL and the programs, so they need no runtime DLL but
# the system's.
if(MINGW)
  add_link_options(-fstack-protector-strong -static)
endif()
if(U8GUARD_WERROR)
  add_compile_options(-Werror)
endif()
if(CMAKE_C_COMPILER_ID STREQUAL "GNU" OR CMAKE_C_COMPILER_ID MATCHES "Clang")
  add_compile_options(-fno-strict-overflow -fno-delete-null-pointer-checks)
endif()
# _FORTIFY_SOURCE needs optimization; sanitizers do their own checking.
# Level 3 (checks with sizes known only at run time, through
# __builtin_dynamic_object_size) where the compiler and C library support
# it -- gcc >= 12 or clang >= 9 with glibc >= 2.34: then glibc's
# __USE_FORTIFY_LEVEL is 3 -- else level 2. -U first: some toolchains
# predefine a level, and redefining it differently is an error.
if(NOT U8GUARD_SANITIZE AND NOT CMAKE_BUILD_TYPE STREQUAL "Debug")
  include(CheckCSourceCompiles)
  set(CMAKE_REQUIRED_FLAGS "-O2 -U_FORTIFY_SOURCE -D_FORTIFY_SOURCE=3")
  check_c_source_compiles("
    #include <string.h>
    #if !defined(__USE_FORTIFY_LEVEL) || __USE_FORTIFY_LEVEL < 3
    #error _FORTIFY_SOURCE=3 is not supported here
    #endif
    int main(void) { return 0; }" U8GUARD_HAVE_FORTIFY3)
  unset(CMAKE_REQUIRED_FLAGS)
  if(U8GUARD_HAVE_FORTIFY3)
    set(U8GUARD_FORTIFY_LEVEL 3)
  else()
    set(U8GUARD_FORTIFY_LEVEL 2)
  endif()
  message(STATUS "u8guard: _FORTIFY_SOURCE=${U8GUARD_FORTIFY_LEVEL} in optimized builds")
  # Both as options, in this order: CMake puts definitions before options
  # on the command line, where a later -U would cancel the -D.
  add_compile_options($<$<NOT:$<CONFIG:Debug>>:-U_FORTIFY_SOURCE>
                      $<$<NOT:$<CONFIG:Debug>>:-D_FORTIFY_SOURCE=${U8GUARD_FORTIFY_LEVEL}>)
endif()
if(CMAKE_SYSTEM_NAME STREQUAL "Linux")
  add_link_options(-Wl,-z,relro,-z,now -Wl,-z,noexecstack)
endif()
if(U8GUARD_SANITIZE)
  add_compile_options(-fsanitize=${U8GUARD_SANITIZE} -fno-omit-frame-pointer -fno-sanitize-recover=all)
  add_link_options(-fsanitize=${U8GUARD_SANITIZE})
endif()
