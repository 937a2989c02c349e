# All third-party libraries come from Debian 12 packages (see tools/install-deps.sh).
find_package(Threads REQUIRED)
find_package(OpenSSL 3 REQUIRED)
find_package(PkgConfig REQUIRED)
find_package(yaml-cpp REQUIRED)
find_package(nlohmann_json 3 REQUIRED)
find_package(CLI11 REQUIRED)
find_package(RocksDB REQUIRED)
find_package(CURL REQUIRED)
pkg_check_modules(SECCOMP REQUIRED IMPORTED_TARGET libseccomp)

# Debian's libcaf-dev ships no CMake config: find the libraries by name.
find_path(CAF_INCLUDE_DIR caf/all.hpp REQUIRED)
find_library(CAF_CORE_LIB caf_core REQUIRED)
find_library(CAF_IO_LIB caf_io REQUIRED)
find_library(CAF_OPENSSL_LIB caf_openssl REQUIRED)
add_library(caf_all INTERFACE)
target_include_directories(caf_all SYSTEM INTERFACE ${CAF_INCLUDE_DIR})
target_link_libraries(caf_all INTERFACE ${CAF_OPENSSL_LIB} ${CAF_IO_LIB} ${CAF_CORE_LIB}
                      OpenSSL::SSL OpenSSL::Crypto Threads::Threads)

# yaml-cpp 0.7 exports a plain "yaml-cpp" target.
if(NOT TARGET yaml-cpp::yaml-cpp)
  add_library(yaml-cpp::yaml-cpp ALIAS yaml-cpp)
endif()

# Leaf libraries from their Debian static archives (the -dev packages ship
# them): every process start, every `run` first of all, then skips loading
# them and binding their symbols, about 1-2 ms of CPU (bench/README.md, fifth
# round). CAF, OpenSSL and libstdc++ stay shared. The cost: a Debian security
# update of one of these takes a rebuild to reach mai-sandbox.
option(MAI_STATIC_LEAF_LIBS
       "link re2, tree-sitter, yaml-cpp, libseccomp, zlib and RocksDB's compression libraries statically" ON)
# Makes the imported `target` link lib<name>.a instead of its shared library.
function(mai_link_static_archive target name)
  if(NOT MAI_STATIC_LEAF_LIBS)
    return()
  endif()
  find_library(MAI_STATIC_${name} NAMES lib${name}.a REQUIRED)
  get_target_property(type ${target} TYPE)
  if(type STREQUAL "INTERFACE_LIBRARY")  # pkg-config's targets
    set_property(TARGET ${target} PROPERTY INTERFACE_LINK_LIBRARIES ${MAI_STATIC_${name}})
  else()
    set_target_properties(${target} PROPERTIES IMPORTED_LOCATION ${MAI_STATIC_${name}}
                          IMPORTED_LOCATION_NONE ${MAI_STATIC_${name}}
                          IMPORTED_LOCATION_RELEASE ${MAI_STATIC_${name}})
  endif()
endfunction()

mai_link_static_archive(yaml-cpp yaml-cpp)
mai_link_static_archive(PkgConfig::SECCOMP seccomp)
if(MAI_STATIC_LEAF_LIBS)
  # RocksDB (already static) brings its compression libraries as shared ones.
  foreach(name snappy z bz2 lz4 zstd)
    find_library(MAI_STATIC_${name} NAMES lib${name}.a REQUIRED)
  endforeach()
  set_property(TARGET RocksDB::rocksdb PROPERTY INTERFACE_LINK_LIBRARIES
               "$<LINK_ONLY:gflags::gflags_shared>;${MAI_STATIC_snappy};${MAI_STATIC_z};${MAI_STATIC_bz2};${MAI_STATIC_lz4};${MAI_STATIC_zstd}")
endif()
