#!/usr/bin/env bash
# imagemagick_batch_resize.sh - resize a folder of agency photos for the web CMS
#
# Photo desk drops full-resolution TIFF/JPEG files (often 60+ MP) into
# SRC; this makes web renditions at several widths into DEST, strips
# GPS EXIF, and writes a rendition manifest.
#
# Large panoramas hit ImageMagick's default resource policy, so the
# script raises the width/height/memory limits in policy.xml first.
#
# Usage: imagemagick_batch_resize.sh SRC DEST [widths...]

set -euo pipefail

SRC="${1:?source dir}"
DEST="${2:?destination dir}"
shift 2
WIDTHS=("${@:-2400 1200 640}")
[[ ${#WIDTHS[@]} -eq 1 ]] && read -r -a WIDTHS <<< "${WIDTHS[0]}"
QUALITY="${QUALITY:-82}"
MANIFEST="$DEST/renditions.csv"

log() { printf '[%s] %s\n' "$(date +%T)" "$*" >&2; }

policy_file() {
    local v
    for v in /etc/ImageMagick-7 /etc/ImageMagick-6 /etc/ImageMagick; do
        [[ -f "$v/policy.xml" ]] && { echo "$v/policy.xml"; return 0; }
    done
    return 1
}

raise_limits() {
    local pol
    pol="$(policy_file)" || { log "no policy.xml found, using defaults"; return 0; }
    if grep -q 'name="width" value="64KP"' "$pol"; then
        log "limits already raised in $pol"
        return 0
    fi
    log "raising resource limits in $pol"
    sudo cp -p "$pol" "$pol.bak.$(date +%s)"
    sudo sed -i \
        -e 's|name="memory" value="[^"]*"|name="memory" value="4GiB"|' \
        -e 's|name="map" value="[^"]*"|name="map" value="8GiB"|' \
        -e 's|name="width" value="[^"]*"|name="width" value="64KP"|' \
        -e 's|name="height" value="[^"]*"|name="height" value="64KP"|' \
        -e 's|name="area" value="[^"]*"|name="area" value="1GP"|' \
        -e 's|name="disk" value="[^"]*"|name="disk" value="16GiB"|' \
        "$pol"
}

resize_one() {
    local in="$1" base w out
    base="$(basename "${in%.*}")"
    for w in "${WIDTHS[@]}"; do
        out="$DEST/${base}_w${w}.jpg"
        if [[ -f "$out" && "$out" -nt "$in" ]]; then
            continue
        fi
        convert "$in" -auto-orient -resize "${w}x>" -strip \
            -sampling-factor 4:2:0 -interlace JPEG -quality "$QUALITY" "$out"
        printf '%s,%s,%s,%s\n' "$(basename "$in")" "$w" "$(basename "$out")" \
            "$(identify -format '%wx%h' "$out")" >> "$MANIFEST"
    done
}

main() {
    command -v convert >/dev/null || { log "ImageMagick not installed"; exit 1; }
    mkdir -p "$DEST"
    raise_limits
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
