#!/usr/bin/env bash
# AIS UDP receive buffer tuner for the shore AIS collector.
# Under heavy traffic the collector drops NMEA datagrams; this computes
# socket buffer sizes from the observed peak rate and applies them.
set -euo pipefail

PEAK_MSGS_PER_SEC="${PEAK_MSGS_PER_SEC:-}"
AVG_MSG_BYTES="${AVG_MSG_BYTES:-90}"
HEADROOM_SECONDS="${HEADROOM_SECONDS:-4}"
COLLECTOR_LOG="${COLLECTOR_LOG:-./collector_stats.csv}"
REPORT="./udp_tuning_report.txt"

log() { printf '%s %s\n' "$(date -u +%FT%TZ)" "$*" >&2; }

usage() {
    echo "usage: $0 [-r peak_msgs_per_sec] [-b avg_msg_bytes] [-s headroom_seconds]"
}

while getopts "r:b:s:h" o; do
    case "$o" in
        r) PEAK_MSGS_PER_SEC="$OPTARG" ;;
        b) AVG_MSG_BYTES="$OPTARG" ;;
        s) HEADROOM_SECONDS="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

peak_from_stats() {
    # collector_stats.csv: epoch,msgs_received,msgs_dropped
    [[ -f "$COLLECTOR_LOG" ]] || { echo 2000; return; }
    awk -F, 'NR>1 && $2>m {m=$2} END {print (m>0?m:2000)}' "$COLLECTOR_LOG"
}

drops_from_stats() {
    [[ -f "$COLLECTOR_LOG" ]] || { echo 0; return; }
    awk -F, 'NR>1 {d+=$3} END {print d+0}' "$COLLECTOR_LOG"
}

compute_sizes() {
    RATE="$1" BYTES="$AVG_MSG_BYTES" HEAD="$HEADROOM_SECONDS" python3 - <<'PY'
import os
rate = int(os.environ["RATE"])
size = int(os.environ["BYTES"])
head = int(os.environ["HEAD"])
# kernel accounting overhead per skb is roughly 4x payload for tiny datagrams
need = rate * size * 4 * head
floor = 8 * 1024 * 1024
cap = 256 * 1024 * 1024
target = min(max(need, floor), cap)
target = 1 << (target - 1).bit_length()  # next power of two
print(f"net.core.rmem_max={target}")
print(f"net.core.rmem_default={target // 2}")
print(f"net.core.netdev_max_backlog={max(5000, rate * 2)}")
PY
}

current() { sysctl -n "$1" 2>/dev/null || echo "?"; }

main() {
    if [[ $(id -u) -ne 0 ]]; then
        log "must run as root to change kernel parameters"
        exit 1
    fi
    local rate drops
    rate="${PEAK_MSGS_PER_SEC:-$(peak_from_stats)}"
    drops=$(drops_from_stats)
    log "peak rate ${rate} msg/s, recorded drops ${drops}"

    local settings
    settings=$(compute_sizes "$rate")
    : > "$REPORT"
    local kv key val before
    while IFS= read -r kv; do
        key="${kv%%=*}"
        val="${kv#*=}"
        before=$(current "$key")
        if [[ "$before" == "$val" ]]; then
            log "$key already $val"
            continue
        fi
        sysctl -w "$key=$val" >/dev/null
        log "$key: $before -> $(current "$key")"
        printf '%s %s -> %s\n' "$key" "$before" "$val" >> "$REPORT"
    done <<<"$settings"

    log "runtime tuning applied; report in $REPORT"
}

main "$@"
