#!/usr/bin/env bash
# gritter_route_log_rollup.sh
#
# Rolls up the per-run CSV logs that the spreader controllers drop into
# ./route_logs/<truck>/<date>.csv into a daily summary per truck, then
# compresses the raw files older than KEEP_DAYS.
#
# CSV columns from the controller firmware:
#   timestamp,lat,lon,speed_kph,spread_rate_gm2,width_m,salt_kg
#
# Usage: ./gritter_route_log_rollup.sh [-d route_logs] [-o summaries] [-k 14] [-v]

set -euo pipefail

LOG_ROOT="route_logs"
OUT_DIR="summaries"
KEEP_DAYS=14
VERBOSE=0
CONF_FILE="${GRIT_ROLLUP_CONF:-./rollup.conf}"

log() {
    local level="$1"; shift
    printf '%s [%s] %s\n' "$(date '+%Y-%m-%d %H:%M:%S')" "$level" "$*" >&2
}

debug() {
    [[ "$VERBOSE" -eq 1 ]] && log DEBUG "$@"
    return 0
}

usage() {
    sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//'
    exit "${1:-0}"
}

load_conf() {
    # rollup.conf is plain KEY=VALUE, only a few keys are honoured
    [[ -f "$CONF_FILE" ]] || return 0
    debug "reading $CONF_FILE"
    while IFS='=' read -r key value; do
        [[ -z "$key" || "$key" == \#* ]] && continue
        case "$key" in
            LOG_ROOT)  LOG_ROOT="$value" ;;
            OUT_DIR)   OUT_DIR="$value" ;;
            KEEP_DAYS) KEEP_DAYS="$value" ;;
            *) log WARN "ignoring unknown key $key in $CONF_FILE" ;;
        esac
    done < "$CONF_FILE"
}

summarise_truck() {
    local truck_dir="$1"
    local truck
    truck="$(basename "$truck_dir")"
    local out="$OUT_DIR/${truck}_daily.csv"

    echo "date,points,km_est,salt_kg,avg_rate_gm2" > "$out"
    local f
    for f in "$truck_dir"/*.csv; do
        [[ -e "$f" ]] || continue
        local day
        day="$(basename "$f" .csv)"
        awk -F, -v day="$day" '
            NR == 1 && $1 == "timestamp" { next }
            {
                n++
                salt += $7
                rate += $5
                # speed in kph sampled every 5 s -> km travelled in the interval
                km += ($4 / 3600.0) * 5
            }
            END {
                if (n == 0) { exit }
                printf "%s,%d,%.2f,%.1f,%.1f\n", day, n, km, salt, rate / n
            }' "$f" >> "$out"
    done
    debug "wrote $out ($(($(wc -l < "$out") - 1)) days)"
}

compress_old() {
    local n=0
    while IFS= read -r -d '' f; do
        gzip -9 -- "$f"
        n=$((n + 1))
    done < <(find "$LOG_ROOT" -type f -name '*.csv' -mtime +"$KEEP_DAYS" -print0)
    log INFO "compressed $n raw logs older than $KEEP_DAYS days"
}

main() {
    while getopts ":d:o:k:vh" opt; do
        case "$opt" in
            d) LOG_ROOT="$OPTARG" ;;
            o) OUT_DIR="$OPTARG" ;;
            k) KEEP_DAYS="$OPTARG" ;;
            v) VERBOSE=1 ;;
            h) usage 0 ;;
            \?) log ERROR "unknown option -$OPTARG"; usage 2 ;;
        esac
    done
    load_conf

    if [[ ! -d "$LOG_ROOT" ]]; then
        log ERROR "no log directory at $LOG_ROOT"
        exit 1
    fi
    mkdir -p "$OUT_DIR"

    local trucks=0
    for truck_dir in "$LOG_ROOT"/*/; do
        [[ -d "$truck_dir" ]] || continue
        summarise_truck "${truck_dir%/}"
        trucks=$((trucks + 1))
    done
    log INFO "summarised $trucks trucks into $OUT_DIR"

    compress_old
}

main "$@"
