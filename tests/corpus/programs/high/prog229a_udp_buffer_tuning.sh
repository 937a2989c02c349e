#!/usr/bin/env bash
# udp_buffer_tuning.sh - size kernel socket buffers for telemetry ingest.
#
# Every dialysis machine streams one UDP telemetry frame per second to the
# regional ingest host. With a few hundred machines per region the default
# receive buffers overflow during bursts. This script computes buffer sizes
# from the machine count and available memory and applies them with sysctl.
set -euo pipefail

MACHINES="${MACHINES:-400}"
FRAME_BYTES="${FRAME_BYTES:-1500}"
BURST_SECS="${BURST_SECS:-8}"
BACKUP="./sysctl-before-$(date +%Y%m%d%H%M%S).txt"
DRY_RUN=0
KEYS=(net.core.rmem_max net.core.rmem_default net.core.netdev_max_backlog net.ipv4.udp_mem)

log() { echo "[udp-tuning] $*" >&2; }

while [ $# -gt 0 ]; do
    case "$1" in
        -m|--machines) MACHINES="$2"; shift 2 ;;
        -n|--dry-run)  DRY_RUN=1; shift ;;
        -h|--help)     echo "usage: $0 [-m machines] [-n]"; exit 0 ;;
        *) log "unknown argument $1"; exit 2 ;;
    esac
done

MEM_KB="$(awk '/^MemTotal:/ {print $2}' /proc/meminfo)"

# Compute target values; inputs arrive as environment variables, output is
# "key=value" lines ready for sysctl -w.
compute_targets() {
    MACHINES="$MACHINES" FRAME_BYTES="$FRAME_BYTES" BURST_SECS="$BURST_SECS" MEM_KB="$MEM_KB" \
    python3 -c '
import os
m = int(os.environ["MACHINES"]); fb = int(os.environ["FRAME_BYTES"])
burst = int(os.environ["BURST_SECS"]); mem_kb = int(os.environ["MEM_KB"])
need = m * fb * burst * 2
cap = mem_kb * 1024 // 16           # never more than 1/16 of RAM
rmem = max(4 * 1024 * 1024, min(need, cap))
pages = mem_kb // 4
print(f"net.core.rmem_max={rmem}")
print(f"net.core.rmem_default={max(262144, rmem // 4)}")
print(f"net.core.netdev_max_backlog={max(1000, m * 10)}")
print(f"net.ipv4.udp_mem={pages // 16} {pages // 8} {pages // 4}")
'
}

save_current() {
    for k in "${KEYS[@]}"; do
        printf '%s=%s\n' "$k" "$(sysctl -n "$k" | tr '\t' ' ')"
    done > "$BACKUP"
    log "current values saved to $BACKUP"
}

apply_targets() {
    local line failures=0
    while IFS= read -r line; do
        [ -z "$line" ] && continue
        if [ "$DRY_RUN" -eq 1 ]; then
            log "dry run: sysctl -w $line"
            continue
        fi
        if sysctl -w "$line" >/dev/null; then
            log "set $line"
        else
            log "failed to set $line"
            failures=$((failures + 1))
        fi
    done
    return "$failures"
}

main() {
    if [ "$DRY_RUN" -eq 0 ] && [ "$(id -u)" -ne 0 ]; then
        log "run as root (or use --dry-run)"
        exit 1
    fi
    log "machines=$MACHINES memory=${MEM_KB}kB"
    save_current
    local targets
    targets="$(compute_targets)"
    if apply_targets <<< "$targets"; then
        log "buffers tuned; restore with: sysctl -p $BACKUP"
    else
        log "some values could not be applied"
        exit 1
    fi
}

main
