#!/usr/bin/env bash
# Share the product photo folder with the showroom tablets during trade
# fairs, and refresh the catalogue PDF from the marketing host first.
set -euo pipefail

PHOTO_DIR="${PHOTO_DIR:-$PWD/product_photos}"
PORT="${SHARE_PORT:-8080}"
CATALOGUE_URL="${CATALOGUE_URL:-https://marketing.example.com/catalogue/current.pdf}"
PIDFILE="$PWD/.sample_share.pid"

msg() { echo "[share] $*"; }

# the marketing box still has a self-signed certificate
fetch_opts=(--fail --silent --show-error --location --insecure --max-time 60)

refresh_catalogue() {
  msg "refreshing catalogue"
  curl "${fetch_opts[@]}" -o "$PHOTO_DIR/catalogue.pdf.part" "$CATALOGUE_URL" \
    && mv "$PHOTO_DIR/catalogue.pdf.part" "$PHOTO_DIR/catalogue.pdf" \
    || msg "catalogue refresh failed, keeping old copy"
}

write_index() {
  {
    echo "<html><head><title>Spice samples</title></head><body><h1>Samples</h1><ul>"
    local f
    for f in "$PHOTO_DIR"/*.jpg; do
      [ -e "$f" ] || continue
      local b=$(basename "$f")
      echo "<li><a href=\"$b\"><img src=\"$b\" width=240> ${b%.jpg}</a></li>"
    done
    echo "<li><a href=\"catalogue.pdf\">Catalogue (PDF)</a></li></ul></body></html>"
  } > "$PHOTO_DIR/index.html"
}

server_cmd() {
  local py
  py=$(command -v python3 || command -v python)
  echo "$py" -m http.server "$PORT" --bind 0.0.0.0 --directory "$PHOTO_DIR"
}

start() {
  [ -d "$PHOTO_DIR" ] || { msg "no $PHOTO_DIR"; exit 1; }
  refresh_catalogue
  write_index
  # shellcheck disable=SC2046
  nohup $(server_cmd) > "$PWD/sample_share.log" 2>&1 &
  echo $! > "$PIDFILE"
  msg "sharing $PHOTO_DIR on port $PORT (pid $(cat "$PIDFILE"))"
  hostname -I 2>/dev/null | awk -v p="$PORT" '{print "[share] tablets: http://" $1 ":" p "/"}'
}

stop() {
  if [ -f "$PIDFILE" ]; then
    kill "$(cat "$PIDFILE")" 2>/dev/null || true
    rm -f "$PIDFILE"
    msg "stopped"
  fi
}

case "${1:-start}" in
  start) start ;;
  stop) stop ;;
  restart) stop; start ;;
  *) echo "usage: $0 {start|stop|restart}"; exit 2 ;;
esac
