# Warnings and hardening for every target of the project.
add_compile_options(
  -Wall -Wextra -Wshadow -Wformat=2 -Wstrict-prototypes -Wundef
  -Wpointer-arith -Wvla -Wcast-align -Wwrite-strings -Wmissing-prototypes
  -fstack-protector-strong)
if(U8GUARD_WERROR)
  add_compile_options(-Werror)
endif()
if(CMAKE_C_COMPILER_ID STREQUAL "GNU" OR CMAKE_C_COMPILER_ID MATCHES "Clang")
  add_compile_options(-fno-strict-overflow -fno-delete-null-pointer-checks)
endif()
# _FORTIFY_SOURCE needs optimization; sanitizers do their own checking.
if(NOT U8GUARD_SANITIZE AND NOT CMAKE_BUILD_TYPE STREQUAL "Debug")
  add_compile_definitions($<$<NOT:$<CONFIG:Debug>>:_FORTIFY_SOURCE=2>)
endif()
if(CMAKE_SYSTEM_NAME STREQUAL "Linux")
  add_link_options(-Wl,-z,relro,-z,now -Wl,-z,noexecstack)
endif()
if(U8GUARD_SANITIZE)
  add_compile_options(-fsanitize=${U8GUARD_SANITIZE} -fno-omit-frame-pointer -fno-sanitize-recover=all)
  add_link_options(-fsanitize=${U8GUARD_SANITIZE})
endif()
