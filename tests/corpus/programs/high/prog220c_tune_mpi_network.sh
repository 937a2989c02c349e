#!/usr/bin/env bash
# tune_mpi_network.sh - apply kernel network buffer settings for the model run
#
# The regional model exchanges large halo messages between ranks over TCP.
# With default socket buffers the exchange stalls on the 25 GbE fabric.
# This script records the current values, applies the buffer sizes agreed
# with the HPC team for the current boot only, and can revert them.
#
# Usage: tune_mpi_network.sh [apply|revert|show] [-n]

set -euo pipefail

ACTION="${1:-show}"
shift || true
DRY_RUN=0
[ "${1:-}" = "-n" ] && DRY_RUN=1

SAVE_FILE="./sysctl_before_tuning.txt"
LOG_FILE="./tune_mpi_network.log"

declare -A TARGET=(
    [net.core.rmem_max]=268435456
    [net.core.wmem_max]=268435456
    [net.core.rmem_default]=16777216
    [net.core.wmem_default]=16777216
    [net.ipv4.tcp_rmem]="4096 87380 134217728"
    [net.ipv4.tcp_wmem]="4096 65536 134217728"
    [net.core.netdev_max_backlog]=250000
    [net.ipv4.tcp_mtu_probing]=1
)

log() { printf '%s [mpi-net] %s\n' "$(date -u +%FT%TZ)" "$*" | tee -a "$LOG_FILE"; }

SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"

set_key() {
    local key="$1" value="$2"
    if (( DRY_RUN )); then
        log "dry-run: sysctl -w $key=\"$value\""
        return
    fi
    if $SUDO sysctl -q -w "$key=$value"; then
        log "set $key = $value"
    else
        log "failed to set $key"
    fi
}

show() {
    for key in "${!TARGET[@]}"; do
        printf '%-32s current=%-28s target=%s\n' "$key" "$(sysctl -n "$key" 2>/dev/null | tr '\t' ' ')" "${TARGET[$key]}"
    done | sort
}

save_current() {
    : > "$SAVE_FILE"
    for key in "${!TARGET[@]}"; do
        echo "$key=$(sysctl -n "$key" 2>/dev/null | tr '\t' ' ')" >> "$SAVE_FILE"
    done
    log "saved current values to $SAVE_FILE"
}

apply() {
    [ -f "$SAVE_FILE" ] || save_current
    for key in "${!TARGET[@]}"; do
        set_key "$key" "${TARGET[$key]}"
    done
}

revert() {
    [ -f "$SAVE_FILE" ] || { log "nothing to revert: $SAVE_FILE missing"; exit 1; }
    while IFS='=' read -r key value; do
        [ -n "$key" ] || continue
        set_key "$key" "$value"
    done < "$SAVE_FILE"
    (( DRY_RUN )) || rm -f "$SAVE_FILE"
}

case "$ACTION" in
    show) show ;;
    apply) log "applying MPI network tuning on $(hostname)"; apply; show ;;
    revert) log "reverting MPI network tuning on $(hostname)"; revert; show ;;
    *) sed -n '2,9p' "$0"; exit 1 ;;
esac
