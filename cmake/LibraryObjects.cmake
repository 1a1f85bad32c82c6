# SPDX-License-Identifier: MIT OR Apache-2.0
# u8guard_library_objects(NAME [COMPILE_OPTIONS...]) makes NAME an OBJECT
# library of libu8guard's sources: the portable files, and the vector
# kernels this architecture has, each compiled with the flags its
# instruction set needs (the rest keeps the default -march: dispatch.c runs
# a kernel only where cpu.c says the CPU can). COMPILE_OPTIONS go on every
# file. src/ builds the library from one such set (u8guard_objects); fuzz/
# builds its own, instrumented for coverage, so that the library's targets
# never carry a fuzzer's flags. The list of sources is written here once.
function(u8guard_library_objects name)
  set(dir ${PROJECT_SOURCE_DIR}/src)
  set(files kind.c scalar.c dispatch.c validate.c decode.c sanitize.c encode.c
            stream.c policy.c lossy.c cpu.c kernels/word.c)
  set(sse42 "")
  set(avx2 "")
  set(avx512 "")
  if(CMAKE_SYSTEM_PROCESSOR MATCHES "^(x86_64|AMD64|amd64)$")
    set(sse42 kernels/sse42.c)
    set(avx2 kernels/avx2.c)
    set(avx512 kernels/avx512.c)
    list(APPEND files ${sse42} ${avx2} ${avx512})
  elseif(CMAKE_SYSTEM_PROCESSOR MATCHES "^(aarch64|arm64|ARM64)$")
    list(APPEND files kernels/neon.c)
  endif()
  list(TRANSFORM files PREPEND ${dir}/)
  add_library(${name} OBJECT ${files})
  target_include_directories(${name}
    PUBLIC $<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}/include>
    PRIVATE ${dir})
  set_target_properties(${name} PROPERTIES
    C_VISIBILITY_PRESET hidden POSITION_INDEPENDENT_CODE ON)
  if(ARGN)
    target_compile_options(${name} PRIVATE ${ARGN})
  endif()
  # Source properties are per directory: TARGET_DIRECTORY puts them where
  # NAME is defined, whichever folder calls this.
  foreach(isa sse42 avx2 avx512)
    if(${isa})
      list(TRANSFORM ${isa} PREPEND ${dir}/)
    endif()
  endforeach()
  if(sse42)
    set_source_files_properties(${sse42} TARGET_DIRECTORY ${name} PROPERTIES
      COMPILE_OPTIONS "-mssse3;-msse4.1;-msse4.2")
    set_source_files_properties(${avx2} TARGET_DIRECTORY ${name} PROPERTIES
      COMPILE_OPTIONS "-mavx2")
    set_source_files_properties(${avx512} TARGET_DIRECTORY ${name} PROPERTIES
      COMPILE_OPTIONS "-mavx2;-mavx512f;-mavx512bw;-mavx512vl;-mavx512vbmi;-mavx512vbmi2")
  endif()
endfunction()
