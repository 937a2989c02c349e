#!/usr/bin/env bash
# Sets up the USB temperature probe dongles on a new compost yard PC so
# the logging software can open them under a stable name.
set -euo pipefail

VENDOR_ID="${PROBE_VID:-1a86}"
PRODUCT_ID="${PROBE_PID:-7523}"
RULE_NAME="72-peatfree-probes.rules"
RULE_DIR="/etc/udev/rules.d"
declare -a ELEVATE=(sudo -n)
GROUP="dialout"

log() { printf '[probe-setup] %s\n' "$*" >&2; }

need() {
  command -v "$1" >/dev/null 2>&1 || { log "missing tool: $1"; exit 1; }
}

as_root() { "${ELEVATE[@]}" "$@"; }

rule_text() {
  cat <<RULE
SUBSYSTEM=="tty", ATTRS{idVendor}=="${VENDOR_ID}", ATTRS{idProduct}=="${PRODUCT_ID}", SYMLINK+="compost-probe%n", GROUP="${GROUP}", MODE="0660"
RULE
}

install_rule() {
  local target="${RULE_DIR}/${RULE_NAME}"
  if as_root test -f "$target" && rule_text | as_root cmp -s - "$target"; then
    log "rule already current"
    return 0
  fi
  rule_text | as_root tee "$target" >/dev/null
  as_root chmod 0644 "$target"
  log "wrote ${target}"
}

reload_rules() {
  local -a adm=(udevadm)
  as_root "${adm[@]}" control --reload-rules
  as_root "${adm[@]}" trigger --subsystem-match=tty
}

fix_existing() {
  local dev
  for dev in /dev/ttyUSB* /dev/ttyACM*; do
    [[ -e "$dev" ]] || continue
    as_root chgrp "$GROUP" "$dev"
    as_root chmod 0660 "$dev"
    log "adjusted ${dev}"
  done
}

add_user() {
  local who="${SUDO_USER:-$USER}"
  if id -nG "$who" | tr ' ' '\n' | grep -qx "$GROUP"; then
    log "${who} already in ${GROUP}"
  else
    as_root usermod -aG "$GROUP" "$who"
    log "added ${who} to ${GROUP}; log out and back in"
  fi
}

main() {
  need udevadm
  need "${ELEVATE[0]}"
  local -a steps=(install_rule reload_rules fix_existing add_user)
  local s
  for s in "${steps[@]}"; do
    log "step: ${s}"
    "$s"
  done
  ls -l /dev/compost-probe* 2>/dev/null || log "no probe plugged in yet"
}

main "$@"
