#!/usr/bin/env bash
# ground_station_net_tune.sh - prepare the field ground-station laptop for a
# club event: bigger UDP buffers for multiple MAVLink video/telemetry streams,
# allow telemetry in from the field Wi-Fi subnet only, and restart the
# mavlink-router service with the new endpoints.
#
#   ./ground_station_net_tune.sh [--subnet 192.168.42.0/24] [--ports 14550,14551] [--persist]

set -euo pipefail

SUBNET="192.168.42.0/24"
PORTS="14550,14551,5600"
PERSIST=0
SYSCTL_FILE=/etc/sysctl.d/60-ground-station.conf
ROUTER_CONF=/etc/mavlink-router/main.conf

log() { printf '[gcs-tune] %s\n' "$*"; }

while [[ $# -gt 0 ]]; do
    case $1 in
        --subnet) SUBNET=$2; shift 2 ;;
        --ports) PORTS=$2; shift 2 ;;
        --persist) PERSIST=1; shift ;;
        -h|--help) sed -n '2,8p' "$0"; exit 0 ;;
        *) echo "unknown option: $1" >&2; exit 64 ;;
    esac
done

SUDO=""
[[ $EUID -ne 0 ]] && SUDO="sudo"

declare -A TUNING=(
    [net.core.rmem_max]=26214400
    [net.core.rmem_default]=1048576
    [net.core.wmem_max]=8388608
    [net.ipv4.udp_rmem_min]=16384
)

apply_sysctl() {
    local k
    for k in "${!TUNING[@]}"; do
        $SUDO sysctl -q -w "$k=${TUNING[$k]}"
        log "$k = ${TUNING[$k]}"
    done
    if [[ $PERSIST -eq 1 ]]; then
        for k in "${!TUNING[@]}"; do echo "$k = ${TUNING[$k]}"; done \
            | $SUDO tee "$SYSCTL_FILE" >/dev/null
        log "persisted to $SYSCTL_FILE"
    fi
}

open_ports() {
    local p
    IFS=, read -ra list <<< "$PORTS"
    for p in "${list[@]}"; do
        if ! $SUDO iptables -C INPUT -p udp -s "$SUBNET" --dport "$p" -j ACCEPT 2>/dev/null; then
            $SUDO iptables -I INPUT -p udp -s "$SUBNET" --dport "$p" \
                -m comment --comment "gcs-telemetry" -j ACCEPT
            log "allowed udp/$p from $SUBNET"
        fi
    done
}

write_router_conf() {
    local first=${PORTS%%,*}
    $SUDO mkdir -p "$(dirname "$ROUTER_CONF")"
    $SUDO tee "$ROUTER_CONF" >/dev/null <<EOF
[General]
TcpServerPort = 5760
ReportStats = false

[UdpEndpoint field]
Mode = Server
Address = 0.0.0.0
Port = $first

[UdpEndpoint qgc]
Mode = Normal
Address = 127.0.0.1
Port = 14560
EOF
}

restart_router() {
    if systemctl list-unit-files mavlink-router.service >/dev/null 2>&1; then
        $SUDO systemctl restart mavlink-router.service
        sleep 1
        systemctl is-active --quiet mavlink-router.service \
            && log "mavlink-router running" \
            || log "mavlink-router failed to start; see journalctl -u mavlink-router"
    else
        log "mavlink-router not installed; skipping restart"
    fi
}

apply_sysctl
open_ports
write_router_conf
restart_router
log "ground station ready for $SUBNET on udp/$PORTS"
