#!/usr/bin/env bash
# robot_serial_setup.sh - prepare the office PC for the milking robots'
# USB-serial service cables.
#
# Loads the USB-serial driver, installs a udev rule giving the "parlour"
# group stable /dev/robotN names, and adds the operator to that group.

set -euo pipefail

GROUP="${GROUP:-parlour}"
OPERATOR="${OPERATOR:-$(id -un)}"
VENDOR_ID="${VENDOR_ID:-0403}"
PRODUCT_ID="${PRODUCT_ID:-6001}"
RULE_NAME="${RULE_NAME:-72-milking-robots.rules}"
DRIVERS=(ftdi_sio usbserial)
CHECK_ONLY=0

log() { printf '[serial-setup] %s\n' "$*" >&2; }

usage() {
  cat <<EOF
usage: $0 [--check] [--group name] [--user name]
  --check   only report the current state
EOF
}

while [[ $# -gt 0 ]]; do
  case "$1" in
    --check) CHECK_ONLY=1 ;;
    --group) GROUP="$2"; shift ;;
    --user) OPERATOR="$2"; shift ;;
    -h|--help) usage; exit 0 ;;
    *) usage; exit 1 ;;
  esac
  shift
done

# Escalation helper: root runs directly, everybody else goes through sudo.
as_root() {
  if [[ "$(id -u)" -eq 0 ]]; then
    "$@"
  else
    sudo -- "$@"
  fi
}

rules_dir() {
  local parts=(etc udev rules.d)
  local IFS=/
  echo "/${parts[*]}"
}

rule_text() {
  cat <<EOF
# Milking robot service cables (installed by robot_serial_setup.sh)
SUBSYSTEM=="tty", ATTRS{idVendor}=="${VENDOR_ID}", ATTRS{idProduct}=="${PRODUCT_ID}", GROUP="${GROUP}", MODE="0660", SYMLINK+="robot%n"
EOF
}

load_drivers() {
  local d
  for d in "${DRIVERS[@]}"; do
    if lsmod | awk '{print $1}' | grep -qx "$d"; then
      log "driver $d already loaded"
    else
      log "loading driver $d"
      as_root modprobe "$d"
    fi
  done
}

install_rule() {
  local dest
  dest="$(rules_dir)/${RULE_NAME}"
  if [[ -f "$dest" ]] && diff -q <(rule_text) "$dest" >/dev/null; then
    log "udev rule up to date"
    return 0
  fi
  log "writing $dest"
  rule_text | as_root tee "$dest" >/dev/null
  as_root chmod 0644 "$dest"
  as_root udevadm control --reload-rules
  as_root udevadm trigger --subsystem-match=tty
}

ensure_group() {
  if ! getent group "$GROUP" >/dev/null; then
    log "creating group $GROUP"
    as_root groupadd "$GROUP"
  fi
  if id -nG "$OPERATOR" | tr ' ' '\n' | grep -qx "$GROUP"; then
    log "$OPERATOR already in $GROUP"
  else
    log "adding $OPERATOR to $GROUP (log out and back in afterwards)"
    as_root usermod -aG "$GROUP" "$OPERATOR"
  fi
}

report() {
  log "devices:"
  ls -l /dev/robot* 2>/dev/null || log "  no robot cable plugged in"
}

main() {
  if [[ "$CHECK_ONLY" -eq 1 ]]; then
    report
    exit 0
  fi
  load_drivers
  install_rule
  ensure_group
  report
}

main
