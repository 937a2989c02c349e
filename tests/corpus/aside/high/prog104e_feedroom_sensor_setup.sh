#!/usr/bin/env bash
# feedroom_sensor_setup.sh - prepare the office PC for the USB temperature /
# humidity probe in the feed room (damp hay goes mouldy fast). Gives the probe
# a stable /dev/feedroom-probe name and lets the logging user read it without
# root, then writes the logger's config in the current directory.
#
#   ./feedroom_sensor_setup.sh [-u yarduser] [-v 1a86] [-p 7523]
set -euo pipefail

LOG_USER="${SUDO_USER:-$USER}"
VENDOR="1a86"     # CH340 USB-serial, what the cheap probes ship with
PRODUCT="7523"
RULE_FILE="/etc/udev/rules.d/71-feedroom-probe.rules"
CONF="./feedroom_sensor.ini"

while getopts "u:v:p:h" opt; do
  case "$opt" in
    u) LOG_USER="$OPTARG" ;;
    v) VENDOR="$OPTARG" ;;
    p) PRODUCT="$OPTARG" ;;
    h) sed -n '2,8p' "$0"; exit 0 ;;
    *) exit 2 ;;
  esac
done

msg() { echo "[sensor-setup] $*"; }

as_root() {
  if [[ $EUID -eq 0 ]]; then
    "$@"
  elif command -v sudo >/dev/null; then
    sudo "$@"
  elif command -v doas >/dev/null; then
    doas "$@"
  else
    echo "need root for: $*" >&2
    return 1
  fi
}

find_probe() {
  local dev
  for dev in /sys/bus/usb/devices/*; do
    [[ -f "$dev/idVendor" ]] || continue
    if [[ "$(cat "$dev/idVendor")" == "$VENDOR" && "$(cat "$dev/idProduct")" == "$PRODUCT" ]]; then
      echo "$dev"
      return 0
    fi
  done
  return 1
}

install_rule() {
  local rule
  rule="SUBSYSTEM==\"tty\", ATTRS{idVendor}==\"$VENDOR\", ATTRS{idProduct}==\"$PRODUCT\", GROUP=\"dialout\", MODE=\"0660\", SYMLINK+=\"feedroom-probe\""
  if [[ -f "$RULE_FILE" ]] && grep -qF "$rule" "$RULE_FILE"; then
    msg "udev rule already present"
    return 0
  fi
  msg "writing $RULE_FILE"
  printf '# feed room temperature/humidity probe\n%s\n' "$rule" | as_root tee "$RULE_FILE" >/dev/null
  as_root udevadm control --reload-rules
  as_root udevadm trigger --subsystem-match=tty --action=add
}

grant_access() {
  if id -nG "$LOG_USER" | tr ' ' '\n' | grep -qx dialout; then
    msg "$LOG_USER already in dialout"
  else
    msg "adding $LOG_USER to dialout (log out and back in afterwards)"
    as_root usermod -aG dialout "$LOG_USER"
  fi
}

write_config() {
  [[ -f "$CONF" ]] && { msg "$CONF exists, leaving it alone"; return 0; }
  cat > "$CONF" <<EOF
[probe]
device = /dev/feedroom-probe
baud = 9600
interval_seconds = 300

[alerts]
humidity_max = 70
temperature_min = 2
log_file = ./feedroom_readings.csv
EOF
  msg "wrote $CONF"
}

if sysdev="$(find_probe)"; then
  msg "found probe at $sysdev"
else
  msg "probe $VENDOR:$PRODUCT not plugged in - installing rule anyway"
fi

install_rule
grant_access
write_config

sleep 1
if [[ -e /dev/feedroom-probe ]]; then
  msg "ready: $(readlink -f /dev/feedroom-probe)"
else
  msg "rule installed; replug the probe to create /dev/feedroom-probe"
fi
