#!/usr/bin/env bash
# Pull the latest scan batch from the digitisation contractor and serve a
# preview of it so curators can check the images before sign-off.
#
# The contractor publishes batches as tarballs on their staging server; we
# unpack into a work folder and make thumbnails for quick browsing.

set -euo pipefail

STAGING="${STAGING:-https://staging.example.net/museum}"
BATCH="${1:-latest}"
WORK=/tmp/scan_preview
PORT="${PORT:-8088}"
THUMB_SIZE="${THUMB_SIZE:-400x400}"

log() { echo "[preview] $*"; }

usage() {
    echo "Usage: $0 [batch-id]   (default: latest)"
}

fetch_batch() {
    mkdir -p "$WORK"
    log "downloading batch $BATCH"
    # contractor's staging cert is self-signed
    curl -k -fsSL -o "$WORK/batch.tar.gz" "$STAGING/batches/$BATCH.tar.gz"
}

fetch_manifest_ftp() {
    # older batches still list their manifest on the FTP drop
    if [ -n "${FTP_USER:-}" ]; then
        curl -fsS --user "$FTP_USER:${FTP_PASS:-}" -o "$WORK/manifest.csv" \
            "ftp://ftp.example.net/drop/$BATCH/manifest.csv" || log "no FTP manifest"
    fi
}

unpack() {
    rm -rf "$WORK/images"
    mkdir -p "$WORK/images"
    tar -xzf "$WORK/batch.tar.gz" -C "$WORK/images"
    log "unpacked $(find "$WORK/images" -type f | wc -l) files"
}

make_thumbs() {
    mkdir -p "$WORK/thumbs"
    local n=0 f out
    while IFS= read -r -d '' f; do
        out="$WORK/thumbs/$(basename "${f%.*}").jpg"
        if convert "$f[0]" -thumbnail "$THUMB_SIZE" "$out" 2>/dev/null; then
            n=$((n + 1))
        else
            log "could not thumbnail $(basename "$f")"
        fi
    done < <(find "$WORK/images" -type f \( -iname '*.tif' -o -iname '*.jpg' \) -print0)
    log "$n thumbnails"
}

write_index() {
    {
        echo "<html><body><h1>Batch $BATCH</h1>"
        for t in "$WORK"/thumbs/*.jpg; do
            [ -e "$t" ] || continue
            echo "<a href=\"images/\"><img src=\"thumbs/$(basename "$t")\"></a>"
        done
        echo "</body></html>"
    } > "$WORK/index.html"
}

serve() {
    log "preview at http://$(hostname -I | awk '{print $1}'):$PORT/ (Ctrl-C to stop)"
    cd "$WORK"
    python3 -m http.server "$PORT" --bind 0.0.0.0
}

case "${1:-}" in
    -h|--help) usage; exit 0 ;;
esac

fetch_batch
fetch_manifest_ftp
unpack
make_thumbs
write_index
serve
