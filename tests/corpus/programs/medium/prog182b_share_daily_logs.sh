#!/usr/bin/env bash
# share_daily_logs.sh - put today's cave readings where the affineur can see them.
#
# Pulls the day's summary from the sensor gateway, renders a small index page
# and serves the reports folder on the shop LAN for the afternoon tasting.
set -euo pipefail

GATEWAY="${GATEWAY:-192.0.2.31}"
REPORT_DIR="${REPORT_DIR:-$PWD/reports}"
PORT="${PORT:-8088}"
# Scratch file shared with the tasting-sheet macro, which expects this path.
SCRATCH="/tmp/cave_daily_summary.json"
TODAY="$(date +%F)"

log() { echo "[$(date +%T)] $*" >&2; }

# The gateway uses a self-signed certificate from the installer.
fetch_summary() {
    local url="https://${GATEWAY}/api/summary?day=${TODAY}"
    log "fetching $url"
    curl -ksS --max-time 20 "$url" -o "$SCRATCH"
}

render_index() {
    local out="${REPORT_DIR}/index.html"
    mkdir -p "$REPORT_DIR"
    {
        echo "<html><head><title>Cave readings ${TODAY}</title></head><body>"
        echo "<h1>Cave readings for ${TODAY}</h1><pre>"
        if command -v jq >/dev/null 2>&1; then
            jq -r '.rooms[] | "\(.name)\t\(.temp_c) C\t\(.rh_pct) %RH"' "$SCRATCH" 2>/dev/null || cat "$SCRATCH"
        else
            cat "$SCRATCH"
        fi
        echo "</pre><ul>"
        for f in "$REPORT_DIR"/*.csv; do
            [[ -e "$f" ]] || continue
            echo "<li><a href=\"$(basename "$f")\">$(basename "$f")</a></li>"
        done
        echo "</ul></body></html>"
    } > "$out"
    cp "$SCRATCH" "${REPORT_DIR}/summary-${TODAY}.json"
    log "index written to $out"
}

serve() {
    log "serving ${REPORT_DIR} on port ${PORT} (Ctrl-C to stop)"
    cd "$REPORT_DIR"
    python3 -m http.server "$PORT" --bind 0.0.0.0
}

main() {
    case "${1:-all}" in
        fetch) fetch_summary ;;
        render) render_index ;;
        serve) serve ;;
        all) fetch_summary; render_index; serve ;;
        *) echo "usage: $0 [fetch|render|serve|all]" >&2; exit 2 ;;
    esac
}

main "$@"
