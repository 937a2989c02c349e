#!/usr/bin/env bash
# build_cleanup.sh - tidy the cut-file build folder of the loft's
# pattern repository and write a checksum manifest of the finished cut
# files, so the cutter PC can tell whether a copied file arrived intact.
#
# Run from the root of the pattern repository.
# Usage: build_cleanup.sh [--keep-logs] [--manifest-only]

set -euo pipefail

BUILD_DIR="./build"
OUT_DIR="./cutfiles"
MANIFEST="$OUT_DIR/SHA256SUMS"
KEEP_LOGS=0
MANIFEST_ONLY=0

msg() { printf '[cleanup] %s\n' "$*"; }

for arg in "$@"; do
    case "$arg" in
        --keep-logs) KEEP_LOGS=1 ;;
        --manifest-only) MANIFEST_ONLY=1 ;;
        -h|--help) sed -n '2,7p' "$0"; exit 0 ;;
        *) echo "unknown option: $arg" >&2; exit 1 ;;
    esac
done

if [[ ! -f ./patterns.toml ]]; then
    echo "run this from the pattern repository root (patterns.toml not found)" >&2
    exit 1
fi

# generated clutter the nesting build leaves behind in this repository
cache_globs() {
    printf '%s\n' '*.tmp' '*.bak' '*.nest-cache' '.~lock.*#'
}

remove_build_dir() {
    if [[ -d "$BUILD_DIR" ]]; then
        local size
        size="$(du -sh "$BUILD_DIR" | cut -f1)"
        rm -rf -- "$BUILD_DIR"
        msg "removed $BUILD_DIR ($size)"
    fi
}

remove_caches() {
    local pattern count=0
    while read -r pattern; do
        while IFS= read -r -d '' f; do
            rm -f -- "$f"
            count=$((count + 1))
        done < <(find . -path ./.git -prune -o -type f -name "$pattern" -print0)
    done < <(cache_globs)
    find . -path ./.git -prune -o -type d -name '__pycache__' -print0 | xargs -0r rm -rf --
    msg "removed $count cache file(s)"
}

rotate_logs() {
    (( KEEP_LOGS )) && return 0
    find . -maxdepth 1 -type f -name 'nest-*.log' -mtime +7 -delete
    msg "removed build logs older than a week"
}

write_manifest() {
    [[ -d "$OUT_DIR" ]] || { msg "no $OUT_DIR yet, skipping manifest"; return 0; }
    (
        cd "$OUT_DIR"
        find . -maxdepth 1 -type f -name '*.plt' -printf '%f\n' | sort | xargs -r sha256sum
    ) > "$MANIFEST.new"
    mv "$MANIFEST.new" "$MANIFEST"
    chmod 0644 "$MANIFEST"
    msg "manifest lists $(wc -l < "$MANIFEST") cut file(s)"
}

if (( ! MANIFEST_ONLY )); then
    remove_build_dir
    remove_caches
    rotate_logs
fi
write_manifest
