#!/usr/bin/env bash
# Network buffer tuning for the dome's multicast video streams.
#
# The six projector channels arrive as multicast streams (one per channel)
# at up to 1.2 Gbit/s each. With the default socket buffers the receivers
# drop packets at show start. This computes buffer sizes from the stream
# plan and applies them with sysctl for the current boot.

set -euo pipefail

CHANNELS="${DOME_CHANNELS:-6}"
BITRATE_MBPS="${DOME_BITRATE_MBPS:-1200}"
BURST_MS="${DOME_BURST_MS:-40}"
APPLY=1
SAVE_PLAN="./net_tuning_plan.txt"

log() { echo "[net-tuning] $*" >&2; }

usage() {
    cat <<EOF
usage: $0 [--channels N] [--bitrate MBPS] [--burst MS] [--plan-only]
Computes socket buffer sizes for the dome streams and applies them via sysctl.
EOF
}

while [[ $# -gt 0 ]]; do
    case "$1" in
        --channels) CHANNELS="$2"; shift 2 ;;
        --bitrate) BITRATE_MBPS="$2"; shift 2 ;;
        --burst) BURST_MS="$2"; shift 2 ;;
        --plan-only) APPLY=0; shift ;;
        -h|--help) usage; exit 0 ;;
        *) log "unknown argument: $1"; usage; exit 64 ;;
    esac
done

for v in "$CHANNELS" "$BITRATE_MBPS" "$BURST_MS"; do
    if ! [[ "$v" =~ ^[0-9]+$ ]]; then
        log "numeric arguments expected, got '$v'"
        exit 64
    fi
done

# compute the plan in python; values come in through the environment
PLAN="$(CH="$CHANNELS" MBPS="$BITRATE_MBPS" BURST="$BURST_MS" python3 -c '
import os
ch = int(os.environ["CH"]); mbps = int(os.environ["MBPS"]); burst = int(os.environ["BURST"])
per_stream = mbps * 1_000_000 // 8 * burst // 1000          # bytes held during a burst
want = max(per_stream * 2, 8 * 1024 * 1024)
cap = 256 * 1024 * 1024
rmem = min(want, cap)
print(f"net.core.rmem_max={rmem}")
print(f"net.core.rmem_default={min(rmem, 32 * 1024 * 1024)}")
print(f"net.core.netdev_max_backlog={max(5000, ch * 5000)}")
print(f"net.ipv4.udp_rmem_min={min(rmem // 64, 1 << 20)}")
print(f"net.ipv4.igmp_max_memberships={max(20, ch * 4)}")
')"

log "plan for ${CHANNELS} channel(s) @ ${BITRATE_MBPS} Mbit/s, ${BURST_MS} ms burst:"
printf '%s\n' "$PLAN" | tee "$SAVE_PLAN" >&2

if [[ $APPLY -eq 0 ]]; then
    log "plan-only: nothing applied"
    exit 0
fi

show_current() {
    local key="${1%%=*}"
    sysctl -n "$key" 2>/dev/null || echo "?"
}

changed=0
failed=0
while IFS= read -r line; do
    [[ -z "$line" ]] && continue
    key="${line%%=*}"
    value="${line#*=}"
    before="$(show_current "$key")"
    if [[ "$before" == "$value" ]]; then
        log "$key already $value"
        continue
    fi
    if sudo sysctl -w "${key}=${value}" >/dev/null; then
        log "$key: $before -> $value"
        changed=$((changed + 1))
    else
        log "failed to set $key"
        failed=$((failed + 1))
    fi
done <<< "$PLAN"

log "$changed setting(s) changed, $failed failed (runtime only; reboot restores defaults)"
[[ $failed -eq 0 ]]
