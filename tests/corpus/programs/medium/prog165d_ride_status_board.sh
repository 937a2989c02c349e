#!/bin/bash
# Build a simple HTML status board of ride availability and serve it to the
# screens in the maintenance break room.
# Usage: ride_status_board.sh [status.csv] [port]

set -euo pipefail

STATUS_CSV="${1:-./ride_status.csv}"
PORT="${2:-8080}"
BOARD_DIR="/tmp/ride-status-board"
REFRESH_SEC="${REFRESH_SEC:-60}"

render_row() {
    local ride="$1" state="$2" since="$3" note="$4"
    local colour="#2e7d32"
    case "$state" in
        down) colour="#c62828" ;;
        inspection) colour="#f9a825" ;;
    esac
    printf '<tr><td>%s</td><td style="color:%s">%s</td><td>%s</td><td>%s</td></tr>\n' \
        "$ride" "$colour" "$state" "$since" "$note"
}

render_board() {
    local out="$BOARD_DIR/index.html"
    {
        printf '<html><head><meta http-equiv="refresh" content="%s">' "$REFRESH_SEC"
        printf '<title>Ride status</title></head><body>\n'
        printf '<h1>Ride status %s</h1>\n<table border="1">\n' "$(date '+%H:%M')"
        printf '<tr><th>Ride</th><th>State</th><th>Since</th><th>Note</th></tr>\n'
        tail -n +2 "$STATUS_CSV" | while IFS=, read -r ride state since note; do
            render_row "$ride" "$state" "$since" "$note"
        done
        printf '</table></body></html>\n'
    } > "$out.new"
    mv "$out.new" "$out"
}

refresh_loop() {
    while true; do
        if [ -f "$STATUS_CSV" ]; then
            render_board
        fi
        sleep "$REFRESH_SEC"
    done
}

cleanup() {
    [ -n "${LOOP_PID:-}" ] && kill "$LOOP_PID" 2>/dev/null || true
}

main() {
    if [ ! -f "$STATUS_CSV" ]; then
        echo "status file $STATUS_CSV not found" >&2
        exit 1
    fi
    mkdir -p "$BOARD_DIR"
    render_board

    refresh_loop &
    LOOP_PID=$!
    trap cleanup EXIT INT TERM

    echo "serving $BOARD_DIR on port $PORT"
    python3 -m http.server "$PORT" --bind 0.0.0.0 --directory "$BOARD_DIR"
}

main "$@"
