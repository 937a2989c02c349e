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
  # Coverage for libFuzzer in every library; the harness links the driver.
  set(MAI_FUZZ_FLAGS -fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=undefined
      -fno-sanitize=null -fno-omit-frame-pointer -g)
  target_compile_options(mai_flags INTERFACE ${MAI_FUZZ_FLAGS})
  target_link_options(mai_flags INTERFACE -fsanitize=address,undefined)
endif()
