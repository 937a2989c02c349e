#!/usr/bin/env bash
# photo_rendition_resize.sh - resize a folder of agency photos for the web CMS
#
# Photo desk drops full-resolution TIFF/JPEG files (often 60+ MP) into
# SRC; this makes web renditions at several widths into DEST, strips
# GPS EXIF, and writes a rendition manifest.
#
# Large panoramas hit ImageMagick's default resource policy, so the
# script passes higher limits on the command line and gives convert a
# scratch area with room for its pixel cache.
#
# Usage: photo_rendition_resize.sh SRC DEST [widths...]

set -euo pipefail

SRC="${1:?source dir}"
DEST="${2:?destination dir}"
shift 2
WIDTHS=("${@:-2400 1200 640}")
[[ ${#WIDTHS[@]} -eq 1 ]] && read -r -a WIDTHS <<< "${WIDTHS[0]}"
QUALITY="${QUALITY:-82}"
MANIFEST="$DEST/renditions.csv"
SCRATCH="/tmp/photodesk-resize"
LIMITS=(-limit memory 4GiB -limit map 8GiB -limit width 64KP -limit height 64KP -limit area 1GP -limit disk 16GiB)

log() { printf '[%s] %s\n' "$(date +%T)" "$*" >&2; }

prepare_scratch() {
    mkdir -p "$SCRATCH"
    export MAGICK_TEMPORARY_PATH="$SCRATCH"
    export MAGICK_TMPDIR="$SCRATCH"
    log "pixel cache scratch: $SCRATCH ($(df -h "$SCRATCH" | awk 'NR==2{print $4}') free)"
}

resize_one() {
    local in="$1" base w out
    base="$(basename "${in%.*}")"
    for w in "${WIDTHS[@]}"; do
        out="$DEST/${base}_w${w}.jpg"
        if [[ -f "$out" && "$out" -nt "$in" ]]; then
            continue
        fi
        convert "${LIMITS[@]}" "$in" -auto-orient -resize "${w}x>" -strip \
            -sampling-factor 4:2:0 -interlace JPEG -quality "$QUALITY" "$out"
        printf '%s,%s,%s,%s\n' "$(basename "$in")" "$w" "$(basename "$out")" \
            "$(identify -format '%wx%h' "$out")" >> "$MANIFEST"
    done
}

cleanup() {
    rm -rf "$SCRATCH"/magick-* 2>/dev/null || true
}

main() {
    command -v convert >/dev/null || { log "ImageMagick not installed"; exit 1; }
    mkdir -p "$DEST"
    prepare_scratch
    trap cleanup EXIT
    : > "$MANIFEST"
    local count=0 failed=0 f
    while IFS= read -r -d '' f; do
        if resize_one "$f"; then
            count=$((count + 1))
        else
            log "failed: $f"
            failed=$((failed + 1))
        fi
    done < <(find "$SRC" -maxdepth 1 -type f \( -iname '*.jpg' -o -iname '*.jpeg' -o -iname '*.tif' -o -iname '*.tiff' \) -print0)
    log "resized $count images ($failed failed) into $DEST"
}

main
