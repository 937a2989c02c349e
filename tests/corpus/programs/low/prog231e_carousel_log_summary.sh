#!/usr/bin/env bash
# carousel_log_summary.sh - daily summary of reclaim carousel events
#
# The reclaim carousel controllers write one log per carousel per day into
# ./logs (carousel-<id>-<yyyymmdd>.log), lines like:
#   2024-05-02T14:03:11 C3 FLIGHT=XY123 EVENT=FIRST_BAG
#   2024-05-02T14:21:40 C3 FLIGHT=XY123 EVENT=LAST_BAG
#   2024-05-02T14:25:02 C3 EVENT=JAM SECTION=4
# This builds a per-flight first/last bag report and a jam count per
# carousel for the terminal duty manager.

set -euo pipefail

LOG_DIR="./logs"
REPORT_DIR="./reports"
CACHE_DIR="./.cache/carousel-summary"
DAY="$(date +%Y%m%d)"
KEEP_CACHE=0

usage() {
    cat <<EOF
Usage: $0 [-d yyyymmdd] [-l log_dir] [-k]
  -d  day to summarise (default: today)
  -l  log directory (default: ${LOG_DIR})
  -k  keep the intermediate cache files
EOF
}

info() {
    printf '[carousel-summary] %s\n' "$*"
}

while getopts ":d:l:kh" opt; do
    case "$opt" in
        d) DAY="$OPTARG" ;;
        l) LOG_DIR="$OPTARG" ;;
        k) KEEP_CACHE=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

[[ "$DAY" =~ ^[0-9]{8}$ ]] || { info "day must be yyyymmdd"; exit 2; }

shopt -s nullglob
LOGS=("$LOG_DIR"/carousel-*-"$DAY".log)
shopt -u nullglob

if (( ${#LOGS[@]} == 0 )); then
    info "no carousel logs for ${DAY} in ${LOG_DIR}"
    exit 1
fi

mkdir -p "$REPORT_DIR" "$CACHE_DIR"
MERGED="${CACHE_DIR}/merged-${DAY}.log"
REPORT="${REPORT_DIR}/carousel-summary-${DAY}.txt"

sort -k1,1 "${LOGS[@]}" > "$MERGED"
info "merged ${#LOGS[@]} logs ($(wc -l < "$MERGED") lines)"

flight_report() {
    awk '
        {
            flight = ""; event = ""
            for (i = 3; i <= NF; i++) {
                split($i, kv, "=")
                if (kv[1] == "FLIGHT") flight = kv[2]
                if (kv[1] == "EVENT") event = kv[2]
            }
            if (flight == "") next
            key = flight " " $2
            t = substr($1, 12, 5)
            if (event == "FIRST_BAG" && !(key in first)) first[key] = t
            if (event == "LAST_BAG") last[key] = t
        }
        END {
            printf "%-10s %-4s %-6s %-6s\n", "FLIGHT", "CAR", "FIRST", "LAST"
            for (k in first) {
                split(k, p, " ")
                printf "%-10s %-4s %-6s %-6s\n", p[1], p[2], first[k], (k in last ? last[k] : "--")
            }
        }' "$MERGED"
}

jam_report() {
    awk '/EVENT=JAM/ { jams[$2]++ } END { for (c in jams) printf "%-4s %d jams\n", c, jams[c] }' \
        "$MERGED" | sort
}

{
    echo "Reclaim carousel summary for ${DAY}"
    echo
    flight_report
    echo
    echo "Jams per carousel:"
    jam_report
} > "$REPORT"

info "report written to ${REPORT}"

if (( ! KEEP_CACHE )); then
    rm -rf "$CACHE_DIR"
    info "removed cache ${CACHE_DIR}"
fi
