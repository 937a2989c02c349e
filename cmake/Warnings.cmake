# One place for compiler flags shared by every target of the project.
add_library(mai_flags INTERFACE)
target_compile_options(mai_flags INTERFACE -Wall -Wextra -Wpedantic -Wshadow
                       -Wnon-virtual-dtor -Wcast-align -Wunused -Woverloaded-virtual)
if(MAI_WERROR)
  target_compile_options(mai_flags INTERFACE -Werror)
endif()
if(MAI_SANITIZE)
  # CAF spawns function-based actors through a null reference (a known,
  # harmless UBSan report in caf/detail/init_fun_factory.hpp), so that one
  # check is left out; everything else aborts the test that trips it.
  set(MAI_SAN_FLAGS -fsanitize=address,undefined -fno-sanitize=null
      -fno-sanitize-recover=all -fno-omit-frame-pointer)
  target_compile_options(mai_flags INTERFACE ${MAI_SAN_FLAGS})
  target_link_options(mai_flags INTERFACE ${MAI_SAN_FLAGS})
endif()
if(MAI_FUZZ)
  # Coverage for libFuzzer in every library (the fuzz_NAME binaries link the
  # driver); with the sanitizers, so the same build runs the suite and fuzzes.
  if(NOT MAI_SANITIZE OR NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
    message(FATAL_ERROR "MAI_FUZZ needs MAI_SANITIZE and clang (tools/build.sh asan)")
  endif()
  target_compile_options(mai_flags INTERFACE -fsanitize=fuzzer-no-link)
endif()
