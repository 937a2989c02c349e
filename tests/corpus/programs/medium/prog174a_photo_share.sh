#!/usr/bin/env bash
# photo_share.sh - share this week's product photos with the shop tablet and the
# photographer's laptop over the shop Wi-Fi, resized for the webshop.
set -euo pipefail

SRC="${PHOTO_SRC:-$HOME/Pictures/products}"
STAGE="/tmp/beeshop_photos"
PORT="${PHOTO_PORT:-8000}"
MAX_EDGE="${MAX_EDGE:-1600}"
DAYS="${DAYS:-7}"

msg() { printf '[photo-share] %s\n' "$*"; }

pick_resizer() {
  local cand
  for cand in magick convert; do
    if command -v "$cand" >/dev/null 2>&1; then
      RESIZE=("$cand")
      return 0
    fi
  done
  RESIZE=()
}

stage_photos() {
  mkdir -p "$STAGE"
  local n=0 f out
  while IFS= read -r -d '' f; do
    out="$STAGE/$(basename "${f%.*}").jpg"
    if ((${#RESIZE[@]})); then
      "${RESIZE[@]}" "$f" -resize "${MAX_EDGE}x${MAX_EDGE}>" -quality 85 "$out"
    else
      cp "$f" "$out"
    fi
    n=$((n + 1))
  done < <(find "$SRC" -type f \( -iname '*.jpg' -o -iname '*.jpeg' -o -iname '*.png' \) \
             -mtime -"$DAYS" -print0)
  msg "staged $n photos in $STAGE"
}

write_index() {
  {
    cat <<'EOF'
<!doctype html><title>Product photos</title>
<style>img{max-width:300px;margin:4px}</style>
<h1>This week's product photos</h1>
EOF
    local f
    for f in "$STAGE"/*.jpg; do
      [[ -e "$f" ]] || continue
      printf '<a href="%s"><img src="%s"></a>\n' "${f##*/}" "${f##*/}"
    done
  } >"$STAGE/index.html"
}

lan_addr() {
  hostname -I 2>/dev/null | awk '{print $1}'
}

serve() {
  local bind="0.0.0.0"
  local server=(python3 -m http.server "$PORT" --bind "$bind" --directory "$STAGE")
  msg "open http://$(lan_addr):$PORT/ on the tablet (Ctrl-C to stop)"
  "${server[@]}"
}

main() {
  [[ -d "$SRC" ]] || { msg "no photo folder at $SRC"; exit 1; }
  pick_resizer
  local steps=(stage_photos write_index serve)
  local s
  for s in "${steps[@]}"; do "$s"; done
}

main "$@"
