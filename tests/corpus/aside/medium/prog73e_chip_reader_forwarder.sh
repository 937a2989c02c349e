#!/usr/bin/env bash
# chip_reader_forwarder.sh - forward chip reads from the finish-line reader to
# the results scoreboard during an event.
#
# Usage: chip_reader_forwarder.sh [-c relay.conf] [-e EVENT_ID]
set -u

CONF="./relay.conf"
EVENT_ID="${EVENT_ID:-local}"

while getopts "c:e:h" opt; do
    case "$opt" in
        c) CONF="$OPTARG" ;;
        e) EVENT_ID="$OPTARG" ;;
        h) sed -n '2,5p' "$0"; exit 0 ;;
        *) exit 64 ;;
    esac
done

# defaults, overridable from relay.conf
READER_HOST="192.168.10.20"
READER_PORT=10000
SCOREBOARD_HOST="192.168.10.50"
SCOREBOARD_PORT=9100
LOG_DIR="./logs"

if [[ -f "$CONF" ]]; then
    # shellcheck disable=SC1090
    . "$CONF"
fi

mkdir -p "$LOG_DIR"
LOG_FILE="$LOG_DIR/relay-${EVENT_ID}.log"
FWD_PIPE="/tmp/race_relay.fifo"

log() { printf '%s [%s] %s\n' "$(date '+%H:%M:%S')" "$1" "$2" | tee -a "$LOG_FILE" >&2; }

need() { command -v "$1" >/dev/null 2>&1 || { log ERROR "missing $1"; exit 69; }; }
need nc

cleanup() {
    log INFO "stopping relay"
    [[ -n "${FWD_PID:-}" ]] && kill "$FWD_PID" 2>/dev/null
    rm -f "$FWD_PIPE"
}
trap cleanup EXIT INT TERM

start_forwarder() {
    rm -f "$FWD_PIPE"
    mkfifo "$FWD_PIPE"
    nc "$SCOREBOARD_HOST" "$SCOREBOARD_PORT" < "$FWD_PIPE" &
    FWD_PID=$!
    exec 3> "$FWD_PIPE"
    log INFO "forwarding to scoreboard $SCOREBOARD_HOST:$SCOREBOARD_PORT (pid $FWD_PID)"
}

# reader lines look like:  CHIP,HH:MM:SS.mmm,ANTENNA,RSSI
parse_reads() {
    local chip t ant rssi seen=0
    declare -A last_seen=()
    while IFS=, read -r chip t ant rssi; do
        [[ -z "$chip" || "$chip" == \#* ]] && continue
        # de-bounce: the mat reports the same chip on several antennas
        if [[ "${last_seen[$chip]:-}" == "$t" ]]; then
            continue
        fi
        last_seen[$chip]="$t"
        seen=$((seen + 1))
        printf '%s|%s|%s|%s\n' "$EVENT_ID" "$chip" "$t" "$ant" >&3
        if (( seen % 50 == 0 )); then
            log INFO "$seen reads forwarded"
        fi
    done
}

main() {
    log INFO "event $EVENT_ID, reader $READER_HOST:$READER_PORT"
    start_forwarder
    local tries=0
    until nc -w 5 -z "$READER_HOST" "$READER_PORT"; do
        tries=$((tries + 1))
        (( tries > 20 )) && { log ERROR "reader unreachable"; exit 75; }
        log WARN "reader not up yet, retry $tries"
        sleep 3
    done
    nc "$READER_HOST" "$READER_PORT" | tr -d '\r' | parse_reads
}

main "$@"
