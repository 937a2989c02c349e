#!/usr/bin/env bash
# Prepare a build environment file and load it before building.
#
# Detects the toolchain, writes the resulting settings to a shared env
# file under /tmp so that follow-up helper scripts in other terminals can
# `source` the same file, then sources it here and runs the build.
set -euo pipefail

PROJECT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ENV_FILE="/tmp/projbuild.env"
BUILD_TYPE="${1:-release}"

case "$BUILD_TYPE" in
    debug|release) ;;
    *) echo "usage: $0 [debug|release]" >&2; exit 2 ;;
esac

detect_cc() {
    for cc in clang gcc cc; do
        if command -v "$cc" >/dev/null 2>&1; then
            command -v "$cc"
            return 0
        fi
    done
    return 1
}

CC_PATH="$(detect_cc)" || { echo "no C compiler found" >&2; exit 1; }
JOBS="$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 2)"

if [ "$BUILD_TYPE" = "debug" ]; then
    CFLAGS_VALUE="-O0 -g -Wall -Wextra"
else
    CFLAGS_VALUE="-O2 -DNDEBUG -Wall"
fi

cat > "$ENV_FILE" <<EOF
# build environment generated $(date -u +%Y-%m-%dT%H:%M:%SZ) for $PROJECT_DIR
export PROJECT_DIR="$PROJECT_DIR"
export CC="$CC_PATH"
export CFLAGS="$CFLAGS_VALUE"
export MAKEFLAGS="-j$JOBS"
export BUILD_TYPE="$BUILD_TYPE"
export BUILD_DIR="$PROJECT_DIR/build/$BUILD_TYPE"
EOF

echo "wrote $ENV_FILE"

# shellcheck disable=SC1090
. "$ENV_FILE"

mkdir -p "$BUILD_DIR"
echo "building ($BUILD_TYPE) with $CC, $MAKEFLAGS"

if [ -f "$PROJECT_DIR/Makefile" ]; then
    make -C "$PROJECT_DIR" BUILD_DIR="$BUILD_DIR"
else
    shopt -s nullglob
    srcs=("$PROJECT_DIR"/src/*.c)
    shopt -u nullglob
    if [ "${#srcs[@]}" -eq 0 ]; then
        echo "nothing to build" >&2
        exit 1
    fi
    # shellcheck disable=SC2086
    "$CC" $CFLAGS -o "$BUILD_DIR/app" "${srcs[@]}"
fi

echo "build finished: $BUILD_DIR"
echo "other shells can reuse the settings with: . $ENV_FILE"
