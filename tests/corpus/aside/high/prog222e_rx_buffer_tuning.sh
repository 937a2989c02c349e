#!/usr/bin/env bash
# UDP receive buffer tuning for the telemetry front-end host.
# The CCSDS frame stream arrives as UDP bursts; default socket buffers
# overflow during high-rate passes. Raises kernel limits now and at boot.
set -euo pipefail

PROG=${0##*/}
MODE=${1:-apply}
CONF_NAME=${CONF_NAME:-90-gs-telemetry.conf}
LOG=${LOG:-./rx_tuning.log}

log() { printf '[%s] %s\n' "$(date -u +%FT%TZ)" "$*" | tee -a "$LOG"; }

# key -> wanted value (bytes or counts)
declare -A WANT=(
    [net.core.rmem_max]=268435456
    [net.core.rmem_default]=33554432
    [net.core.netdev_max_backlog]=250000
    [net.ipv4.udp_rmem_min]=131072
    [net.ipv4.udp_mem]="65536 131072 262144"
)

procfile() {
    # net.core.rmem_max -> /proc/sys/net/core/rmem_max
    printf '/proc/%s/%s' sys "${1//./\/}"
}

current() { cat "$(procfile "$1")" 2>/dev/null | tr -s '\t ' ' '; }

show() {
    local k
    for k in "${!WANT[@]}"; do
        printf '%-32s now=%-24s want=%s\n' "$k" "$(current "$k")" "${WANT[$k]}"
    done | sort
}

apply_runtime() {
    local k ctl
    ctl=$(command -v sysctl || echo /sbin/sysctl)
    for k in "${!WANT[@]}"; do
        if [ "$(current "$k")" = "${WANT[$k]}" ]; then
            continue
        fi
        if "$ctl" -q -w "$k=${WANT[$k]}"; then
            log "set $k=${WANT[$k]}"
        else
            # older kernels: write the proc node directly
            printf '%s\n' "${WANT[$k]}" >"$(procfile "$k")" && log "wrote $k"
        fi
    done
}

persist() {
    local dir dest k
    dir=/etc/$(printf 'sysctl%s' .d)
    dest="$dir/$CONF_NAME"
    {
        echo "# written by $PROG on $(date -u +%F) - telemetry UDP buffers"
        for k in "${!WANT[@]}"; do
            printf '%s = %s\n' "$k" "${WANT[$k]}"
        done | sort
    } >"$dest.new"
    mv "$dest.new" "$dest"
    chmod 0644 "$dest"
    log "persisted to $dest"
}

require_root() {
    if [ "$(id -u)" -ne 0 ]; then
        echo "$PROG: $MODE needs root" >&2
        exit 1
    fi
}

case $MODE in
    show)
        show
        ;;
    apply)
        require_root
        apply_runtime
        show
        ;;
    persist)
        require_root
        apply_runtime
        persist
        ;;
    *)
        echo "usage: $PROG [show|apply|persist]" >&2
        exit 2
        ;;
esac
