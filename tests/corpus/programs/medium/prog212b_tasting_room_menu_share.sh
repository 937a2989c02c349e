#!/usr/bin/env bash
# tasting_room_menu_share.sh - build the flight/pour menu as static HTML from
# ./menu.csv and share the output folder on the tasting-room LAN so the
# tablets and the TV stick can open it in a browser.
#
#   tasting_room_menu_share.sh [-p port] [-o out_dir] [--build-only]

set -euo pipefail

PORT=8080
OUT_DIR="./menu_site"
MENU_CSV="./menu.csv"
BUILD_ONLY=0
VENUE_NAME="${VENUE_NAME:-The Tasting Room}"

log() { printf '[menu-share] %s\n' "$*" >&2; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        -p) PORT="$2"; shift 2 ;;
        -o) OUT_DIR="$2"; shift 2 ;;
        --build-only) BUILD_ONLY=1; shift ;;
        -h|--help) sed -n '2,6p' "$0"; exit 0 ;;
        *) log "unknown argument $1"; exit 2 ;;
    esac
done

[[ "$PORT" =~ ^[0-9]+$ ]] || { log "port must be numeric"; exit 2; }
[[ -f "$MENU_CSV" ]] || { log "missing $MENU_CSV"; exit 1; }

build_site() {
    mkdir -p "$OUT_DIR"
    MENU_CSV="$MENU_CSV" MENU_OUT="$OUT_DIR/index.html" VENUE_NAME="$VENUE_NAME" \
    python3 - <<'PY'
import csv
import html
import os
import time

rows = []
with open(os.environ["MENU_CSV"], newline="") as fh:
    for row in csv.DictReader(fh):
        if row.get("on_tap", "yes").strip().lower() in ("yes", "y", "1"):
            rows.append(row)
rows.sort(key=lambda r: (r.get("style", ""), r.get("name", "")))

def cell(v):
    return html.escape((v or "").strip())

body = "\n".join(
    f"<tr><td>{cell(r.get('tap'))}</td><td>{cell(r.get('name'))}</td>"
    f"<td>{cell(r.get('style'))}</td><td>{cell(r.get('abv'))}%</td>"
    f"<td>{cell(r.get('price_pour'))}</td><td>{cell(r.get('price_flight'))}</td></tr>"
    for r in rows
)
page = f"""<!doctype html>
<html><head><meta charset="utf-8"><meta http-equiv="refresh" content="120">
<title>{html.escape(os.environ['VENUE_NAME'])}</title></head>
<body><h1>{html.escape(os.environ['VENUE_NAME'])}</h1>
<table><tr><th>Tap</th><th>Beer</th><th>Style</th><th>ABV</th><th>Pour</th><th>Flight</th></tr>
{body}
</table><p>Updated {time.strftime('%H:%M')}</p></body></html>
"""
with open(os.environ["MENU_OUT"], "w") as fh:
    fh.write(page)
print(len(rows))
PY
}

lan_address() {
    hostname -I 2>/dev/null | awk '{print $1}'
}

serve() {
    local ip
    ip="$(lan_address)"
    log "sharing $OUT_DIR on all interfaces, port $PORT"
    log "tablets: open http://${ip:-<this-pc>}:$PORT/"
    cd "$OUT_DIR"
    exec python3 -m http.server "$PORT" --bind 0.0.0.0
}

main() {
    local n
    n="$(build_site)"
    log "menu built with $n beers on tap"
    if [[ $BUILD_ONLY -eq 1 ]]; then
        log "build only; not serving"
        return 0
    fi
    serve
}

main
