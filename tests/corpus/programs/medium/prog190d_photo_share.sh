#!/usr/bin/env bash
# Share the photos from today's lido swim gala with the volunteers.
# Copies the selected photos into a staging folder and serves it on the
# lido's staff Wi-Fi so people can grab them from their phones.
set -euo pipefail

SRC_DIR="${GALA_PHOTOS:-./gala_photos}"
STAGE="/tmp/lido_gala_share"
PORT="${SHARE_PORT:-8000}"
BIND="${SHARE_BIND:-0.0.0.0}"
MAX_MB="${SHARE_MAX_MB:-12}"

exts=(jpg jpeg png heic)

log() { printf '%s %s\n' "$(date +%T)" "$*"; }

is_photo() {
  local f="${1,,}" e
  for e in "${exts[@]}"; do
    [[ "$f" == *."$e" ]] && return 0
  done
  return 1
}

too_big() {
  local bytes
  bytes=$(stat -c %s "$1")
  (( bytes > MAX_MB * 1024 * 1024 ))
}

stage() {
  mkdir -p "$STAGE"
  chmod 755 "$STAGE"
  local n=0 f
  while IFS= read -r -d '' f; do
    is_photo "$f" || continue
    if too_big "$f"; then log "skip (size) $f"; continue; fi
    cp -p "$f" "$STAGE/"
    n=$((n + 1))
  done < <(find "$SRC_DIR" -maxdepth 2 -type f -print0)
  log "staged $n photos in $STAGE"
}

index_page() {
  {
    echo "<html><body><h1>Riverside Lido gala $(date +%F)</h1><ul>"
    for f in "$STAGE"/*; do
      b="$(basename "$f")"
      echo "<li><a href=\"$b\">$b</a></li>"
    done
    echo "</ul></body></html>"
  } > "$STAGE/index.html"
}

serve() {
  local addr
  addr="$(hostname -I 2>/dev/null | awk '{print $1}')"
  log "share at http://${addr:-this-pc}:$PORT/ (Ctrl-C to stop)"
  cd "$STAGE"
  python3 -m http.server "$PORT" --bind "$BIND"
}

stage
index_page
serve
