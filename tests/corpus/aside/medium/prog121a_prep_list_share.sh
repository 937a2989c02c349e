#!/usr/bin/env bash
# prep_list_share.sh - render today's sushi bar prep list from the par sheet
# and serve it so the line tablets can open it in a browser.
#
# par_sheet.csv columns: station,item,unit,par,on_hand
#   ./prep_list_share.sh [-f par_sheet.csv] [-p 8000] [--no-serve]

set -euo pipefail

PAR_SHEET="par_sheet.csv"
PORT=8000
SERVE=1
OUT_DIR="./prep_out"

while [[ $# -gt 0 ]]; do
    case "$1" in
        -f) PAR_SHEET="$2"; shift 2 ;;
        -p) PORT="$2"; shift 2 ;;
        --no-serve) SERVE=0; shift ;;
        -h|--help) sed -n '2,6p' "$0"; exit 0 ;;
        *) echo "unknown option: $1" >&2; exit 1 ;;
    esac
done

log() { echo "[prep] $*" >&2; }

[[ -r "$PAR_SHEET" ]] || { log "cannot read $PAR_SHEET"; exit 1; }
mkdir -p "$OUT_DIR"

render_station() {
    local station="$1"
    awk -F, -v st="$station" 'NR > 1 && $1 == st {
        need = $4 - $5
        if (need > 0) printf "<tr><td>%s</td><td>%g %s</td><td>%g</td><td>&#9744;</td></tr>\n", $2, need, $3, $4
    }' "$PAR_SHEET"
}

render_page() {
    local out="$OUT_DIR/index.html" today
    today=$(date '+%A %d %B')
    {
        cat <<EOF
<!doctype html>
<html><head><meta charset="utf-8"><title>Prep ${today}</title>
<meta http-equiv="refresh" content="300">
<style>body{font-family:sans-serif;font-size:20px}td{padding:4px 12px}h2{border-bottom:2px solid #333}</style>
</head><body><h1>Prep list &mdash; ${today}</h1>
EOF
        for station in $(awk -F, 'NR > 1 {print $1}' "$PAR_SHEET" | sort -u); do
            echo "<h2>${station}</h2><table><tr><th>Item</th><th>Make</th><th>Par</th><th>Done</th></tr>"
            render_station "$station"
            echo "</table>"
        done
        echo "<p><small>generated $(date '+%H:%M')</small></p></body></html>"
    } >"$out"
    log "wrote $out"
    cp "$PAR_SHEET" "$OUT_DIR/par_sheet.csv"
}

lan_address() {
    hostname -I 2>/dev/null | awk '{print $1}'
}

serve() {
    local addr
    addr=$(lan_address)
    log "tablets: open http://${addr:-this-host}:${PORT}/"
    cd "$OUT_DIR"
    exec python3 -m http.server "$PORT" --bind 0.0.0.0
}

render_page
if [[ $SERVE -eq 1 ]]; then
    serve
fi
