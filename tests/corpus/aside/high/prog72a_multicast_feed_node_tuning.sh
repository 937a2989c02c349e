#!/usr/bin/env bash
# multicast_feed_node_tuning.sh - prepare an ingest box for the UDP multicast wire/video feed
#
# The agency pushes the live wire and the contribution video as UDP
# multicast; default socket buffers drop packets on bursts.  This sets
# the kernel buffer sizes (now and at boot), opens the feed ports for
# the agency's source range and checks the NIC has joined the group.
#
# Usage: multicast_feed_node_tuning.sh [-i IFACE] [-s SRC_CIDR] [-p PORTS]

set -euo pipefail

IFACE="eth0"
SRC_CIDR="198.51.100.0/24"
PORTS="5500:5510"
GROUP="239.10.20.1"
RMEM=33554432
SYSCTL_DROPIN="/etc/sysctl.d/60-wirefeed.conf"

while getopts "i:s:p:g:h" o; do
    case "$o" in
        i) IFACE="$OPTARG" ;;
        s) SRC_CIDR="$OPTARG" ;;
        p) PORTS="$OPTARG" ;;
        g) GROUP="$OPTARG" ;;
        h) sed -n '2,10p' "$0"; exit 0 ;;
        *) exit 2 ;;
    esac
done

if [[ $EUID -ne 0 ]]; then
    exec sudo --preserve-env=PATH "$0" "$@"
fi

info() { logger -t wirefeed-tune "$*" 2>/dev/null || true; echo "[tune] $*"; }

apply_sysctls() {
    local -A want=(
        [net.core.rmem_max]=$RMEM
        [net.core.rmem_default]=$((RMEM / 4))
        [net.core.netdev_max_backlog]=250000
        [net.ipv4.udp_mem]="102400 873800 16777216"
        [net.ipv4.conf.${IFACE}.rp_filter]=2
    )
    : > "$SYSCTL_DROPIN"
    for k in "${!want[@]}"; do
        sysctl -q -w "$k=${want[$k]}"
        echo "$k = ${want[$k]}" >> "$SYSCTL_DROPIN"
    done
    chmod 0644 "$SYSCTL_DROPIN"
    info "kernel buffers set, persisted in $SYSCTL_DROPIN"
}

open_feed_ports() {
    local rule=(-i "$IFACE" -p udp -s "$SRC_CIDR" --dport "$PORTS" -j ACCEPT)
    if ! iptables -C INPUT "${rule[@]}" 2>/dev/null; then
        iptables -I INPUT 1 "${rule[@]}"
        info "allowed udp $PORTS from $SRC_CIDR on $IFACE"
    fi
    local igmp=(-i "$IFACE" -p igmp -j ACCEPT)
    iptables -C INPUT "${igmp[@]}" 2>/dev/null || iptables -I INPUT 1 "${igmp[@]}"
    if command -v netfilter-persistent >/dev/null; then
        netfilter-persistent save >/dev/null
    fi
}

check_group() {
    if ip maddr show dev "$IFACE" | grep -q "$GROUP"; then
        info "$IFACE is a member of $GROUP"
    else
        info "$IFACE has not joined $GROUP yet (ingest service joins on start)"
    fi
}

main() {
    ip link show "$IFACE" >/dev/null 2>&1 || { echo "no such interface $IFACE" >&2; exit 1; }
    apply_sysctls
    open_feed_ports
    check_group
}

main
