#!/usr/bin/env bash
# Configure the office PC to talk to the parlor network.
# The milk meters sit on 192.0.2.0/24 behind the second NIC; the PC routes
# between them and the office LAN and needs to accept Modbus/TCP from the
# parlor hub.
set -euo pipefail

PARLOR_IF="${PARLOR_IF:-enp3s0}"
PARLOR_NET="192.0.2.0/24"
HUB_IP="192.0.2.10"
MODBUS_PORT=502
HOSTS_MARK="# parlor devices"

log() { echo "[net-setup] $*"; }

require_iface() {
    if ! ip link show "$PARLOR_IF" >/dev/null 2>&1; then
        log "interface $PARLOR_IF not present"
        exit 1
    fi
}

enable_forwarding() {
    log "enabling IPv4 forwarding"
    sudo sysctl -w net.ipv4.ip_forward=1
}

open_modbus() {
    if sudo iptables -C INPUT -i "$PARLOR_IF" -s "$HUB_IP" -p tcp --dport "$MODBUS_PORT" -j ACCEPT 2>/dev/null; then
        log "modbus rule already present"
    else
        sudo iptables -I INPUT -i "$PARLOR_IF" -s "$HUB_IP" -p tcp --dport "$MODBUS_PORT" -j ACCEPT
        log "accepted modbus from $HUB_IP"
    fi
    if ! sudo iptables -t nat -C POSTROUTING -s "$PARLOR_NET" -j MASQUERADE 2>/dev/null; then
        sudo iptables -t nat -A POSTROUTING -s "$PARLOR_NET" -j MASQUERADE
        log "NAT for $PARLOR_NET added"
    fi
}

add_hosts() {
    if grep -qF "$HOSTS_MARK" /etc/hosts; then
        log "/etc/hosts already has parlor entries"
        return
    fi
    sudo tee -a /etc/hosts >/dev/null <<EOF
$HOSTS_MARK
$HUB_IP      parlor-hub
192.0.2.21   meter-01
192.0.2.22   meter-02
192.0.2.23   meter-03
192.0.2.24   meter-04
EOF
    log "hosts entries added"
}

restart_collector() {
    sudo systemctl restart parlor-collector.service || log "collector service not installed"
}

check() {
    if ping -c1 -W2 parlor-hub >/dev/null 2>&1; then
        log "parlor hub reachable"
    else
        log "WARNING: parlor hub not answering ping"
    fi
}

require_iface
enable_forwarding
open_modbus
add_hosts
restart_collector
check
