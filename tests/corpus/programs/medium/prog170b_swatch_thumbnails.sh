#!/usr/bin/env bash
# Builds web-shop thumbnails from the mills' fabric swatch images.
# Usage: prog170b_swatch_thumbnails.sh swatches.txt [output_dir]
set -eu

LIST="${1:-swatches.txt}"
OUT_DIR="${2:-./public/swatches}"
WORK="/tmp/swatch_thumbs"
SIZES=(64 160 480)
FETCH_OPTS=(--silent --show-error --fail --insecure --max-time 40)

msg() { printf '[swatch] %s\n' "$*" >&2; }

need() {
    command -v "$1" >/dev/null 2>&1 || { msg "missing tool: $1"; exit 1; }
}

prepare() {
    mkdir -p "$WORK/raw" "$WORK/out" "$OUT_DIR"
    rm -f "$WORK"/raw/* "$WORK"/out/* 2>/dev/null || true
}

slug_for() {
    local url="$1" base
    base="${url##*/}"
    base="${base%%\?*}"
    printf '%s' "${base%.*}" | tr 'A-Z ' 'a-z-'
}

fetch_one() {
    local url="$1" slug
    slug="$(slug_for "$url")"
    if curl "${FETCH_OPTS[@]}" -o "$WORK/raw/$slug.img" "$url"; then
        printf '%s\n' "$slug"
    else
        msg "could not fetch $url"
    fi
}

resize_one() {
    local slug="$1" size
    for size in "${SIZES[@]}"; do
        convert "$WORK/raw/$slug.img" -strip -resize "${size}x${size}^" \
            -gravity center -extent "${size}x${size}" -quality 82 \
            "$WORK/out/${slug}_${size}.jpg"
    done
}

publish() {
    local f
    for f in "$WORK"/out/*.jpg; do
        [ -e "$f" ] || continue
        cp -p "$f" "$OUT_DIR/"
    done
}

write_index() {
    local index="$OUT_DIR/index.txt"
    ( cd "$OUT_DIR" && ls -1 ./*.jpg 2>/dev/null | sed 's#^\./##' ) >"$index"
    msg "index has $(wc -l <"$index") entries"
}

main() {
    need curl
    need convert
    [ -r "$LIST" ] || { msg "cannot read $LIST"; exit 1; }
    prepare
    local line slug count=0
    while IFS= read -r line; do
        case "$line" in ''|\#*) continue ;; esac
        slug="$(fetch_one "$line")"
        [ -n "$slug" ] || continue
        resize_one "$slug"
        count=$((count + 1))
    done <"$LIST"
    publish
    write_index
    msg "processed $count swatches"
}

main "$@"
