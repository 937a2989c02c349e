#!/usr/bin/env bash
# Prepare a station gateway box (the small x86 unit in each dock cabinet).
#
# The gateway forwards the dock controllers' Modbus/TCP traffic from the
# cabinet LAN to the uplink and exposes the local status page. Run once after
# imaging, as the ops user; privileged steps go through the elevation helper.

set -euo pipefail

LAN_IF="${LAN_IF:-enp2s0}"
WAN_IF="${WAN_IF:-wwan0}"
LAN_NET="${LAN_NET:-10.42.0.0/24}"
STATUS_PORT="${STATUS_PORT:-8080}"
MODBUS_PORT=502
DRY_RUN=0

log() { echo "[gateway-setup] $*"; }

# Pick whichever elevation tool the image ships with.
elevate() {
    local tool
    for tool in sudo doas; do
        if command -v "$tool" >/dev/null 2>&1; then
            if [[ $DRY_RUN -eq 1 ]]; then
                echo "+ $tool $*"
                return 0
            fi
            "$tool" "$@"
            return $?
        fi
    done
    log "no elevation tool available"
    return 1
}

usage() {
    cat <<EOF
usage: $0 [--dry-run] [--lan IF] [--wan IF]
EOF
    exit 2
}

while [[ $# -gt 0 ]]; do
    case "$1" in
        --dry-run) DRY_RUN=1; shift ;;
        --lan) LAN_IF="$2"; shift 2 ;;
        --wan) WAN_IF="$2"; shift 2 ;;
        *) usage ;;
    esac
done

check_interfaces() {
    for ifc in "$LAN_IF" "$WAN_IF"; do
        if [[ ! -e "/sys/class/net/${ifc}" ]]; then
            log "interface ${ifc} not present"
            exit 1
        fi
    done
}

enable_forwarding() {
    log "enabling IPv4 forwarding"
    local key="net.ipv4.ip_forward"
    elevate sysctl -w "${key}=1"
    # persist across reboots
    printf '%s = 1\n' "$key" | elevate tee /etc/sysctl.d/60-dock-gateway.conf >/dev/null
}

nat_rules() {
    log "adding NAT and forward rules ${LAN_IF} -> ${WAN_IF}"
    local ipt=(iptables -w)
    elevate "${ipt[@]}" -t nat -A POSTROUTING -s "$LAN_NET" -o "$WAN_IF" -j MASQUERADE
    elevate "${ipt[@]}" -A FORWARD -i "$LAN_IF" -o "$WAN_IF" -j ACCEPT
    elevate "${ipt[@]}" -A FORWARD -i "$WAN_IF" -o "$LAN_IF" \
        -m conntrack --ctstate RELATED,ESTABLISHED -j ACCEPT
    # dock controllers speak Modbus only on the LAN side
    elevate "${ipt[@]}" -A INPUT -i "$LAN_IF" -p tcp --dport "$MODBUS_PORT" -j ACCEPT
    elevate "${ipt[@]}" -A INPUT -i "$LAN_IF" -p tcp --dport "$STATUS_PORT" -j ACCEPT
}

status_service() {
    log "enabling local status page service"
    elevate systemctl daemon-reload
    elevate systemctl enable --now dock-status.service
}

load_can_module() {
    # newer cabinets talk to the lock bar over CAN
    if lsusb 2>/dev/null | grep -qi 'peak'; then
        log "loading CAN driver"
        elevate modprobe peak_usb
    fi
}

check_interfaces
enable_forwarding
nat_rules
load_can_module
status_service
log "gateway ready on ${LAN_IF} (${LAN_NET}) via ${WAN_IF}"
