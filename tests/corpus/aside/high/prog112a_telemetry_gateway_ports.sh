#!/usr/bin/env bash
# telemetry_gateway_ports.sh
#
# Provision the yard telemetry gateway (Rocky Linux 9 mini PC) that receives
# pump-station traffic from the customer boreholes: MQTT from the cellular
# RTUs on 1883/8883 and Modbus/TCP polling on 502.  Run once after the OS
# install, as root or through sudo.
#
#   ./telemetry_gateway_ports.sh [--broker-user NAME] [--skip-packages]

set -Eeuo pipefail

BROKER_USER="rtu"
SKIP_PACKAGES=0
MOSQ_CONF=/etc/mosquitto/conf.d/gateway.conf
STATE_FILE="./gateway_ports.state"

trap 'echo "provision failed at line $LINENO" >&2' ERR

while [[ $# -gt 0 ]]; do
    case "$1" in
        --broker-user) BROKER_USER="$2"; shift 2 ;;
        --skip-packages) SKIP_PACKAGES=1; shift ;;
        *) echo "unknown argument $1" >&2; exit 64 ;;
    esac
done

SUDO=""
if [[ $EUID -ne 0 ]]; then
    SUDO="sudo"
fi

step() { echo; echo "### $*"; echo "$(date -Is) $*" >> "$STATE_FILE"; }

install_packages() {
    (( SKIP_PACKAGES )) && return 0
    step "installing broker and tools"
    $SUDO dnf -y install epel-release
    $SUDO dnf -y install mosquitto python3-pip chrony
}

configure_broker() {
    step "writing $MOSQ_CONF"
    $SUDO install -d -m 0755 /etc/mosquitto/conf.d
    $SUDO tee "$MOSQ_CONF" >/dev/null <<EOF
listener 1883
listener 8883
cafile /etc/mosquitto/certs/ca.crt
certfile /etc/mosquitto/certs/gateway.crt
keyfile /etc/mosquitto/certs/gateway.key
allow_anonymous false
password_file /etc/mosquitto/passwd
EOF
    if [[ ! -f /etc/mosquitto/passwd ]]; then
        $SUDO mosquitto_passwd -c /etc/mosquitto/passwd "$BROKER_USER"
    fi
}

# RTUs on the cellular APN come in from the carrier's private range; allow
# only that range to reach the broker and Modbus ports.
RTU_NET="${RTU_NET:-10.96.0.0/14}"
open_rtu_ports() {
    step "allowing RTU traffic from $RTU_NET"
    local port
    for port in 1883 8883 502; do
        if ! $SUDO iptables -C INPUT -p tcp -s "$RTU_NET" --dport "$port" -j ACCEPT 2>/dev/null; then
            $SUDO iptables -I INPUT -p tcp -s "$RTU_NET" --dport "$port" -j ACCEPT
        fi
    done
    $SUDO sysctl -w net.ipv4.tcp_keepalive_time=120
    $SUDO sh -c 'iptables-save > /etc/sysconfig/iptables'
}

enable_services() {
    step "enabling services"
    $SUDO systemctl enable --now chronyd
    $SUDO systemctl enable --now mosquitto
    $SUDO systemctl --no-pager status mosquitto | head -n 5
}

verify() {
    step "verifying listeners"
    local ok=1
    for port in 1883 8883; do
        if ss -ltn "sport = :$port" | grep -q LISTEN; then
            echo "  port $port listening"
        else
            echo "  port $port NOT listening" >&2
            ok=0
        fi
    done
    (( ok ))
}

install_packages
configure_broker
open_rtu_ports
enable_services
verify && echo "gateway ready"
