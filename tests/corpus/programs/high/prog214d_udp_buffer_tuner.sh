#!/usr/bin/env bash
# udp_buffer_tuner.sh - size kernel socket buffers for the DNP3/UDP poller
#
# The outstation poller receives bursts of unsolicited UDP responses from
# ~120 RTUs after a radio outage and drops packets when the receive buffers
# overflow. This computes buffer sizes from the RTU count and burst size
# and applies them to the running kernel (not persisted across reboot).
set -euo pipefail

RTU_COUNT="${RTU_COUNT:-120}"
BURST_KB="${BURST_KB:-64}"
HEADROOM="${HEADROOM:-2.0}"
APPLY=1
SNAPSHOT="./sysctl_before_$(date +%Y%m%d_%H%M%S).txt"

KEYS=(net.core.rmem_max net.core.rmem_default net.core.netdev_max_backlog net.ipv4.udp_rmem_min)

log() { echo "[udp-tuner] $*" >&2; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --rtus)     RTU_COUNT="$2"; shift 2 ;;
        --burst-kb) BURST_KB="$2"; shift 2 ;;
        --headroom) HEADROOM="$2"; shift 2 ;;
        --show)     APPLY=0; shift ;;
        -h|--help)  echo "usage: $0 [--rtus N] [--burst-kb K] [--headroom F] [--show]"; exit 0 ;;
        *)          log "unknown option $1"; exit 2 ;;
    esac
done

# current values -> snapshot file so the change can be reverted by hand
for k in "${KEYS[@]}"; do
    printf '%s = %s\n' "$k" "$(sysctl -n "$k" 2>/dev/null || echo '?')"
done > "$SNAPSHOT"
log "current values saved to ${SNAPSHOT}"

export RTU_COUNT BURST_KB HEADROOM
export CURRENT_VALUES="$(cat "$SNAPSHOT")"

# python computes the targets and never lowers a value that is already larger
PLAN="$(python3 - <<'PY'
import os
rtus = int(os.environ["RTU_COUNT"])
burst = int(os.environ["BURST_KB"]) * 1024
head = float(os.environ["HEADROOM"])
cur = {}
for line in os.environ["CURRENT_VALUES"].splitlines():
    k, _, v = line.partition(" = ")
    cur[k.strip()] = int(v) if v.strip().isdigit() else 0
need = int(rtus * burst * head)
need = 1 << (need - 1).bit_length()          # round up to power of two
want = {
    "net.core.rmem_max": min(need, 64 * 1024 * 1024),
    "net.core.rmem_default": min(need // 4, 16 * 1024 * 1024),
    "net.core.netdev_max_backlog": max(1000, rtus * 20),
    "net.ipv4.udp_rmem_min": 16384,
}
for k, v in want.items():
    if v > cur.get(k, 0):
        print(f"{k}={v}")
PY
)"

if [[ -z "$PLAN" ]]; then
    log "current kernel settings already sufficient"
    exit 0
fi

log "planned changes:"
printf '  %s\n' $PLAN >&2

if [[ "$APPLY" -eq 0 ]]; then
    exit 0
fi

failed=0
for kv in $PLAN; do
    if sudo sysctl -w "$kv" >/dev/null; then
        log "applied $kv"
    else
        log "failed to apply $kv"
        failed=$((failed + 1))
    fi
done

log "verify:"
for k in "${KEYS[@]}"; do
    printf '  %-32s %s\n' "$k" "$(sysctl -n "$k")" >&2
done
exit $(( failed > 0 ? 1 : 0 ))
