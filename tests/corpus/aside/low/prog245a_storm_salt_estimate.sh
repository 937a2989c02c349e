#!/usr/bin/env bash
# storm_salt_estimate.sh
#
# Fetches the next 48 hours of the road-weather forecast and estimates how
# much salt each barn will need, comparing it with the stock counts in
# ./stock.csv.  Prints a short table for the duty supervisor and keeps the
# raw forecast in ./forecast-cache for the day.
#
# Usage: storm_salt_estimate.sh [--zone north] [--rate 12] [--clean]

set -euo pipefail

FORECAST_URL="https://api.example.org/roadweather/v2/forecast"
ZONE="north"
RATE_KG_PER_KM=12        # kg of salt per lane-km per treatment
CACHE_DIR="./forecast-cache"
STOCK_FILE="./stock.csv"
LANE_KM_FILE="./barn_lane_km.csv"
CLEAN=0

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" >&2; }

parse_args() {
    while [[ $# -gt 0 ]]; do
        case "$1" in
            --zone) ZONE="$2"; shift 2 ;;
            --rate) RATE_KG_PER_KM="$2"; shift 2 ;;
            --clean) CLEAN=1; shift ;;
            *) log "unknown option $1"; exit 2 ;;
        esac
    done
}

clean_cache() {
    if [[ -d "$CACHE_DIR" ]]; then
        find "$CACHE_DIR" -maxdepth 1 -name 'forecast-*.json' -mtime +2 -delete
        log "old forecast cache files removed"
    fi
}

fetch_forecast() {
    local out="$CACHE_DIR/forecast-$ZONE-$(date +%F).json"
    if [[ -s "$out" ]]; then
        log "using cached forecast $out"
        echo "$out"; return 0
    fi
    if ! curl -fsS --max-time 20 -o "$out" "$FORECAST_URL?zone=$ZONE&hours=48"; then
        log "forecast download failed"
        rm -f "$out"
        return 1
    fi
    echo "$out"
}

treatments_needed() {
    local f="$1"
    # one treatment per period with road surface at or below 1 C and precipitation
    jq '[.periods[] | select(.surface_temp_c <= 1 and .precip_mm > 0.2)] | length' "$f"
}

estimate() {
    local treatments="$1"
    join -t, <(tail -n +2 "$LANE_KM_FILE" | sort -t, -k1,1) <(tail -n +2 "$STOCK_FILE" | sort -t, -k1,1) |
    awk -F, -v t="$treatments" -v r="$RATE_KG_PER_KM" '
        BEGIN { printf "%-10s %10s %10s %8s\n", "barn", "need_t", "stock_t", "status" }
        {
            need = $2 * r * t / 1000.0
            status = ($3 >= need * 1.2) ? "ok" : (($3 >= need) ? "tight" : "SHORT")
            printf "%-10s %10.1f %10.1f %8s\n", $1, need, $3, status
        }'
}

main() {
    parse_args "$@"
    mkdir -p "$CACHE_DIR"
    (( CLEAN == 1 )) && clean_cache
    for f in "$STOCK_FILE" "$LANE_KM_FILE"; do
        [[ -f "$f" ]] || { log "missing $f"; exit 1; }
    done
    command -v jq >/dev/null || { log "jq is required"; exit 1; }
    local fc n
    fc="$(fetch_forecast)" || exit 1
    n="$(treatments_needed "$fc")"
    log "zone $ZONE: $n treatment period(s) forecast in the next 48h"
    if (( n == 0 )); then
        echo "No treatments forecast for zone $ZONE."
        exit 0
    fi
    estimate "$n"
}

main "$@"
