#!/usr/bin/env bash
# Field hotspot setup for the launch-site ops laptop.
#
# Brings up the "balloon-ops" Wi-Fi hotspot so crew tablets can load the
# passenger manifest (served on :8080) and the wind board (:8081) from the
# laptop while we're out in a field with no other network.
#
# Usage: ./field_hotspot_ports.sh [-i wlan0] [-s SSID] [-p passphrase] [--down]

set -euo pipefail

IFACE="wlan0"
SSID="balloon-ops"
PASSPHRASE="${HOTSPOT_PASS:-}"
CON_NAME="balloon-ops-hotspot"
OPS_PORTS=(8080 8081)
ACTION="up"
LOG_TAG="field-hotspot"

log() { logger -t "$LOG_TAG" -- "$*" 2>/dev/null || true; echo "[$LOG_TAG] $*"; }
die() { log "error: $*"; exit 1; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        -i) IFACE="$2"; shift 2 ;;
        -s) SSID="$2"; shift 2 ;;
        -p) PASSPHRASE="$2"; shift 2 ;;
        --down) ACTION="down"; shift ;;
        -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
        *) die "unknown argument $1" ;;
    esac
done

SUDO=""
if [[ $EUID -ne 0 ]]; then
    SUDO="sudo"
fi

command -v nmcli >/dev/null || die "NetworkManager (nmcli) is required"

hotspot_up() {
    [[ ${#PASSPHRASE} -ge 8 ]] || die "passphrase must be at least 8 characters (-p or HOTSPOT_PASS)"
    if nmcli -t -f NAME con show | grep -qx "$CON_NAME"; then
        log "reusing connection $CON_NAME"
    else
        $SUDO nmcli con add type wifi ifname "$IFACE" con-name "$CON_NAME" \
            autoconnect no ssid "$SSID" >/dev/null
        $SUDO nmcli con modify "$CON_NAME" 802-11-wireless.mode ap \
            802-11-wireless.band bg ipv4.method shared \
            wifi-sec.key-mgmt wpa-psk wifi-sec.psk "$PASSPHRASE"
    fi
    $SUDO nmcli con up "$CON_NAME" >/dev/null
    log "hotspot $SSID up on $IFACE"
}

rule_args() {
    # $1 = port
    echo "INPUT -i $IFACE -p tcp --dport $1 -m comment --comment $LOG_TAG -j ACCEPT"
}

open_ops_ports() {
    local port
    for port in "${OPS_PORTS[@]}"; do
        # shellcheck disable=SC2046
        if $SUDO iptables -C $(rule_args "$port") 2>/dev/null; then
            continue
        fi
        # shellcheck disable=SC2046
        $SUDO iptables -I $(rule_args "$port")
        log "allowed tcp/$port on $IFACE"
    done
}

close_ops_ports() {
    local port
    for port in "${OPS_PORTS[@]}"; do
        # shellcheck disable=SC2046
        $SUDO iptables -D $(rule_args "$port") 2>/dev/null || true
    done
    log "ops port rules removed"
}

hotspot_down() {
    close_ops_ports
    $SUDO nmcli con down "$CON_NAME" >/dev/null 2>&1 || true
    log "hotspot down"
}

case "$ACTION" in
    up)
        hotspot_up
        open_ops_ports
        addr=$(ip -4 -o addr show "$IFACE" | awk '{print $4}' | cut -d/ -f1)
        log "manifest: http://$addr:8080  wind board: http://$addr:8081"
        ;;
    down)
        hotspot_down
        ;;
esac
