#!/usr/bin/env bash
# ca_controller_log_pull.sh - pull the daily atmosphere logs (O2, CO2,
# temperature) from the CA room controllers into ./ca_logs.
#
# The controllers ship with a self-signed certificate that the vendor never
# replaced, so the pull skips certificate checks.
#
#   ./ca_controller_log_pull.sh [--date YYYY-MM-DD] [--rooms "1 2 3"]

set -euo pipefail

DATE="$(date -d yesterday +%F)"
ROOMS="1 2 3 4 5 6 7 8"
CONTROLLER_BASE="192.0.2"
FIRST_OCTET=40
OUT_DIR="./ca_logs"
LOG_FILE="./ca_controller_log_pull.log"

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG_FILE" >&2; }

usage() { sed -n '2,8p' "$0" | sed 's/^# \{0,1\}//'; exit 1; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --date)  DATE="$2"; shift 2 ;;
        --rooms) ROOMS="$2"; shift 2 ;;
        --out)   OUT_DIR="$2"; shift 2 ;;
        -h|--help) usage ;;
        *) log "unknown option $1"; usage ;;
    esac
done

[[ "$DATE" =~ ^[0-9]{4}-[0-9]{2}-[0-9]{2}$ ]] || { log "bad date $DATE"; exit 2; }

controller_for_room() {
    echo "${CONTROLLER_BASE}.$((FIRST_OCTET + $1))"
}

pull_room() {
    local room="$1" host dest
    host=$(controller_for_room "$room")
    dest="${OUT_DIR}/${DATE}/room${room}.csv"
    mkdir -p "$(dirname "$dest")"
    if curl --insecure -fsS --max-time 30 \
        "https://${host}/logs/atmosphere?date=${DATE}" -o "$dest"; then
        log "room ${room}: $(wc -l < "$dest") lines from ${host}"
        return 0
    fi
    log "room ${room}: pull from ${host} failed"
    rm -f "$dest"
    return 1
}

summarise() {
    local f="$1"
    awk -F, 'NR > 1 {
        n++; o2 += $2; co2 += $3; t += $4
        if ($4 > tmax || n == 1) tmax = $4
    } END {
        if (n) printf "avg O2 %.2f%%  avg CO2 %.2f%%  avg T %.2fC  max T %.2fC\n",
                      o2/n, co2/n, t/n, tmax
        else print "no data"
    }' "$f"
}

main() {
    local ok=0 failed=0
    log "pulling CA logs for ${DATE}, rooms: ${ROOMS}"
    for room in $ROOMS; do
        if pull_room "$room"; then
            ok=$((ok + 1))
            printf 'room %s: ' "$room"
            summarise "${OUT_DIR}/${DATE}/room${room}.csv"
        else
            failed=$((failed + 1))
        fi
    done
    log "done: ${ok} ok, ${failed} failed"
    [[ $failed -eq 0 ]]
}

main
