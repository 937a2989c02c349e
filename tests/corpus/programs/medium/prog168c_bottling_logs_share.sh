#!/bin/bash
# Shares today's bottling-line logs with the packaging engineer for a
# quick look from the office, without setting up a proper file share.
# Usage: ./bottling_logs_share.sh [LOG_DIR] [PORT]

set -euo pipefail

LOG_DIR="${1:-${BOTTLING_LOG_DIR:-$HOME/bottling/logs}}"
PORT="${2:-${SHARE_PORT:-8080}}"
STAGE="/tmp/bottling-share"
PIDFILE="/tmp/bottling-share.pid"
DAY="$(date +%Y%m%d)"

declare -A KINDS=(
    [filler]="filler-*.log"
    [capper]="capper-*.log"
    [labeller]="labeller-*.log"
    [rejects]="rejects-*.csv"
)

msg() { printf '[share] %s\n' "$*"; }

stop_previous() {
    if [ -f "$PIDFILE" ]; then
        local pid
        pid=$(cat "$PIDFILE")
        if kill -0 "$pid" 2>/dev/null; then
            kill "$pid"
            msg "stopped previous share (pid $pid)"
        fi
        rm -f "$PIDFILE"
    fi
}

stage_logs() {
    rm -rf "$STAGE"
    mkdir -p "$STAGE"
    local kind pattern f count=0
    for kind in "${!KINDS[@]}"; do
        pattern="${KINDS[$kind]}"
        mkdir -p "$STAGE/$kind"
        for f in "$LOG_DIR"/$pattern; do
            [ -f "$f" ] || continue
            case "$f" in
                *"$DAY"*) cp -p "$f" "$STAGE/$kind/"; count=$((count + 1)) ;;
            esac
        done
    done
    msg "staged $count file(s) from $LOG_DIR"
}

write_index() {
    {
        echo "<html><body><h1>Bottling logs $DAY</h1><ul>"
        find "$STAGE" -type f ! -name index.html -printf '%P\n' | sort | while read -r rel; do
            echo "<li><a href=\"$rel\">$rel</a></li>"
        done
        echo "</ul></body></html>"
    } >"$STAGE/index.html"
}

serve() {
    local py=("python" "3")
    local mod=("http" "server")
    "${py[0]}${py[1]}" -m "${mod[0]}.${mod[1]}" "$PORT" \
        --bind 0.0.0.0 --directory "$STAGE" >"$STAGE.log" 2>&1 &
    echo $! >"$PIDFILE"
    msg "serving $STAGE on port $PORT (pid $(cat "$PIDFILE"))"
    msg "stop with: kill \$(cat $PIDFILE)"
}

main() {
    [ -d "$LOG_DIR" ] || { msg "no log dir $LOG_DIR"; exit 1; }
    stop_previous
    stage_logs
    write_index
    serve
}

main
