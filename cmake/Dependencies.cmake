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
