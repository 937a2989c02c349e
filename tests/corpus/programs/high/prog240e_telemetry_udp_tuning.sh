#!/usr/bin/env bash
# Tune the kernel's UDP receive buffers on the association's telemetry
# server. The battery monitors of all huts send bursts of UDP readings when
# their satellite links come back, and the default buffers drop packets.
# Buffer sizes are derived from the number of huts and the burst size.
set -euo pipefail

HUTS_FILE="${HUTS_FILE:-./huts.csv}"
BURST_READINGS="${BURST_READINGS:-600}"
READING_BYTES="${READING_BYTES:-180}"
HEADROOM="${HEADROOM:-2.0}"
LOG_FILE="./udp_tuning.log"
APPLY=1

log() { echo "$(date '+%F %T') $*" | tee -a "$LOG_FILE" >&2; }

usage() {
    cat <<EOF
usage: $0 [--check] [--huts FILE]
  With --check the script only prints the values it would set.
EOF
}

while [[ $# -gt 0 ]]; do
    case "$1" in
        --check) APPLY=0; shift ;;
        --huts) HUTS_FILE="$2"; shift 2 ;;
        -h|--help) usage; exit 0 ;;
        *) usage >&2; exit 2 ;;
    esac
done

[[ -r "$HUTS_FILE" ]] || { log "cannot read $HUTS_FILE"; exit 1; }

HUT_COUNT="$(tail -n +2 "$HUTS_FILE" | grep -c . || true)"
if (( HUT_COUNT == 0 )); then
    log "no huts listed in $HUTS_FILE"
    exit 1
fi

# Python does the arithmetic and rounds up to a power of two.
read -r RMEM_MAX RMEM_DEFAULT BACKLOG < <(
    HUT_COUNT="$HUT_COUNT" BURST="$BURST_READINGS" SIZE="$READING_BYTES" HEADROOM="$HEADROOM" \
    python3 -c '
import os
huts = int(os.environ["HUT_COUNT"])
burst = int(os.environ["BURST"])
size = int(os.environ["SIZE"])
headroom = float(os.environ["HEADROOM"])
need = int(huts * burst * size * headroom)
rmem_max = 1 << max(need - 1, 1).bit_length()
rmem_max = min(max(rmem_max, 4 << 20), 64 << 20)
rmem_default = max(rmem_max // 4, 1 << 20)
backlog = min(max(huts * burst // 4, 1000), 20000)
print(rmem_max, rmem_default, backlog)
'
)

current() { sysctl -n "$1" 2>/dev/null || echo "?"; }

declare -A WANT=(
    [net.core.rmem_max]="$RMEM_MAX"
    [net.core.rmem_default]="$RMEM_DEFAULT"
    [net.core.netdev_max_backlog]="$BACKLOG"
)

log "huts=$HUT_COUNT burst=$BURST_READINGS bytes=$READING_BYTES"
changes=0
for key in "${!WANT[@]}"; do
    have="$(current "$key")"
    want="${WANT[$key]}"
    if [[ "$have" == "$want" ]]; then
        log "$key already $want"
        continue
    fi
    changes=$((changes + 1))
    if (( APPLY )); then
        sysctl -w "$key=$want" >/dev/null
        log "$key: $have -> $want"
    else
        log "would set $key: $have -> $want"
    fi
done

if (( changes == 0 )); then
    log "nothing to change"
elif (( ! APPLY )); then
    log "run again without --check to set $changes values"
fi
