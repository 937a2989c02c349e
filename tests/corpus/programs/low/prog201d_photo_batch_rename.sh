#!/usr/bin/env bash
# Rename a batch of restoration photos to the workshop convention:
#   <figure>_<stage>_<YYYYMMDD>_<nn>.<ext>
# Duplicates (same content) are skipped using an md5 list kept in ./build.
set -euo pipefail

FIGURE=""
STAGE="progress"
SRC_DIR="."
OUT_DIR="renamed"
BUILD_DIR="build"
DRY=0

usage() {
    echo "Usage: $0 -f FIGURE [-s STAGE] [-i SRC_DIR] [-o OUT_DIR] [-n] [--clean]"
}

log() { printf '[rename] %s\n' "$*"; }

clean_build() {
    rm -rf -- "./$BUILD_DIR"
    log "removed ./$BUILD_DIR"
}

while [[ $# -gt 0 ]]; do
    case "$1" in
        -f) FIGURE="$2"; shift ;;
        -s) STAGE="$2"; shift ;;
        -i) SRC_DIR="$2"; shift ;;
        -o) OUT_DIR="$2"; shift ;;
        -n) DRY=1 ;;
        --clean) clean_build; exit 0 ;;
        -h|--help) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
    shift
done

[[ -n "$FIGURE" ]] || { usage; exit 2; }
[[ -d "$SRC_DIR" ]] || { log "no such folder: $SRC_DIR"; exit 1; }
mkdir -p "$OUT_DIR" "$BUILD_DIR"
SEEN="$BUILD_DIR/seen.md5"
touch "$SEEN"

photo_date() {
    # prefer the file's modification date; good enough for bench photos
    date -r "$1" +%Y%m%d
}

target_name() {
    local src="$1" n="$2" ext
    ext="${src##*.}"
    ext="${ext,,}"
    printf '%s/%s_%s_%s_%02d.%s' "$OUT_DIR" "$FIGURE" "$STAGE" "$(photo_date "$src")" "$n" "$ext"
}

count=0 skipped=0
shopt -s nullglob nocaseglob
for src in "$SRC_DIR"/*.{jpg,jpeg,png,tif,tiff}; do
    sum="$(md5sum "$src" | cut -d' ' -f1)"
    if grep -qx "$sum" "$SEEN"; then
        skipped=$((skipped + 1))
        continue
    fi
    count=$((count + 1))
    dest="$(target_name "$src" "$count")"
    if [[ $DRY -eq 1 ]]; then
        log "would copy $src -> $dest"
    else
        cp -p -- "$src" "$dest"
        echo "$sum" >> "$SEEN"
    fi
done
log "$count photo(s) renamed, $skipped duplicate(s) skipped"
