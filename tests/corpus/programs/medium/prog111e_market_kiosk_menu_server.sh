#!/usr/bin/env bash
# market-kiosk menu server
#
# Builds the farmers' market price board (index.html) from menu.csv
# (species,grade,price_per_100g,in_stock) and serves it to the stall tablets
# on the market wifi. Re-run after editing menu.csv; the tablets refresh
# themselves every minute.
set -euo pipefail

KIOSK_DIR="${KIOSK_DIR:-$PWD/kiosk}"
MENU_CSV="${MENU_CSV:-$PWD/menu.csv}"
PORT="${KIOSK_PORT:-8080}"
STALL_NAME="${STALL_NAME:-Mycelium Co-op}"
PIDFILE="$KIOSK_DIR/.server.pid"

info() { echo "kiosk: $*"; }
die() { echo "kiosk: error: $*" >&2; exit 1; }

[[ -r "$MENU_CSV" ]] || die "menu file $MENU_CSV not found"
mkdir -p "$KIOSK_DIR"

build_page() {
    local out="$KIOSK_DIR/index.html"
    {
        cat <<EOF
<!doctype html>
<html><head><meta charset="utf-8"><meta http-equiv="refresh" content="60">
<title>${STALL_NAME}</title>
<style>body{font-family:sans-serif;background:#1d1a16;color:#f4efe6}
td{padding:.4em 1em;font-size:1.6em}.out{opacity:.35;text-decoration:line-through}</style>
</head><body><h1>${STALL_NAME} - today's mushrooms</h1><table>
EOF
        tail -n +2 "$MENU_CSV" | awk -F, '
            function esc(s) { gsub(/&/,"\\&amp;",s); gsub(/</,"\\&lt;",s); gsub(/>/,"\\&gt;",s); return s }
            NF >= 4 {
                cls = ($4 ~ /^(y|yes|1)$/) ? "" : " class=\"out\""
                printf "<tr%s><td>%s</td><td>%s</td><td>&pound;%.2f / 100g</td></tr>\n",
                       cls, esc($1), esc($2), $3
            }'
        echo "</table><p>Updated $(date '+%H:%M')</p></body></html>"
    } > "$out.tmp"
    mv "$out.tmp" "$out"
    info "built $(grep -c '<tr' "$out") menu rows"
}

stop_server() {
    if [[ -f "$PIDFILE" ]] && kill -0 "$(cat "$PIDFILE")" 2>/dev/null; then
        kill "$(cat "$PIDFILE")"
        info "stopped previous server"
    fi
    rm -f "$PIDFILE"
}

start_server() {
    python3 -m http.server "$PORT" --bind 0.0.0.0 --directory "$KIOSK_DIR" \
        >> "$KIOSK_DIR/.server.log" 2>&1 &
    echo $! > "$PIDFILE"
    sleep 1
    kill -0 "$(cat "$PIDFILE")" 2>/dev/null || die "server failed, see $KIOSK_DIR/.server.log"
}

show_urls() {
    local ip
    for ip in $(hostname -I 2>/dev/null); do
        info "tablets: http://${ip}:${PORT}/"
    done
}

case "${1:-start}" in
    start)
        build_page
        stop_server
        start_server
        show_urls
        ;;
    rebuild)
        build_page
        ;;
    stop)
        stop_server
        ;;
    *)
        echo "usage: $0 [start|rebuild|stop]"
        exit 2
        ;;
esac
