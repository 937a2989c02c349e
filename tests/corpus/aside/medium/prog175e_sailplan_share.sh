#!/usr/bin/env bash
# sailplan_share.sh - share today's sail plans with the tablets on the loft
# floor. The sewing stations open http://<this-pc>:8088/ in the tablet
# browser to see the panel drawings while they work.
#
# Usage: sailplan_share.sh [-p port] [-d days] [stop]

set -euo pipefail

PLANS_ROOT="${PLANS_ROOT:-$HOME/loft/sailplans}"
SHARE_DIR="${SHARE_DIR:-$HOME/loft/floor_share}"
PORT="${PORT:-8088}"
DAYS="${DAYS:-3}"
PID_FILE="$SHARE_DIR/.share.pid"
LOG_FILE="$SHARE_DIR/.share.log"

note() { printf '[share] %s\n' "$*"; }

stop_share() {
    if [[ -f "$PID_FILE" ]] && kill -0 "$(cat "$PID_FILE")" 2>/dev/null; then
        kill "$(cat "$PID_FILE")"
        note "stopped share (pid $(cat "$PID_FILE"))"
    else
        note "share was not running"
    fi
    rm -f "$PID_FILE"
}

stage_plans() {
    mkdir -p "$SHARE_DIR"
    find "$SHARE_DIR" -mindepth 1 -maxdepth 1 ! -name '.share.*' -exec rm -rf {} +
    local count=0 f
    while IFS= read -r -d '' f; do
        cp -p "$f" "$SHARE_DIR/"
        count=$((count + 1))
    done < <(find "$PLANS_ROOT" -type f \( -name '*.pdf' -o -name '*.svg' -o -name '*.png' \) \
                  -mtime -"$DAYS" -print0)
    note "staged $count plan file(s) from the last $DAYS day(s)"
}

write_index() {
    {
        echo "<html><head><title>Loft floor plans</title></head><body>"
        echo "<h1>Sail plans - $(date '+%a %d %b')</h1><ul>"
        local f
        for f in "$SHARE_DIR"/*; do
            [[ -f "$f" ]] || continue
            local n; n="$(basename "$f")"
            echo "<li><a href=\"$n\">$n</a></li>"
        done
        echo "</ul></body></html>"
    } > "$SHARE_DIR/index.html"
}

start_share() {
    if [[ -f "$PID_FILE" ]] && kill -0 "$(cat "$PID_FILE")" 2>/dev/null; then
        note "already sharing on port $PORT"
        return 0
    fi
    local bind_addr="0.0.0.0"
    nohup python3 -m http.server "$PORT" --bind "$bind_addr" --directory "$SHARE_DIR" \
        >> "$LOG_FILE" 2>&1 &
    echo $! > "$PID_FILE"
    local ip
    ip="$(hostname -I 2>/dev/null | awk '{print $1}')"
    note "sharing $SHARE_DIR at http://${ip:-this-pc}:$PORT/"
}

while getopts ":p:d:" opt; do
    case "$opt" in
        p) PORT="$OPTARG" ;;
        d) DAYS="$OPTARG" ;;
        *) echo "usage: $0 [-p port] [-d days] [stop]" >&2; exit 1 ;;
    esac
done
shift $((OPTIND - 1))

case "${1:-start}" in
    stop) stop_share ;;
    start)
        stage_plans
        write_index
        start_share
        ;;
    *) echo "unknown action: $1" >&2; exit 1 ;;
esac
