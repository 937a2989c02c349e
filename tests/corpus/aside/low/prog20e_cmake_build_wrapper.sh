#!/usr/bin/env bash
# build.sh - configure, build and test the project with CMake + Ninja.
#   ./build.sh [-t Debug|Release|RelWithDebInfo] [-c] [-j N] [--no-tests] [--asan]
set -euo pipefail

BUILD_TYPE="RelWithDebInfo"
CLEAN=0
JOBS="$(nproc 2>/dev/null || echo 4)"
RUN_TESTS=1
SANITIZE=0
SRC_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
BUILD_ROOT="$SRC_DIR/build"

if [[ -t 1 ]]; then
  BOLD=$'\e[1m'; GRN=$'\e[32m'; RED=$'\e[31m'; RST=$'\e[0m'
else
  BOLD=""; GRN=""; RED=""; RST=""
fi
section() { printf '\n%s== %s ==%s\n' "$BOLD" "$*" "$RST"; }
ok()      { printf '%s%s%s\n' "$GRN" "$*" "$RST"; }
fail()    { printf '%s%s%s\n' "$RED" "$*" "$RST" >&2; exit 1; }

while [[ $# -gt 0 ]]; do
  case "$1" in
    -t|--type)   BUILD_TYPE="$2"; shift 2 ;;
    -c|--clean)  CLEAN=1; shift ;;
    -j|--jobs)   JOBS="$2"; shift 2 ;;
    --no-tests)  RUN_TESTS=0; shift ;;
    --asan)      SANITIZE=1; shift ;;
    -h|--help)   sed -n '2,3p' "$0"; exit 0 ;;
    *) fail "unknown option: $1" ;;
  esac
done

case "$BUILD_TYPE" in
  Debug|Release|RelWithDebInfo|MinSizeRel) ;;
  *) fail "invalid build type: $BUILD_TYPE" ;;
esac

BUILD_DIR="$BUILD_ROOT/${BUILD_TYPE,,}"
(( SANITIZE )) && BUILD_DIR+="-asan"

for tool in cmake ninja; do
  command -v "$tool" >/dev/null || fail "$tool is required"
done

START=$SECONDS
on_exit() {
  local rc=$?
  if (( rc == 0 )); then
    ok "finished in $((SECONDS - START))s -> $BUILD_DIR"
  else
    printf '%sbuild failed (exit %d)%s\n' "$RED" "$rc" "$RST" >&2
  fi
}
trap on_exit EXIT

if (( CLEAN )) && [[ -d "$BUILD_DIR" ]]; then
  section "clean"
  rm -rf -- "${BUILD_DIR:?}"
fi

section "configure ($BUILD_TYPE)"
CMAKE_ARGS=(
  -S "$SRC_DIR" -B "$BUILD_DIR" -G Ninja
  -DCMAKE_BUILD_TYPE="$BUILD_TYPE"
  -DCMAKE_EXPORT_COMPILE_COMMANDS=ON
  -DBUILD_TESTING="$([[ $RUN_TESTS == 1 ]] && echo ON || echo OFF)"
)
if (( SANITIZE )); then
  CMAKE_ARGS+=(-DCMAKE_C_FLAGS="-fsanitize=address,undefined -fno-omit-frame-pointer"
               -DCMAKE_CXX_FLAGS="-fsanitize=address,undefined -fno-omit-frame-pointer")
fi
cmake "${CMAKE_ARGS[@]}"
ln -sfn "$BUILD_DIR/compile_commands.json" "$SRC_DIR/compile_commands.json"

section "build (-j$JOBS)"
cmake --build "$BUILD_DIR" --parallel "$JOBS"

if (( RUN_TESTS )); then
  section "test"
  ctest --test-dir "$BUILD_DIR" --output-on-failure --parallel "$JOBS" \
        --output-junit "$BUILD_DIR/ctest-results.xml"
fi

section "artifacts"
while IFS= read -r -d '' bin; do
  printf '  %-40s %s\n' "${bin#"$BUILD_DIR"/}" "$(du -h "$bin" | cut -f1)"
done < <(find "$BUILD_DIR" -maxdepth 2 -type f -perm -u+x ! -name '*.so*' ! -path '*/CMakeFiles/*' -print0)
