#!/usr/bin/env bash
# Configures and builds one flavour of mai-sandbox.
#   tools/build.sh [release] [TARGET...]   Release build in build/ (GCC, warnings are errors)
#   tools/build.sh asan [TARGET...]        the sanitizer build in build-asan/: clang-14 with
#                                          AddressSanitizer and UBSan, -O1, assertions on,
#                                          and a libFuzzer binary per fuzz harness (tools/fuzz.sh)
# With TARGETs, only those are built.
set -euo pipefail
cd "$(dirname "$0")/.."
flavour=${1:-release}
[ $# -gt 0 ] && shift
jobs=$(nproc)
case "$flavour" in
  release) dir=build; flags=(-DCMAKE_BUILD_TYPE=Release -DMAI_WERROR=ON) ;;
  asan)
    command -v clang++-14 >/dev/null || { echo "build.sh: clang++-14 is missing (tools/install-deps.sh)" >&2; exit 2; }
    # One sanitizer build serves the suite and the fuzzers (instead of two builds).
    dir=build-asan
    flags=(-DCMAKE_BUILD_TYPE=Debug "-DCMAKE_CXX_FLAGS_DEBUG=-g -O1" "-DCMAKE_C_FLAGS_DEBUG=-g -O1"
           -DCMAKE_C_COMPILER=clang-14 -DCMAKE_CXX_COMPILER=clang++-14
           -DMAI_SANITIZE=ON -DMAI_FUZZ=ON -DMAI_BUILD_BENCH=OFF) ;;
  *) echo "usage: tools/build.sh [release|asan] [TARGET...]" >&2; exit 2 ;;
esac
# ccache, when installed, makes rebuilds (and builds in several checkouts) cheap.
command -v ccache >/dev/null && flags+=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache)
cmake -S . -B "$dir" "${flags[@]}" >/dev/null
targets=()
for t in "$@"; do targets+=(--target "$t"); done
cmake --build "$dir" -j "$jobs" "${targets[@]}"
