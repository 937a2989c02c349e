#!/usr/bin/env bash
# fetch_marine_forecast.sh
#
# Fetches the marine weather forecast for the fleet's fishing areas from
# the met service and stores it under ./forecast/ so the skippers' morning
# briefing sheet can be printed offline. Old downloads are cleaned up.
#
# Usage: fetch_marine_forecast.sh [-a area,area,...] [-k days]
#   -a  comma-separated sea areas (default: north,central,south)
#   -k  keep this many days of downloads (default 7)

set -euo pipefail

BASE_URL="https://marine.example.org/forecast/v1"
AREAS="north,central,south"
KEEP_DAYS=7
OUT_DIR="./forecast"
CACHE_DIR="./forecast/.cache"
STAMP="$(date +%Y%m%d_%H%M)"

log() { printf '%s %-5s %s\n' "$(date '+%F %T')" "$1" "$2" >&2; }

while getopts ":a:k:h" opt; do
    case "$opt" in
        a) AREAS="$OPTARG" ;;
        k) KEEP_DAYS="$OPTARG" ;;
        *) sed -n '2,11p' "$0"; exit 1 ;;
    esac
done

if ! [[ "$KEEP_DAYS" =~ ^[0-9]+$ ]]; then
    log ERROR "keep days must be a number"
    exit 1
fi

service_up() {
    curl -sS -I --max-time 10 "${BASE_URL}/status" > /dev/null
}

fetch_area() {
    local area="$1"
    local part="${CACHE_DIR}/${area}_${STAMP}.part"
    local dest="${OUT_DIR}/${area}_${STAMP}.txt"
    if curl -sS -f --max-time 30 -o "$part" "${BASE_URL}/areas/${area}.txt"; then
        mv "$part" "$dest"
        log INFO "saved ${area} forecast ($(wc -l < "$dest") lines)"
        return 0
    fi
    rm -f "$part"
    log WARN "no forecast for ${area}"
    return 1
}

make_briefing() {
    local sheet="${OUT_DIR}/briefing_${STAMP}.txt"
    {
        echo "FLEET MARINE BRIEFING  $(date '+%A %d %B %Y %H:%M')"
        echo "=================================================="
        local f
        for f in "${OUT_DIR}"/*_"${STAMP}".txt; do
            [[ "$f" == "$sheet" ]] && continue
            echo
            echo "--- $(basename "$f" "_${STAMP}.txt" | tr '[:lower:]' '[:upper:]') ---"
            head -n 15 "$f"
        done
    } > "$sheet"
    log INFO "briefing sheet: $sheet"
}

cleanup_old() {
    find "$OUT_DIR" -maxdepth 1 -type f -name '*.txt' -mtime +"$KEEP_DAYS" -delete
    find "$CACHE_DIR" -type f -name '*.part' -delete
    log INFO "removed downloads older than ${KEEP_DAYS} days"
}

main() {
    mkdir -p "$OUT_DIR" "$CACHE_DIR"
    if ! service_up; then
        log ERROR "met service not reachable"
        exit 2
    fi
    local ok=0 area
    IFS=',' read -r -a area_list <<< "$AREAS"
    for area in "${area_list[@]}"; do
        fetch_area "$area" && ok=$((ok + 1))
    done
    if (( ok == 0 )); then
        log ERROR "no forecasts downloaded"
        exit 3
    fi
    make_briefing
    cleanup_old
}

main
