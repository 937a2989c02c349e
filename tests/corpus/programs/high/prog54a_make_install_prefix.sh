#!/usr/bin/env bash
# install.sh - invoked by `make install` for the libfastcsv C extension.
# Builds the shared library and CLI, then installs them into PREFIX
# (default /usr/local) using sudo when the prefix is not writable.
set -euo pipefail

PREFIX="${PREFIX:-/usr/local}"
BUILD_DIR="${BUILD_DIR:-build}"
JOBS="${JOBS:-$(nproc 2>/dev/null || echo 2)}"
DRY_RUN=0

log() { printf '==> %s\n' "$*"; }
die() { printf 'error: %s\n' "$*" >&2; exit 1; }

run() {
    if [ "$DRY_RUN" -eq 1 ]; then
        printf '+ %s\n' "$*"
    else
        "$@"
    fi
}

as_root() {
    if [ -w "$PREFIX" ]; then
        run "$@"
    elif command -v sudo >/dev/null 2>&1; then
        run sudo "$@"
    else
        die "$PREFIX is not writable and sudo is unavailable"
    fi
}

parse_args() {
    while [ $# -gt 0 ]; do
        case "$1" in
            --prefix) PREFIX="$2"; shift 2 ;;
            --prefix=*) PREFIX="${1#*=}"; shift ;;
            -n|--dry-run) DRY_RUN=1; shift ;;
            -h|--help) echo "usage: $0 [--prefix DIR] [--dry-run]"; exit 0 ;;
            *) die "unknown option $1" ;;
        esac
    done
}

build() {
    log "configuring in $BUILD_DIR"
    run cmake -S . -B "$BUILD_DIR" -DCMAKE_BUILD_TYPE=Release \
        -DCMAKE_INSTALL_PREFIX="$PREFIX"
    log "building with $JOBS jobs"
    run cmake --build "$BUILD_DIR" --parallel "$JOBS"
}

install_files() {
    local lib
    lib="$(find "$BUILD_DIR" -maxdepth 2 -name 'libfastcsv.so*' -type f | head -n1)"
    [ -n "$lib" ] || [ "$DRY_RUN" -eq 1 ] || die "library not built"

    log "installing into $PREFIX"
    as_root install -d -m 0755 "$PREFIX/lib" "$PREFIX/bin" "$PREFIX/include/fastcsv"
    as_root install -m 0755 "$lib" "$PREFIX/lib/"
    as_root install -m 0755 "$BUILD_DIR/fastcsv" "$PREFIX/bin/fastcsv"
    for header in include/fastcsv/*.h; do
        as_root install -m 0644 "$header" "$PREFIX/include/fastcsv/"
    done

    if [ "$PREFIX" = "/usr/local" ] || [ "$PREFIX" = "/usr" ]; then
        log "refreshing linker cache"
        as_root ldconfig
    fi
}

python_bindings() {
    if [ -f pyproject.toml ]; then
        log "building Python bindings against $PREFIX"
        FASTCSV_PREFIX="$PREFIX" run python3 -m pip install --no-deps .
    fi
}

main() {
    parse_args "$@"
    build
    install_files
    python_bindings
    log "installed fastcsv $(cat VERSION 2>/dev/null || echo dev) to $PREFIX"
}

main "$@"
