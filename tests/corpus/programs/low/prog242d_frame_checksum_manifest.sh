#!/usr/bin/env bash
# frame_checksum_manifest.sh - build a checksum manifest for a shift's
# grading camera frames before they are handed to QA.
#
# Frames are expected under ./frames/<lane>/. The manifest lists every frame
# with its SHA-256, size and lane, and a summary per lane. Intermediate
# per-lane lists go in ./.manifest_build and are removed at the end.
#
#   ./frame_checksum_manifest.sh [--shift ID] [--frames DIR] [--keep-build]

set -euo pipefail

SHIFT="$(date +%F)-A"
FRAMES_DIR="./frames"
BUILD_DIR="./.manifest_build"
KEEP_BUILD=0

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" >&2; }

usage() { sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'; exit 1; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --shift)      SHIFT="$2"; shift 2 ;;
        --frames)     FRAMES_DIR="$2"; shift 2 ;;
        --keep-build) KEEP_BUILD=1; shift ;;
        -h|--help)    usage ;;
        *) log "unknown option $1"; usage ;;
    esac
done

MANIFEST="./manifest_${SHIFT}.tsv"
SUMMARY="./manifest_${SHIFT}_summary.txt"

cleanup() {
    if [[ $KEEP_BUILD -eq 0 && -d "$BUILD_DIR" ]]; then
        rm -rf "$BUILD_DIR"
        log "removed build directory $BUILD_DIR"
    fi
}
trap cleanup EXIT

hash_lane() {
    local lane_dir="$1" lane out
    lane=$(basename "$lane_dir")
    out="${BUILD_DIR}/${lane}.tsv"
    : > "$out"
    find "$lane_dir" -maxdepth 1 -type f \( -name '*.png' -o -name '*.jpg' \) -print0 \
        | sort -z \
        | while IFS= read -r -d '' f; do
            local sum size
            sum=$(sha256sum "$f" | cut -d' ' -f1)
            size=$(stat -c %s "$f")
            printf '%s\t%s\t%s\t%s\n' "$lane" "$(basename "$f")" "$size" "$sum" >> "$out"
        done
    log "lane ${lane}: $(wc -l < "$out") frames"
}

summarise() {
    awk -F'\t' '{ n[$1]++; b[$1] += $3 }
        END { for (l in n) printf "%-8s %6d frames %10.1f MB\n", l, n[l], b[l] / 1048576 }' \
        "$MANIFEST" | sort > "$SUMMARY"
}

main() {
    [[ -d "$FRAMES_DIR" ]] || { log "no frames directory at $FRAMES_DIR"; exit 1; }
    mkdir -p "$BUILD_DIR"
    local lanes=0
    for lane_dir in "$FRAMES_DIR"/*/; do
        [[ -d "$lane_dir" ]] || continue
        hash_lane "${lane_dir%/}"
        lanes=$((lanes + 1))
    done
    if [[ $lanes -eq 0 ]]; then
        log "no lane directories found"
        exit 1
    fi
    printf 'lane\tframe\tbytes\tsha256\n' > "$MANIFEST"
    cat "$BUILD_DIR"/*.tsv >> "$MANIFEST"
    summarise
    log "manifest written to $MANIFEST"
    cat "$SUMMARY"
}

main
