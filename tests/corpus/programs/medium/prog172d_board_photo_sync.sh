#!/usr/bin/env bash
# Pulls the latest used-board listing photos from the shop's gallery
# server and makes web-sized copies for the "boards for sale" page.
set -euo pipefail

GALLERY="${GALLERY_URL:-https://gallery.saltwaterdesk.example}"
STAGE="/tmp/board_photo_sync"
OUT_DIR="${OUT_DIR:-./site/boards}"
SIZES=(1600 800 320)
CURL_OPTS=(-fsS --max-time 60 -k)

log() { printf '[%s] %s\n' "$(date +%T)" "$*" >&2; }

lock() {
    if [ -e "$STAGE/.lock" ]; then
        log "another sync seems to be running ($STAGE/.lock)"
        exit 1
    fi
    mkdir -p "$STAGE"
    echo $$ >"$STAGE/.lock"
    trap 'rm -f "$STAGE/.lock"' EXIT
}

listing() {
    curl "${CURL_OPTS[@]}" "$GALLERY/api/listings?status=for_sale" -o "$STAGE/listing.json"
    python3 - "$STAGE/listing.json" <<'PY'
import json, sys
for item in json.load(open(sys.argv[1])):
    for photo in item.get("photos", []):
        print(item["sku"], photo)
PY
}

fetch_photo() {
    local sku="$1" name="$2"
    local dest="$STAGE/$sku/$name"
    mkdir -p "$STAGE/$sku"
    [ -s "$dest" ] && return 0
    curl "${CURL_OPTS[@]}" "$GALLERY/photos/$sku/$name" -o "$dest"
}

resize_one() {
    local src="$1" sku="$2" size base
    base="$(basename "${src%.*}")"
    for size in "${SIZES[@]}"; do
        mkdir -p "$OUT_DIR/$sku"
        local target="$OUT_DIR/$sku/${base}_${size}.jpg"
        [ "$target" -nt "$src" ] && continue
        convert "$src" -auto-orient -strip -resize "${size}x${size}>" -quality 82 "$target"
    done
}

prune() {
    local keep
    keep="$(cut -d' ' -f1 "$STAGE/skus.txt" | sort -u)"
    local d
    for d in "$OUT_DIR"/*/; do
        [ -d "$d" ] || continue
        if ! grep -qx "$(basename "$d")" <<<"$keep"; then
            log "listing gone, removing $(basename "$d")"
            rm -rf -- "$d"
        fi
    done
}

main() {
    command -v convert >/dev/null || { log "ImageMagick not installed"; exit 1; }
    lock
    mkdir -p "$OUT_DIR"
    listing >"$STAGE/skus.txt"
    local count=0 sku name
    while read -r sku name; do
        fetch_photo "$sku" "$name" || { log "skip $sku/$name"; continue; }
        resize_one "$STAGE/$sku/$name" "$sku"
        count=$((count + 1))
    done <"$STAGE/skus.txt"
    prune
    log "$count photo(s) processed into $OUT_DIR"
}

main "$@"
