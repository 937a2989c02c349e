#!/usr/bin/env bash
# pull_instrument_runlogs.sh
#
# Downloads the daily run logs from the web interfaces of the facility's
# instrument controllers into ./runlogs/<instrument>/<date>.log so they can
# be attached to the booking records.  The controllers use the vendor's
# self-signed certificates.
#
# Usage: ./pull_instrument_runlogs.sh [-d YYYY-MM-DD] [-i INSTRUMENT] [-r RETRIES]

set -euo pipefail

DAY="$(date -d yesterday +%F 2>/dev/null || date +%F)"
ONLY=""
RETRIES=3
OUT_DIR="./runlogs"
LOG="./pull_runlogs.log"

declare -A CONTROLLERS=(
    [NMR400]="https://nmr400-ctrl.example.org"
    [NMR600]="https://nmr600-ctrl.example.org"
    [XRD]="https://xrd-ctrl.example.org"
    [LCMS]="https://lcms-ctrl.example.org"
)

log() { echo "$(date '+%F %T') $*" | tee -a "$LOG" >&2; }

while getopts ":d:i:r:h" opt; do
    case "$opt" in
        d) DAY="$OPTARG" ;;
        i) ONLY="$OPTARG" ;;
        r) RETRIES="$OPTARG" ;;
        h|*) sed -n '2,10p' "$0"; exit 0 ;;
    esac
done

if ! [[ "$DAY" =~ ^[0-9]{4}-[0-9]{2}-[0-9]{2}$ ]]; then
    log "bad date: $DAY"
    exit 1
fi

fetch_one() {
    local name="$1" base="$2"
    local dest="${OUT_DIR}/${name}/${DAY}.log"
    local url="${base}/api/runlog?date=${DAY}"
    mkdir -p "${OUT_DIR}/${name}"
    local attempt
    for attempt in $(seq 1 "$RETRIES"); do
        # vendor controllers only present self-signed certificates
        if curl --silent --show-error --fail --insecure \
                --max-time 60 -o "${dest}.part" "$url"; then
            mv "${dest}.part" "$dest"
            log "$name: $(wc -l < "$dest") lines saved to $dest"
            return 0
        fi
        log "$name: attempt $attempt failed"
        sleep $((attempt * 5))
    done
    rm -f "${dest}.part"
    return 1
}

summarise() {
    local total=0 f
    for f in "${OUT_DIR}"/*/"${DAY}.log"; do
        [ -f "$f" ] || continue
        local runs
        runs=$(grep -c 'RUN_COMPLETE' "$f" || true)
        total=$((total + runs))
        printf '%-10s %5d completed runs\n' "$(basename "$(dirname "$f")")" "$runs"
    done
    printf '%-10s %5d\n' "TOTAL" "$total"
}

main() {
    local failed=0 name
    log "pulling run logs for $DAY"
    for name in "${!CONTROLLERS[@]}"; do
        if [ -n "$ONLY" ] && [ "$name" != "$ONLY" ]; then
            continue
        fi
        fetch_one "$name" "${CONTROLLERS[$name]}" || failed=$((failed + 1))
    done
    summarise
    if [ "$failed" -gt 0 ]; then
        log "$failed controller(s) could not be reached"
        exit 2
    fi
}

main
