#!/usr/bin/env bash
# climate_sensor_udev_setup.sh - prepare a shed PC for the USB climate probes
#
# The NH3/CO2/RH probes in each layer shed hang off CH340 USB-serial adapters.
# Without a rule they come up as random /dev/ttyUSBn, so the shed controller
# software points at the wrong probe after every power cut.  This script
# gives each probe a stable name (/dev/shedprobe-<serial>) and makes the
# devices usable by the 'shedctl' group.
#
#   climate_sensor_udev_setup.sh [-g group] [-u user] [--no-reload]

set -euo pipefail

GROUP=shedctl
TARGET_USER=${SUDO_USER:-$USER}
RELOAD=1
RULES=/etc/udev/rules.d/70-shed-probes.rules
VID=1a86
PID=7523

log() { printf '\033[1m==>\033[0m %s\n' "$*"; }
warn() { printf 'warning: %s\n' "$*" >&2; }

while [[ $# -gt 0 ]]; do
  case $1 in
    -g) GROUP=$2; shift 2 ;;
    -u) TARGET_USER=$2; shift 2 ;;
    --no-reload) RELOAD=0; shift ;;
    -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
    *) echo "unknown option $1" >&2; exit 1 ;;
  esac
done

if [[ $EUID -eq 0 ]]; then
  AS_ROOT=()
else
  AS_ROOT=(sudo)
  log "some steps need root, you may be asked for your password"
fi

ensure_group() {
  if ! getent group "$GROUP" >/dev/null; then
    log "creating group $GROUP"
    "${AS_ROOT[@]}" groupadd --system "$GROUP"
  fi
  if ! id -nG "$TARGET_USER" | tr ' ' '\n' | grep -qx "$GROUP"; then
    log "adding $TARGET_USER to $GROUP (log out and back in afterwards)"
    "${AS_ROOT[@]}" usermod -aG "$GROUP" "$TARGET_USER"
  fi
}

ensure_driver() {
  if ! lsmod | grep -q '^ch341'; then
    log "loading ch341 driver"
    "${AS_ROOT[@]}" modprobe ch341 || warn "could not load ch341"
  fi
}

write_rules() {
  local tmp
  tmp=$(mktemp)
  cat > "$tmp" <<EOF
# Shed climate probes (CH340 USB-serial), generated $(date -I) by $(basename "$0")
SUBSYSTEM=="tty", ATTRS{idVendor}=="$VID", ATTRS{idProduct}=="$PID", \\
  SYMLINK+="shedprobe-%s{serial}", GROUP="$GROUP", MODE="0660"
SUBSYSTEM=="usb", ATTRS{idVendor}=="$VID", ATTRS{idProduct}=="$PID", \\
  ATTR{power/autosuspend}="-1"
EOF
  if [[ -f $RULES ]] && cmp -s "$tmp" "$RULES"; then
    log "$RULES already up to date"
  else
    log "installing $RULES"
    "${AS_ROOT[@]}" install -m 0644 -o root -g root "$tmp" "$RULES"
  fi
  rm -f "$tmp"
}

reload_udev() {
  [[ $RELOAD -eq 1 ]] || return 0
  log "reloading udev rules"
  "${AS_ROOT[@]}" udevadm control --reload-rules
  "${AS_ROOT[@]}" udevadm trigger --subsystem-match=tty --action=add
  sleep 1
}

report() {
  local found=0
  for p in /dev/shedprobe-*; do
    [[ -e $p ]] || continue
    found=$((found + 1))
    printf '   %s -> %s\n' "$p" "$(readlink -f "$p")"
  done
  (( found > 0 )) || warn "no probes visible yet - plug them in or check the cables"
}

ensure_group
ensure_driver
write_rules
reload_udev
report
log "done"
