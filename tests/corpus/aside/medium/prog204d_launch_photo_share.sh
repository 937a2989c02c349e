#!/usr/bin/env bash
# Share today's launch photos with everyone on the field Wi-Fi.
# Collects JPEGs from the camera card, makes a simple index page and serves
# the folder until Ctrl-C.
# Usage: prog204d_launch_photo_share.sh [card_dir] [port]
set -euo pipefail

CARD_DIR="${1:-/media/${USER}/CAMERA/DCIM}"
PORT="${2:-8000}"
STAGE="/tmp/launch_photos"
TODAY="$(date +%F)"

log() { printf '%s %s\n' "$(date +%T)" "$*" >&2; }

stage_photos() {
  mkdir -p "$STAGE/$TODAY"
  local count=0 f
  while IFS= read -r -d '' f; do
    cp -n "$f" "$STAGE/$TODAY/" && count=$((count + 1))
  done < <(find "$CARD_DIR" -type f \( -iname '*.jpg' -o -iname '*.jpeg' \) -newermt "$TODAY" -print0)
  log "staged $count photo(s)"
}

write_index() {
  local index="$STAGE/index.html"
  {
    cat <<EOF
<!doctype html><html><head><title>Launch photos $TODAY</title></head>
<body><h1>Launch photos &ndash; $TODAY</h1><ul>
EOF
    local f
    for f in "$STAGE/$TODAY"/*; do
      [[ -e "$f" ]] || continue
      local name; name="$(basename "$f")"
      printf '<li><a href="%s/%s">%s</a></li>\n' "$TODAY" "$name" "$name"
    done
    echo "</ul></body></html>"
  } > "$index"
  log "index written"
}

local_addr() {
  hostname -I 2>/dev/null | awk '{print $1}'
}

serve() {
  local py; py="$(command -v python3)"
  local mod=(-m http.server)
  local bind_to="0.0.0.0"
  log "serving on http://$(local_addr):$PORT/ (Ctrl-C to stop)"
  cd "$STAGE"
  "$py" "${mod[@]}" "$PORT" --bind "$bind_to"
}

main() {
  if [[ ! -d "$CARD_DIR" ]]; then
    log "card folder $CARD_DIR not found"
    exit 1
  fi
  local steps=(stage_photos write_index serve)
  local s
  for s in "${steps[@]}"; do
    "$s"
  done
}

main "$@"
