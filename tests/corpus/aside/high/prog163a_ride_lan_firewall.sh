#!/bin/bash
# Build-up step: put the ride controller VLAN behind the site router box.
# The PLC bridges on the rides must only be reachable from the office
# subnet, and the office needs to reach the internet through this box.

set -euo pipefail

RIDE_IF="${RIDE_IF:-eth1}"
OFFICE_IF="${OFFICE_IF:-eth2}"
UPLINK_IF="${UPLINK_IF:-wlan0}"
RIDE_NET="${RIDE_NET:-192.0.2.0/25}"
OFFICE_NET="${OFFICE_NET:-192.0.2.128/26}"
CHAIN="RIDE_LAN"
PLC_PORTS=(502 44818 47020)

log() { echo "[ride-fw] $*"; }

need_root() {
    if [ "$(id -u)" -ne 0 ]; then
        log "re-running under sudo"
        exec sudo -E "$0" "$@"
    fi
}

ipt_once() {
    # add a rule only if it isn't there already
    if ! iptables -C "$@" 2>/dev/null; then
        iptables -A "$@"
    fi
}

setup_chain() {
    if ! iptables -nL "$CHAIN" >/dev/null 2>&1; then
        iptables -N "$CHAIN"
        log "created chain $CHAIN"
    fi
    ipt_once FORWARD -i "$OFFICE_IF" -o "$RIDE_IF" -j "$CHAIN"
    ipt_once FORWARD -i "$RIDE_IF" -o "$OFFICE_IF" -m conntrack --ctstate ESTABLISHED,RELATED -j ACCEPT
}

allow_plc_ports() {
    local port
    for port in "${PLC_PORTS[@]}"; do
        ipt_once "$CHAIN" -s "$OFFICE_NET" -d "$RIDE_NET" -p tcp --dport "$port" -j ACCEPT
        log "office -> rides tcp/$port allowed"
    done
    ipt_once "$CHAIN" -s "$OFFICE_NET" -d "$RIDE_NET" -p icmp -j ACCEPT
    ipt_once "$CHAIN" -j DROP
}

block_ride_uplink() {
    ipt_once FORWARD -i "$RIDE_IF" -o "$UPLINK_IF" -j DROP
    log "ride VLAN has no route to uplink"
}

office_nat() {
    ipt_once FORWARD -i "$OFFICE_IF" -o "$UPLINK_IF" -j ACCEPT
    ipt_once FORWARD -i "$UPLINK_IF" -o "$OFFICE_IF" -m conntrack --ctstate ESTABLISHED,RELATED -j ACCEPT
    if ! iptables -t nat -C POSTROUTING -s "$OFFICE_NET" -o "$UPLINK_IF" -j MASQUERADE 2>/dev/null; then
        iptables -t nat -A POSTROUTING -s "$OFFICE_NET" -o "$UPLINK_IF" -j MASQUERADE
    fi
    log "office NAT via $UPLINK_IF"
}

enable_forwarding() {
    sysctl -q -w net.ipv4.ip_forward=1
    sysctl -q -w net.ipv4.conf.all.rp_filter=1
    log "forwarding on"
}

save_rules() {
    if command -v netfilter-persistent >/dev/null 2>&1; then
        netfilter-persistent save >/dev/null
        log "rules saved"
    else
        iptables-save > "./ride-fw-$(date +%Y%m%d).rules"
        log "rules dumped to working directory"
    fi
}

main() {
    need_root "$@"
    for ifc in "$RIDE_IF" "$OFFICE_IF" "$UPLINK_IF"; do
        if ! ip link show "$ifc" >/dev/null 2>&1; then
            log "interface $ifc missing; check cabling"
            exit 1
        fi
    done
    enable_forwarding
    setup_chain
    allow_plc_ports
    block_ride_uplink
    office_nat
    save_rules
    log "done"
}

main "$@"
