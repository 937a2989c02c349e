#!/usr/bin/env bash
# Snapshot uplink usage: local interface counters from /proc/net/dev plus the
# edge router's per-WAN statistics from its read-only REST endpoint.
# Results are appended to CSV files under ./reports for the weekly graph job.
set -euo pipefail

ROUTER_API="${ROUTER_API:-https://edge01.lan.example.net/api/v1/stats/wan}"
REPORT_DIR="${REPORT_DIR:-./reports}"
INTERFACES="${INTERFACES:-eth0 wg0}"
SAMPLE_SECONDS=5
VERBOSE=0

usage() {
    cat <<EOF
Usage: $0 [-i "if1 if2"] [-s seconds] [-o dir] [-v]
  -i  interfaces to sample (default: $INTERFACES)
  -s  sampling interval in seconds (default: $SAMPLE_SECONDS)
  -o  report directory (default: $REPORT_DIR)
  -v  verbose
EOF
}

log() { [ "$VERBOSE" -eq 1 ] && printf '[%s] %s\n' "$(date +%T)" "$*" >&2 || true; }

while getopts "i:s:o:vh" opt; do
    case "$opt" in
        i) INTERFACES="$OPTARG" ;;
        s) SAMPLE_SECONDS="$OPTARG" ;;
        o) REPORT_DIR="$OPTARG" ;;
        v) VERBOSE=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

mkdir -p "$REPORT_DIR"

# print "rx_bytes tx_bytes" for one interface
read_counters() {
    local ifname="$1"
    awk -v dev="$ifname:" '$1 == dev { print $2, $10 }' /proc/net/dev
}

human_rate() {
    awk -v b="$1" 'BEGIN {
        split("B/s KiB/s MiB/s GiB/s", u, " ");
        i = 1; while (b >= 1024 && i < 4) { b /= 1024; i++ }
        printf "%.1f %s", b, u[i] }'
}

sample_local() {
    local out="$REPORT_DIR/local-rates.csv"
    [ -f "$out" ] || echo "timestamp,interface,rx_bps,tx_bps" > "$out"
    declare -A rx0 tx0
    for ifc in $INTERFACES; do
        read -r r t < <(read_counters "$ifc") || { log "no counters for $ifc"; continue; }
        rx0[$ifc]=$r; tx0[$ifc]=$t
    done
    sleep "$SAMPLE_SECONDS"
    local ts; ts=$(date -u +%Y-%m-%dT%H:%M:%SZ)
    for ifc in "${!rx0[@]}"; do
        read -r r t < <(read_counters "$ifc")
        local rxr=$(( (r - rx0[$ifc]) / SAMPLE_SECONDS ))
        local txr=$(( (t - tx0[$ifc]) / SAMPLE_SECONDS ))
        echo "$ts,$ifc,$rxr,$txr" >> "$out"
        printf '%-6s rx %12s  tx %12s\n' "$ifc" "$(human_rate "$rxr")" "$(human_rate "$txr")"
    done
}

sample_router() {
    local out="$REPORT_DIR/wan-stats.csv"
    local body
    log "GET $ROUTER_API"
    if ! body=$(curl --silent --show-error --fail --max-time 10 \
                    -H 'Accept: application/json' "$ROUTER_API"); then
        echo "warning: router API unreachable, skipping WAN stats" >&2
        return 0
    fi
    [ -f "$out" ] || echo "timestamp,wan,rx_bytes,tx_bytes,latency_ms,loss_pct" > "$out"
    local ts; ts=$(date -u +%Y-%m-%dT%H:%M:%SZ)
    printf '%s' "$body" | jq -r --arg ts "$ts" \
        '.wans[] | [$ts, .name, .rx_bytes, .tx_bytes, .latency_ms, .loss_pct] | @csv' \
        >> "$out"
    printf '%s' "$body" | jq -r '.wans[] | "\(.name): \(.latency_ms) ms, \(.loss_pct)% loss"'
}

rotate_if_large() {
    local f
    for f in "$REPORT_DIR"/*.csv; do
        [ -f "$f" ] || continue
        if [ "$(wc -l < "$f")" -gt 100000 ]; then
            log "rotating $f"
            mv "$f" "${f%.csv}.$(date +%Y%m%d).csv"
        fi
    done
}

main() {
    command -v jq >/dev/null || { echo "jq is required" >&2; exit 1; }
    sample_local
    sample_router
    rotate_if_large
}

main "$@"
