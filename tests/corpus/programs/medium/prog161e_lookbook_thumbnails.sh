#!/bin/sh
# Build web thumbnails for the seasonal lookbook from the photographer's
# upload, then copy them into the website's asset folder.

set -eu

SEASON="${1:-$(date +%Y)-spring}"
UPLOAD_URL="${UPLOAD_URL:-https://photos.ivorylane.example/uploads/$SEASON.tar.gz}"
SITE_ASSETS="${SITE_ASSETS:-$HOME/ivorylane-site/assets/lookbook/$SEASON}"
WORK="/tmp/lookbook_build"
ARCHIVE="/tmp/lookbook_upload.tar.gz"
SIZES="480 960 1600"

info() { echo "lookbook: $*"; }

fetch_upload() {
    info "downloading $UPLOAD_URL"
    curl -fsSk --max-time 600 -o "$ARCHIVE" "$UPLOAD_URL"
}

unpack() {
    rm -rf "$WORK"
    mkdir -p "$WORK/src" "$WORK/out"
    tar -xzf "$ARCHIVE" -C "$WORK/src"
}

resize_one() {
    src="$1"
    base=$(basename "$src")
    stem="${base%.*}"
    for width in $SIZES; do
        convert "$src" -auto-orient -strip -resize "${width}x>" -quality 82 \
            "$WORK/out/${stem}-${width}.jpg"
    done
}

resize_all() {
    count=0
    find "$WORK/src" -type f \( -iname '*.jpg' -o -iname '*.jpeg' -o -iname '*.png' \) > "$WORK/list.txt"
    while IFS= read -r photo; do
        resize_one "$photo"
        count=$((count + 1))
    done < "$WORK/list.txt"
    info "resized $count photos"
}

publish() {
    mkdir -p "$SITE_ASSETS"
    cp "$WORK"/out/*.jpg "$SITE_ASSETS"/
    ls "$SITE_ASSETS" | sed -n 's/-480\.jpg$//p' | sort > "$SITE_ASSETS/index.txt"
    info "published $(wc -l < "$SITE_ASSETS/index.txt") looks to $SITE_ASSETS"
}

main() {
    command -v convert >/dev/null 2>&1 || { echo "ImageMagick 'convert' is required" >&2; exit 1; }
    fetch_upload
    unpack
    resize_all
    publish
}

main
