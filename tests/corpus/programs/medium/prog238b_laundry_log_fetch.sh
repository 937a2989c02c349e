#!/usr/bin/env bash
# laundry_log_fetch.sh - collect daily event logs from laundry controllers.
#
# The older coin-op controllers only expose their event logs through an
# anonymous FTP server on the building management VLAN. This pulls
# yesterday's (or a given day's) log from each controller into
# ./controller_logs/<date>/ and prints a fault count per room.
#
# Usage: laundry_log_fetch.sh [-d YYYYMMDD] [-c controllers.txt]

set -uo pipefail

DAY="$(date -d yesterday +%Y%m%d 2>/dev/null || date +%Y%m%d)"
CONTROLLERS_FILE="./controllers.txt"
DEST_ROOT="./controller_logs"
TIMEOUT=20

DEFAULT_CONTROLLERS=(
    "north-b1 192.0.2.31"
    "north-b2 192.0.2.32"
    "east-g 192.0.2.41"
    "west-3 192.0.2.51"
)

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" >&2; }

while getopts ":d:c:h" opt; do
    case "$opt" in
        d) DAY="$OPTARG" ;;
        c) CONTROLLERS_FILE="$OPTARG" ;;
        h) sed -n '2,9p' "$0"; exit 0 ;;
        *) echo "bad option" >&2; exit 1 ;;
    esac
done

[[ "$DAY" =~ ^[0-9]{8}$ ]] || { log "day must be YYYYMMDD"; exit 1; }

load_controllers() {
    if [[ -f "$CONTROLLERS_FILE" ]]; then
        grep -v '^[[:space:]]*#' "$CONTROLLERS_FILE" | awk 'NF==2'
    else
        printf '%s\n' "${DEFAULT_CONTROLLERS[@]}"
    fi
}

fetch_one() {
    local room="$1" addr="$2" dest="$3"
    local url="ftp://${addr}/logs/events_${DAY}.log"
    if curl -s --max-time "$TIMEOUT" --user "anonymous:" --ftp-pasv -o "$dest/${room}.log" "$url"; then
        log "$room: fetched $(wc -l < "$dest/${room}.log") lines"
        return 0
    fi
    log "$room: no log at $url"
    rm -f -- "$dest/${room}.log"
    return 1
}

summarise() {
    local dest="$1" file room faults
    printf '%-12s %8s %8s\n' "room" "events" "faults"
    for file in "$dest"/*.log; do
        [[ -f "$file" ]] || continue
        room="$(basename "$file" .log)"
        faults="$(grep -ciE 'fault|error|door_open_timeout' "$file" || true)"
        printf '%-12s %8d %8d\n' "$room" "$(wc -l < "$file")" "$faults"
    done
}

dest="$DEST_ROOT/$DAY"
mkdir -p "$dest"

ok=0; failed=0
while read -r room addr; do
    [[ -n "$room" ]] || continue
    if fetch_one "$room" "$addr" "$dest"; then
        ok=$((ok + 1))
    else
        failed=$((failed + 1))
    fi
done < <(load_controllers)

log "fetched $ok logs, $failed missing, into $dest"
summarise "$dest"
(( ok > 0 ))
