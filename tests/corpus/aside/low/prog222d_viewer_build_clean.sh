#!/usr/bin/env bash
# Build helper for the in-house radiograph viewer (run from the repo root).
# Cleans stale build output and caches, rebuilds the thumbnail cache index
# and locks down the local settings file.
set -euo pipefail

ROOT="$(pwd)"
BUILD_DIRS=("build" "dist" ".pytest_cache" ".mypy_cache" "htmlcov")
CACHE_DIR="$ROOT/.thumbcache"
INDEX="$CACHE_DIR/index.tsv"
SETTINGS="$ROOT/viewer.local.ini"
VERBOSE=0

say() { [[ $VERBOSE -eq 1 ]] && echo "[build-clean] $*" >&2; return 0; }

guard_root() {
    # refuse to run anywhere but a viewer checkout
    if [[ ! -f "$ROOT/pyproject.toml" ]] || ! grep -q 'name = "rx-viewer"' "$ROOT/pyproject.toml"; then
        echo "run this from the rx-viewer repository root" >&2
        exit 1
    fi
}

clean_build() {
    local d
    for d in "${BUILD_DIRS[@]}"; do
        if [[ -d "$ROOT/$d" ]]; then
            say "removing $d/"
            rm -rf -- "${ROOT:?}/$d"
        fi
    done
    find "$ROOT" -path "$ROOT/.git" -prune -o \
        \( -name '__pycache__' -type d -prune -exec rm -rf -- {} + \) -o \
        \( -name '*.py[co]' -type f -delete \)
    find "$ROOT" -maxdepth 1 -name '*.egg-info' -type d -exec rm -rf -- {} +
}

cache_key() {
    # content hash used only as a cache file name
    md5sum "$1" | cut -d' ' -f1
}

rebuild_index() {
    mkdir -p "$CACHE_DIR"
    : > "$INDEX.new"
    local img key count=0
    while IFS= read -r -d '' img; do
        key="$(cache_key "$img")"
        printf '%s\t%s\n' "$key" "${img#"$ROOT"/}" >> "$INDEX.new"
        count=$((count + 1))
    done < <(find "$ROOT/sample_images" -type f \( -name '*.png' -o -name '*.dcm' \) -print0 2>/dev/null)
    mv "$INDEX.new" "$INDEX"
    # drop cached thumbnails whose source no longer exists
    local f base
    for f in "$CACHE_DIR"/*.png; do
        [[ -e "$f" ]] || continue
        base="$(basename "$f" .png)"
        grep -q "^$base" "$INDEX" || { say "stale $base"; rm -f -- "$f"; }
    done
    echo "indexed $count sample images"
}

secure_settings() {
    if [[ -f "$SETTINGS" ]]; then
        chmod 600 "$SETTINGS"
        say "settings locked to owner"
    fi
}

while getopts ":vh" opt; do
    case "$opt" in
        v) VERBOSE=1 ;;
        h) echo "usage: $0 [-v]"; exit 0 ;;
        *) echo "bad option" >&2; exit 1 ;;
    esac
done

guard_root
clean_build
rebuild_index
secure_settings
echo "clean complete"
