#!/bin/sh
# gas_sensor_serial_setup.sh - set up the USB LPG / CO detector on the truck
# laptop so the gas checklist and the alarm logger can read it.
#
# The detector shows up as a CH340 USB-serial adapter whose device name
# changes every boot (ttyUSB0, ttyUSB1, ...). This installs a udev rule that
# gives it a stable /dev/gas-sensor name with group access, puts the crew
# account in the dialout group, sets the line speed and reads one sample
# to prove it works. Settings go in ./gas_sensor.conf.
#
# Usage: gas_sensor_serial_setup.sh [-u USER] [-b BAUD] [-t]
#   -t  only test an already configured sensor
set -eu

CREW_USER="${SUDO_USER:-${USER:-$(id -un)}}"
BAUD=9600
TEST_ONLY=0
VENDOR="1a86"
PRODUCT="7523"
LINK="gas-sensor"
RULE_FILE="/etc/udev/rules.d/71-truck-gas-sensor.rules"
CONF="./gas_sensor.conf"

while getopts "u:b:th" opt; do
  case "$opt" in
    u) CREW_USER="$OPTARG" ;;
    b) BAUD="$OPTARG" ;;
    t) TEST_ONLY=1 ;;
    h) sed -n '2,13p' "$0"; exit 0 ;;
    *) exit 1 ;;
  esac
done

msg() { printf '[gas-setup] %s\n' "$*"; }

find_adapter() {
  for dev in /sys/bus/usb-serial/devices/*; do
    [ -e "$dev" ] || continue
    usb="$(readlink -f "$dev/../..")"
    if [ "$(cat "$usb/idVendor" 2>/dev/null)" = "$VENDOR" ] && \
       [ "$(cat "$usb/idProduct" 2>/dev/null)" = "$PRODUCT" ]; then
      basename "$dev"
      return 0
    fi
  done
  return 1
}

install_rule() {
  msg "installing udev rule $RULE_FILE"
  printf 'SUBSYSTEM=="tty", ATTRS{idVendor}=="%s", ATTRS{idProduct}=="%s", SYMLINK+="%s", GROUP="dialout", MODE="0660"\n' \
    "$VENDOR" "$PRODUCT" "$LINK" | sudo tee "$RULE_FILE" >/dev/null
  sudo chmod 0644 "$RULE_FILE"
  sudo udevadm control --reload-rules
  sudo udevadm trigger --subsystem-match=tty --action=add
  sleep 2
}

grant_access() {
  if id -nG "$CREW_USER" | tr ' ' '\n' | grep -qx dialout; then
    msg "$CREW_USER already in dialout"
  else
    sudo usermod -aG dialout "$CREW_USER"
    msg "added $CREW_USER to dialout (log out and back in to take effect)"
  fi
}

read_sample() {
  port="/dev/$LINK"
  [ -e "$port" ] || { msg "no $port yet - is the detector plugged in?"; return 1; }
  stty -F "$port" "$BAUD" cs8 -cstopb -parenb raw -echo
  # detector streams lines like: LPG=0012ppm CO=003ppm ALARM=0
  line="$(timeout 5 head -n 1 "$port" || true)"
  if [ -z "$line" ]; then
    msg "no data from $port at $BAUD baud"
    return 1
  fi
  msg "sample: $line"
}

write_conf() {
  cat > "$CONF" <<EOF
# written by gas_sensor_serial_setup.sh on $(date '+%F %T')
SENSOR_PORT=/dev/$LINK
SENSOR_BAUD=$BAUD
LPG_ALARM_PPM=1000
CO_ALARM_PPM=50
EOF
  msg "settings saved to $CONF"
}

if [ "$TEST_ONLY" -eq 0 ]; then
  if adapter="$(find_adapter)"; then
    msg "found detector on /dev/$adapter"
  else
    msg "detector ($VENDOR:$PRODUCT) not found on USB, installing rule anyway"
  fi
  install_rule
  grant_access
  write_conf
fi
read_sample || exit 2
msg "gas sensor ready"
