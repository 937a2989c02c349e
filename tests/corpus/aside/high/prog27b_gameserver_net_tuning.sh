#!/usr/bin/env bash
# Network tuning for a host running several UDP game servers
# (Valheim, Rust, CS2). Raises socket buffer limits and backlog.
# Usage: sudo ./gameserver_net_tuning.sh [apply|show|revert]
set -euo pipefail

CONF=/etc/sysctl.d/90-gameserver.conf
declare -A SETTINGS=(
    [net.core.rmem_max]=26214400
    [net.core.wmem_max]=26214400
    [net.core.rmem_default]=1048576
    [net.core.wmem_default]=1048576
    [net.core.netdev_max_backlog]=5000
    [net.ipv4.udp_mem]="102400 873800 16777216"
)

require_root() {
    if [ "$(id -u)" -ne 0 ]; then
        echo "must be run as root (try sudo)" >&2
        exit 1
    fi
}

show() {
    for key in "${!SETTINGS[@]}"; do
        printf '%-32s current=%-28s wanted=%s\n' "$key" "$(sysctl -n "$key")" "${SETTINGS[$key]}"
    done
}

apply() {
    require_root
    {
        echo "# managed by gameserver_net_tuning.sh - $(date -I)"
        for key in "${!SETTINGS[@]}"; do
            echo "$key = ${SETTINGS[$key]}"
        done
    } > "$CONF"
    chmod 644 "$CONF"
    for key in "${!SETTINGS[@]}"; do
        sysctl -w "$key=${SETTINGS[$key]}" >/dev/null
        echo "set $key"
    done
    echo "settings written to $CONF"
}

revert() {
    require_root
    if [ -f "$CONF" ]; then
        rm -f "$CONF"
        echo "removed $CONF"
    fi
    sysctl --system >/dev/null
    echo "reloaded system defaults"
}

case "${1:-show}" in
    apply)  apply ;;
    show)   show ;;
    revert) revert ;;
    *) echo "usage: $0 [apply|show|revert]" >&2; exit 1 ;;
esac
