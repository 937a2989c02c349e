#!/usr/bin/env bash
# Share a quick preview of lot photographs with colleagues before cataloguing.
set -euo pipefail

PHOTO_SRC="${1:-./photos}"
PORT="${PORT:-8099}"
STAGE="/tmp/clock_preview"
INDEX_TITLE="${INDEX_TITLE:-Clock lot photographs - preview}"

info() { printf '[preview] %s\n' "$*"; }

stage_photos() {
  local n=0 f
  rm -rf "$STAGE"
  mkdir -p "$STAGE"
  while IFS= read -r -d '' f; do
    cp -- "$f" "$STAGE/"
    n=$((n + 1))
  done < <(find "$PHOTO_SRC" -maxdepth 2 -type f \( -iname '*.jpg' -o -iname '*.jpeg' -o -iname '*.png' \) -print0)
  info "staged $n photographs in $STAGE"
  [[ $n -gt 0 ]]
}

write_index() {
  local f
  {
    printf '<!doctype html><title>%s</title><h1>%s</h1>\n' "$INDEX_TITLE" "$INDEX_TITLE"
    for f in "$STAGE"/*; do
      [[ "$f" == *.html ]] && continue
      printf '<figure><img src="%s" width="320"><figcaption>%s</figcaption></figure>\n' \
        "$(basename "$f")" "$(basename "$f")"
    done
  } > "$STAGE/index.html"
}

address_hint() {
  local addr
  addr="$(hostname -I 2>/dev/null | awk '{print $1}')"
  info "open http://${addr:-localhost}:${PORT}/ on any saleroom machine"
}

serve() {
  local py bind
  py="$(command -v python3 || command -v python)"
  bind="0.0.0.0"
  info "serving $STAGE (Ctrl-C to stop)"
  (cd "$STAGE" && exec "$py" -m http.server "$PORT" --bind "$bind")
}

cleanup() {
  info "removing staged copies"
  rm -rf "$STAGE"
}

[[ -d "$PHOTO_SRC" ]] || { info "no photo folder at $PHOTO_SRC"; exit 1; }
trap cleanup EXIT
if ! stage_photos; then
  info "no photographs found"
  exit 1
fi
write_index
address_hint
serve
