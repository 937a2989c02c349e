#!/usr/bin/env bash
# Refresh the lobby price board and share it with the TV sticks.
# The TV sticks just open http://<office-pc>:8000/board.html in kiosk mode.
set -euo pipefail

SHEET_URL="${SHEET_URL:-https://pricing.skyhop.example.com/export/board.csv}"
BOARD_DIR="${BOARD_DIR:-$PWD/board}"
STAGE="/tmp/skyhop_board.csv"
PORT="${PORT:-8000}"
SERVE=(python3 -m http.server)

log() { echo "$(date +%T) [board] $*"; }

fetch_sheet() {
  # the pricing box still has the installer's self-signed cert
  curl -sS -k --max-time 30 "$SHEET_URL" -o "$STAGE"
  log "fetched $(wc -l < "$STAGE") rows"
}

row_html() {
  local item="$1" price="$2" note="$3"
  printf '  <tr><td>%s</td><td class="p">$%s</td><td class="n">%s</td></tr>\n' "$item" "$price" "$note"
}

build_board() {
  mkdir -p "$BOARD_DIR"
  {
    cat <<HEAD
<!doctype html>
<html><head><meta charset="utf-8"><meta http-equiv="refresh" content="300">
<title>Skyhop prices</title><link rel="stylesheet" href="board.css"></head>
<body><h1>Jump Passes &amp; Parties</h1><table>
HEAD
    tail -n +2 "$STAGE" | while IFS=, read -r item price note; do
      row_html "$item" "$price" "$note"
    done
    cat <<FOOT
</table><p class="upd">Updated $(date '+%a %b %d %H:%M')</p></body></html>
FOOT
  } > "$BOARD_DIR/board.html"
  log "board written to $BOARD_DIR/board.html"
}

serve_board() {
  if pgrep -f "http.server $PORT" >/dev/null; then
    log "already serving on $PORT"
    return
  fi
  ( cd "$BOARD_DIR" && nohup "${SERVE[@]}" "$PORT" --bind 0.0.0.0 >/dev/null 2>&1 & )
  log "serving $BOARD_DIR on 0.0.0.0:$PORT"
}

case "${1:-all}" in
  fetch) fetch_sheet ;;
  build) build_board ;;
  serve) serve_board ;;
  all)   fetch_sheet; build_board; serve_board ;;
  *)     echo "usage: $0 [fetch|build|serve|all]"; exit 2 ;;
esac
