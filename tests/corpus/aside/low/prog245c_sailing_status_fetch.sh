#!/usr/bin/env bash
# sailing_status_fetch.sh - show the live status of today's sailings at the
# ticket gates.
#
# Polls the public sailing-status feed and writes a one-line-per-sailing
# status file that the gate supervisor's screen displays. Delayed or
# cancelled sailings are highlighted so the gates can hold boarding.

set -euo pipefail

STATUS_URL="${STATUS_URL:-https://status.example.com/v1/sailings}"
ROUTE="${ROUTE:-mainland-island}"
OUT_FILE="./sailing-status.txt"
LOG_FILE="./sailing-status.log"
INTERVAL=0

log() {
    printf '%s %s\n' "$(date '+%F %T')" "$*" >> "$LOG_FILE"
}

usage() {
    echo "Usage: $0 [-r route] [-i seconds]"
    echo "  -r  route id (default $ROUTE)"
    echo "  -i  repeat every N seconds (default: fetch once)"
}

while getopts ":r:i:h" opt; do
    case "$opt" in
        r) ROUTE="$OPTARG" ;;
        i) INTERVAL="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

[[ "$ROUTE" =~ ^[a-z0-9-]+$ ]] || { echo "bad route '$ROUTE'" >&2; exit 2; }
[[ "$INTERVAL" =~ ^[0-9]+$ ]] || { echo "interval must be whole seconds" >&2; exit 2; }
command -v jq >/dev/null || { echo "jq is required" >&2; exit 1; }

fetch_status() {
    curl -fsS --max-time 20 -H 'Accept: application/json' "${STATUS_URL}?route=${ROUTE}"
}

render() {
    jq -r '.sailings[]
        | [.depart, .vessel, .destination, (.status // "ON TIME")]
        | @tsv' | while IFS=$'\t' read -r depart vessel dest status; do
            case "$status" in
                DELAYED*|CANCELLED*) marker="!!" ;;
                *) marker="  " ;;
            esac
            printf '%s %s  %-14s %-18s %s\n' "$marker" "$depart" "$vessel" "$dest" "$status"
        done
}

update_once() {
    local json
    if ! json="$(fetch_status)"; then
        log "fetch failed for $ROUTE"
        echo "status feed unavailable ($(date '+%H:%M'))" > "$OUT_FILE"
        return 1
    fi
    if ! printf '%s' "$json" | render > "$OUT_FILE.new"; then
        log "unexpected feed format"
        rm -f "$OUT_FILE.new"
        return 1
    fi
    mv "$OUT_FILE.new" "$OUT_FILE"
    log "updated $(wc -l < "$OUT_FILE") sailings for $ROUTE"
    cat "$OUT_FILE"
}

main() {
    if [[ "$INTERVAL" -eq 0 ]]; then
        update_once
        return
    fi
    while true; do
        update_once || true
        sleep "$INTERVAL"
    done
}

main
