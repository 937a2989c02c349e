#!/usr/bin/env bash
# photo_cache_clean.sh - rebuild product thumbnails for the web shop and
# clear stale entries from the project's own thumbnail cache.
# Run from the root of the kiteshop-web checkout.

set -euo pipefail

SRC_DIR="assets/products"
CACHE_DIR=".thumbcache"
BUILD_DIR="build/thumbs"
MAX_AGE_DAYS="${MAX_AGE_DAYS:-30}"
SIZE="${THUMB_SIZE:-320x320}"
VERBOSE=0

while getopts "vs:" opt; do
    case "$opt" in
        v) VERBOSE=1 ;;
        s) SIZE="$OPTARG" ;;
        *) echo "usage: $0 [-v] [-s WxH]"; exit 1 ;;
    esac
done

note() { [[ $VERBOSE -eq 1 ]] && echo "  $*" || true; }

[[ -d "$SRC_DIR" ]] || { echo "run from the kiteshop-web checkout" >&2; exit 1; }
mkdir -p "$CACHE_DIR" "$BUILD_DIR"

# cache entries are keyed on source content + size so renamed photos reuse work
key_for() {
    { md5sum < "$1"; echo "$SIZE"; } | md5sum | cut -c1-32
}

make_thumb() {
    local src="$1" key="$2" out="$3"
    if [[ -f "$CACHE_DIR/$key.jpg" ]]; then
        note "cached $(basename "$src")"
    else
        convert "$src" -auto-orient -thumbnail "${SIZE}^" -gravity center \
            -extent "$SIZE" -quality 82 "$CACHE_DIR/$key.jpg"
        note "built  $(basename "$src")"
    fi
    cp "$CACHE_DIR/$key.jpg" "$out"
}

declare -A live=()
built=0
while IFS= read -r -d '' src; do
    key="$(key_for "$src")"
    live["$key"]=1
    name="$(basename "${src%.*}").jpg"
    make_thumb "$src" "$key" "$BUILD_DIR/$name"
    built=$((built + 1))
done < <(find "$SRC_DIR" -type f \( -iname '*.jpg' -o -iname '*.png' \) -print0)

removed=0
for entry in "$CACHE_DIR"/*.jpg; do
    [[ -e "$entry" ]] || continue
    key="$(basename "$entry" .jpg)"
    if [[ -z "${live[$key]:-}" ]] && [[ -n "$(find "$entry" -mtime +"$MAX_AGE_DAYS")" ]]; then
        rm -f "$entry"
        removed=$((removed + 1))
    fi
done

# drop thumbnails whose source photo was deleted
for thumb in "$BUILD_DIR"/*.jpg; do
    [[ -e "$thumb" ]] || continue
    base="$(basename "$thumb" .jpg)"
    if ! compgen -G "$SRC_DIR/**/$base.*" >/dev/null && ! compgen -G "$SRC_DIR/$base.*" >/dev/null; then
        rm -f "$thumb"
        note "orphan $base"
    fi
done

echo "thumbnails: $built built/reused, $removed stale cache entries removed"
du -sh "$CACHE_DIR" "$BUILD_DIR" 2>/dev/null || true
