#!/usr/bin/env bash
# obd_adapter_setup.sh - make USB ELM327 / STN11xx OBD-II adapters usable
# on a diagnostics workstation without root.
#
# Installs a udev rule that gives the adapter a stable /dev/obd0 symlink and
# group access, adds the current user to the serial group and reloads udev.
#
#   obd_adapter_setup.sh [--group dialout] [--vendor 0403] [--product 6001]
set -euo pipefail

GROUP="dialout"
VENDOR="0403"     # FTDI, most ELM327 clones
PRODUCT="6001"
RULE_FILE="/etc/udev/rules.d/72-obd-adapter.rules"
TARGET_USER="${SUDO_USER:-$USER}"

usage() { sed -n '2,8p' "$0"; }

while [[ $# -gt 0 ]]; do
  case "$1" in
    --group)   GROUP="$2"; shift 2 ;;
    --vendor)  VENDOR="$2"; shift 2 ;;
    --product) PRODUCT="$2"; shift 2 ;;
    -h|--help) usage; exit 0 ;;
    *) echo "unknown option $1" >&2; usage; exit 2 ;;
  esac
done

log() { echo "[obd-setup] $*"; }

as_root() {
  if [[ $EUID -eq 0 ]]; then
    "$@"
  else
    sudo -- "$@"
  fi
}

detect_adapter() {
  if command -v lsusb >/dev/null; then
    if lsusb -d "${VENDOR}:${PRODUCT}" >/dev/null 2>&1; then
      log "adapter ${VENDOR}:${PRODUCT} present"
    else
      log "adapter ${VENDOR}:${PRODUCT} not plugged in; rule will apply on next plug"
    fi
  fi
}

render_rule() {
  cat <<EOF
# Installed by obd_adapter_setup.sh on $(date -u +%F)
SUBSYSTEM=="tty", ATTRS{idVendor}=="${VENDOR}", ATTRS{idProduct}=="${PRODUCT}", \\
  GROUP="${GROUP}", MODE="0660", SYMLINK+="obd0", ENV{ID_MM_DEVICE_IGNORE}="1"
EOF
}

install_rule() {
  local tmp
  tmp="$(mktemp ./obd-rule.XXXXXX)"
  render_rule > "$tmp"
  if [[ -f "$RULE_FILE" ]] && cmp -s "$tmp" "$RULE_FILE"; then
    log "udev rule already up to date"
  else
    log "installing $RULE_FILE"
    as_root install -m 0644 -o root -g root "$tmp" "$RULE_FILE"
  fi
  rm -f "$tmp"
}

grant_group() {
  if id -nG "$TARGET_USER" | tr ' ' '\n' | grep -qx "$GROUP"; then
    log "$TARGET_USER already in $GROUP"
  else
    log "adding $TARGET_USER to $GROUP (log out and back in afterwards)"
    as_root usermod -aG "$GROUP" "$TARGET_USER"
  fi
}

reload_udev() {
  as_root udevadm control --reload-rules
  as_root udevadm trigger --subsystem-match=tty --action=add
  sleep 1
  if [[ -e /dev/obd0 ]]; then
    log "/dev/obd0 -> $(readlink -f /dev/obd0)"
  fi
}

detect_adapter
install_rule
grant_group
reload_udev
log "done"
