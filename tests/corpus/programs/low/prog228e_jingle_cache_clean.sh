#!/usr/bin/env bash
# jingle_cache_clean.sh - rebuild the normalised jingle cache for this
# project checkout and clear out stale build output.
#
# Source jingles live in ./jingles; loudness-normalised copies are cached in
# ./.cache/jingles keyed by the MD5 of the source file, and the playout
# bundle is assembled in ./build.
#
#   -a   remove everything (cache and build) and stop
#   -n   dry run

set -euo pipefail

ROOT="$(pwd -P)"
SRC_DIR="$ROOT/jingles"
CACHE_DIR="$ROOT/.cache/jingles"
BUILD_DIR="$ROOT/build"
MANIFEST="$ROOT/.cache/manifest.txt"
ALL=0
DRY=0

note() { echo "[cache] $*"; }

while getopts ":anh" o; do
    case "$o" in
        a) ALL=1 ;;
        n) DRY=1 ;;
        h) sed -n '2,10p' "$0"; exit 0 ;;
        *) note "bad option"; exit 2 ;;
    esac
done

# refuse to delete anything that is not inside this checkout
inside_root() {
    local p
    p="$(realpath -m "$1")"
    [[ "$p" == "$ROOT"/* ]]
}

remove() {
    local target="$1"
    inside_root "$target" || { note "refusing to touch $target"; return 1; }
    [[ -e "$target" ]] || return 0
    if (( DRY )); then
        note "would remove $target"
    else
        rm -rf -- "$target"
        note "removed ${target#"$ROOT"/}"
    fi
}

cache_key() {
    md5sum "$1" | cut -d' ' -f1
}

refresh_cache() {
    mkdir -p "$CACHE_DIR"
    : > "$MANIFEST.new"
    local f key out kept=0 made=0
    shopt -s nullglob
    for f in "$SRC_DIR"/*.wav "$SRC_DIR"/*.flac; do
        key="$(cache_key "$f")"
        out="$CACHE_DIR/$key.wav"
        printf '%s\t%s\n' "$key" "$(basename "$f")" >> "$MANIFEST.new"
        if [[ -f "$out" ]]; then
            kept=$((kept + 1))
            continue
        fi
        (( DRY )) && { note "would normalise $(basename "$f")"; continue; }
        if command -v ffmpeg >/dev/null 2>&1; then
            ffmpeg -nostdin -loglevel error -y -i "$f" \
                -af loudnorm=I=-16:TP=-1.5:LRA=11 "$out"
        else
            cp -- "$f" "$out"
        fi
        made=$((made + 1))
    done
    # drop cache entries whose source is gone
    for out in "$CACHE_DIR"/*.wav; do
        key="$(basename "$out" .wav)"
        grep -q "^$key" "$MANIFEST.new" || remove "$out"
    done
    mv "$MANIFEST.new" "$MANIFEST"
    chmod 0600 "$MANIFEST"
    note "cache: $kept kept, $made new"
}

main() {
    if (( ALL )); then
        remove "$BUILD_DIR"
        remove "$ROOT/.cache"
        return
    fi
    remove "$BUILD_DIR"
    [[ -d "$SRC_DIR" ]] || { note "no $SRC_DIR, nothing to cache"; exit 0; }
    refresh_cache
    (( DRY )) || mkdir -p "$BUILD_DIR"
}

main
