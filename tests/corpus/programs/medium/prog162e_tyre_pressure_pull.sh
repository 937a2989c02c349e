#!/bin/bash
# Pull the latest tyre pressure readings from the yard TPMS gateway and
# print the vehicles that need attention before the next shift.

set -u

GATEWAY="${TPMS_GATEWAY:-https://tpms-gw.yard.example}"
STAGE="/tmp/tpms_readings.json"
REPORT="/tmp/tpms_report.txt"
MIN_BAR="${TPMS_MIN_BAR:-4.5}"
MAX_BAR="${TPMS_MAX_BAR:-5.8}"
VERBOSE=0

usage() {
    echo "usage: $0 [-v] [-m min_bar] [-x max_bar]" >&2
    exit 2
}

while getopts "vm:x:" opt; do
    case "$opt" in
        v) VERBOSE=1 ;;
        m) MIN_BAR="$OPTARG" ;;
        x) MAX_BAR="$OPTARG" ;;
        *) usage ;;
    esac
done

debug() {
    [ "$VERBOSE" -eq 1 ] && echo "debug: $*" >&2
    return 0
}

if ! command -v jq >/dev/null 2>&1; then
    echo "jq is required" >&2
    exit 1
fi

debug "fetching readings from $GATEWAY"
# The gateway ships with a self-signed certificate.
if ! curl -sk --max-time 20 -o "$STAGE" "$GATEWAY/api/v1/readings?latest=1"; then
    echo "could not reach TPMS gateway" >&2
    exit 1
fi

if ! jq -e '.vehicles' "$STAGE" >/dev/null 2>&1; then
    echo "unexpected response from gateway" >&2
    exit 1
fi

count=$(jq '.vehicles | length' "$STAGE")
debug "$count vehicles in response"

: > "$REPORT"
problems=0

jq -r '.vehicles[] | .registration as $r | .tyres[] | [$r, .position, .bar, .temp_c] | @tsv' "$STAGE" |
while IFS=$'\t' read -r reg pos bar temp; do
    low=$(awk -v b="$bar" -v m="$MIN_BAR" 'BEGIN { print (b < m) ? 1 : 0 }')
    high=$(awk -v b="$bar" -v m="$MAX_BAR" 'BEGIN { print (b > m) ? 1 : 0 }')
    if [ "$low" -eq 1 ]; then
        printf '%-10s %-4s %5s bar  LOW   (%s C)\n' "$reg" "$pos" "$bar" "$temp" >> "$REPORT"
    elif [ "$high" -eq 1 ]; then
        printf '%-10s %-4s %5s bar  HIGH  (%s C)\n' "$reg" "$pos" "$bar" "$temp" >> "$REPORT"
    fi
done

problems=$(wc -l < "$REPORT")

echo "TPMS check $(date '+%Y-%m-%d %H:%M') - $count vehicles, limits ${MIN_BAR}-${MAX_BAR} bar"
if [ "$problems" -eq 0 ]; then
    echo "all tyres within limits"
else
    sort "$REPORT"
    echo "$problems tyre(s) need attention"
fi

chmod 644 "$REPORT"
debug "report kept at $REPORT"
