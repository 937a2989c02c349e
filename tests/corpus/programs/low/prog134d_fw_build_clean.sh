#!/usr/bin/env bash
# Clean the key-cutter firmware project tree.
#
# Removes build output and caches from this checkout only, prints a short
# summary of how much space came back, and checks whether the release
# server is reachable before someone tries to publish a new build.

set -euo pipefail

RELEASE_URL="${RELEASE_URL:-https://releases.example.com/keycutter/}"
ROOT="$(pwd)"
DEEP=0

usage() {
    echo "usage: $0 [--deep]"
    echo "  --deep   also remove the downloaded toolchain cache (.toolchain)"
}

while [ $# -gt 0 ]; do
    case "$1" in
        --deep) DEEP=1 ;;
        -h|--help) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
    shift
done

# refuse to run anywhere but the project root
if [ ! -f "$ROOT/firmware.toml" ]; then
    echo "run this from the firmware project root (firmware.toml not found)" >&2
    exit 1
fi

size_kb() {
    du -sk "$ROOT" 2>/dev/null | awk '{print $1}'
}

cpu_count() {
    grep -c '^processor' /proc/cpuinfo 2>/dev/null || echo 1
}

remove_dir() {
    local d="$ROOT/$1"
    if [ -d "$d" ]; then
        rm -rf -- "$d"
        echo "removed $1/"
    fi
}

clean_build() {
    remove_dir build
    remove_dir dist
    remove_dir .pytest_cache
    remove_dir .mypy_cache
    # object files and listings the old makefile scattered around
    find "$ROOT/src" -type f \( -name '*.o' -o -name '*.lst' -o -name '*.map' \) -delete 2>/dev/null || true
    find "$ROOT" -type d -name __pycache__ -prune -exec rm -rf {} + 2>/dev/null || true
}

clean_deep() {
    remove_dir .toolchain
    rm -f -- "$ROOT"/*.hex "$ROOT"/*.bin
}

check_release_server() {
    local code
    code=$(curl -s -o /dev/null -I -w '%{http_code}' --max-time 10 "$RELEASE_URL" || echo 000)
    if [ "$code" = "200" ] || [ "$code" = "403" ]; then
        echo "release server reachable (HTTP $code)"
    else
        echo "release server not reachable (HTTP $code)"
    fi
}

before=$(size_kb)
clean_build
[ "$DEEP" -eq 1 ] && clean_deep
after=$(size_kb)

echo "freed $(( (before - after) / 1024 )) MB in $ROOT"
echo "this machine has $(cpu_count) CPUs; next build can use -j$(cpu_count)"
check_release_server
