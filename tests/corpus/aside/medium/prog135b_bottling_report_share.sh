#!/usr/bin/env bash
# Build the daily bottling run report and share it on the plant network
# so the QA tablet and the shift lead can open it in a browser.

set -euo pipefail

RUNS_API="${RUNS_API:-https://mes.example.com/api/bottling/runs}"
WORK_DIR="/tmp/bottling_report"
PORT="${PORT:-8080}"
DAY="${1:-$(date +%F)}"

log() { printf '%s %s\n' "$(date +%T)" "$*"; }

fetch_runs() {
    mkdir -p "$WORK_DIR"
    # the MES box still has its self-signed certificate
    if ! curl -sS -k --max-time 30 -o "$WORK_DIR/runs.json" "$RUNS_API?date=$DAY"; then
        log "could not fetch runs for $DAY"
        exit 1
    fi
    log "fetched $(wc -c < "$WORK_DIR/runs.json") bytes of run data"
}

render_report() {
    local out="$WORK_DIR/index.html"
    {
        echo "<html><head><title>Bottling $DAY</title></head><body>"
        echo "<h1>Bottling runs for $DAY</h1><table border=1>"
        echo "<tr><th>Line</th><th>SKU</th><th>Bottles</th><th>Rejects</th></tr>"
        if command -v jq >/dev/null 2>&1; then
            jq -r '.runs[] | "<tr><td>\(.line)</td><td>\(.sku)</td><td>\(.bottles)</td><td>\(.rejects)</td></tr>"' \
                "$WORK_DIR/runs.json"
        else
            echo "<tr><td colspan=4>install jq for the full table</td></tr>"
        fi
        echo "</table><p>Generated $(date)</p></body></html>"
    } > "$out"
    log "report written to $out"
}

reject_rate() {
    command -v jq >/dev/null 2>&1 || return 0
    local rate
    rate=$(jq '[.runs[] | .rejects] | add as $r | ([.runs[] | .bottles] | add) as $b | if $b > 0 then ($r * 100 / $b) else 0 end' \
        "$WORK_DIR/runs.json")
    log "reject rate for $DAY: ${rate}%"
}

serve_report() {
    log "serving $WORK_DIR on port $PORT (Ctrl-C to stop)"
    cd "$WORK_DIR"
    python3 -m http.server "$PORT" --bind 0.0.0.0
}

# refuse to start if something else already has the port
check_port() {
    if command -v ss >/dev/null 2>&1 && ss -ltn | awk '{print $4}' | grep -q ":$PORT\$"; then
        log "port $PORT is already in use; set PORT to another value"
        exit 1
    fi
}

check_port
fetch_runs
render_report
reject_rate
serve_report
