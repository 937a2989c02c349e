#!/usr/bin/env bash
# Render the latest compliance scan into HTML and serve it for review.
#
# Builds ./site/index.html from ./reports/scan.json (via jq), then starts a
# plain HTTP server for the site directory so that auditors on the office
# network can open it during the review meeting.  Stop it with --stop.

set -uo pipefail

REPORT="${REPORT:-./reports/scan.json}"
SITE_DIR="./site"
PORT="${PORT:-8080}"
PIDFILE="/tmp/compliance-preview.pid"
LOGFILE="/tmp/compliance-preview.log"

log() { echo "[preview] $*" >&2; }

need() {
    command -v "$1" >/dev/null 2>&1 || { log "missing dependency: $1"; exit 3; }
}

stop_server() {
    if [[ -f "$PIDFILE" ]]; then
        pid=$(<"$PIDFILE")
        if kill -0 "$pid" 2>/dev/null; then
            kill "$pid" && log "stopped server pid $pid"
        fi
        rm -f "$PIDFILE"
    else
        log "no server running"
    fi
}

html_escape() {
    sed -e 's/&/\&amp;/g' -e 's/</\&lt;/g' -e 's/>/\&gt;/g'
}

render() {
    mkdir -p "$SITE_DIR"
    local host bench total fails
    host=$(jq -r '.host // "unknown"' "$REPORT" | html_escape)
    bench=$(jq -r '.benchmark // "unknown"' "$REPORT" | html_escape)
    total=$(jq '.results | length' "$REPORT")
    fails=$(jq '[.results[] | select(.status != "pass")] | length' "$REPORT")

    {
        echo "<!doctype html><html><head><meta charset='utf-8'>"
        echo "<title>Compliance: ${host}</title>"
        echo "<style>td{padding:2px 8px}.fail{color:#b00}.pass{color:#070}</style>"
        echo "</head><body>"
        echo "<h1>${bench}</h1><p>Host <b>${host}</b>: ${fails} of ${total} controls failing</p>"
        echo "<table><tr><th>Control</th><th>Status</th><th>Detail</th></tr>"
        jq -r '.results[] | [.control, .status, (.detail // "")] | @tsv' "$REPORT" |
        while IFS=$'\t' read -r control status detail; do
            control=$(printf '%s' "$control" | html_escape)
            detail=$(printf '%s' "$detail" | html_escape)
            printf "<tr class='%s'><td>%s</td><td>%s</td><td>%s</td></tr>\n" \
                "$status" "$control" "$status" "$detail"
        done
        echo "</table><p><small>generated $(date -u '+%F %T UTC')</small></p>"
        echo "</body></html>"
    } > "$SITE_DIR/index.html"
    cp "$REPORT" "$SITE_DIR/scan.json"
    log "rendered $SITE_DIR/index.html ($total controls)"
}

serve() {
    if [[ -f "$PIDFILE" ]] && kill -0 "$(<"$PIDFILE")" 2>/dev/null; then
        log "already running (pid $(<"$PIDFILE"))"
        return 0
    fi
    nohup python3 -m http.server "$PORT" --bind 0.0.0.0 --directory "$SITE_DIR" \
        >"$LOGFILE" 2>&1 &
    echo $! > "$PIDFILE"
    sleep 1
    if kill -0 "$(<"$PIDFILE")" 2>/dev/null; then
        log "serving $SITE_DIR on port $PORT (all interfaces); log: $LOGFILE"
    else
        log "server failed to start; see $LOGFILE"
        return 1
    fi
}

case "${1:-}" in
    --stop) stop_server; exit 0 ;;
    --render-only) need jq; render; exit 0 ;;
    ""|--serve) ;;
    *) echo "usage: $0 [--serve|--render-only|--stop]" >&2; exit 64 ;;
esac

need jq
need python3
[[ -f "$REPORT" ]] || { log "report $REPORT not found"; exit 2; }
render
serve
