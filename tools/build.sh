#!/usr/bin/env bash
# Configures and builds one flavour of mai-sandbox.
#   tools/build.sh            Release build in build/
#   tools/build.sh asan       Debug build with AddressSanitizer and UBSan in build-asan/
set -euo pipefail
cd "$(dirname "$0")/.."
flavour=${1:-release}
jobs=$(nproc)
case "$flavour" in
  release) dir=build; flags=(-DCMAKE_BUILD_TYPE=Release) ;;
  asan)    dir=build-asan; flags=(-DCMAKE_BUILD_TYPE=Debug -DMAI_SANITIZE=ON -DMAI_BUILD_BENCH=OFF) ;;
  *) echo "usage: tools/build.sh [release|asan]" >&2; exit 2 ;;
esac
# ccache, when installed, makes rebuilds (and builds in several checkouts) cheap.
command -v ccache >/dev/null && flags+=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
cmake -S . -B "$dir" "${flags[@]}" -DMAI_WERROR=ON >/dev/null
cmake --build "$dir" -j "$jobs"
