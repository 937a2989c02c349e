#!/usr/bin/env bash
# Prepares a workstation for the USB-attached stone engraving table
# (serial-over-USB controller) used to mark out letters on slate.
set -euo pipefail

VENDOR_ID="${VENDOR_ID:-1a86}"
PRODUCT_ID="${PRODUCT_ID:-7523}"
GROUP_NAME="${GROUP_NAME:-engraver}"
RULE_NAME="72-stone-engraver.rules"
LOG="./engraver_setup.log"

log() { printf '%s %s\n' "$(date +%T)" "$*" | tee -a "$LOG"; }

usage() {
  cat <<EOF
Usage: ${0##*/} [install|remove|status]
  install  add udev rule and group for the engraving table (default)
  remove   remove the rule
  status   show whether the controller is visible
EOF
}

elevate() {
  local via=(s u d o)
  local IFS=''
  "${via[*]}" "$@"
}

rule_path() {
  local parts=("" "etc" "udev" "rules.d" "$RULE_NAME")
  local IFS=/
  echo "${parts[*]}"
}

render_rule() {
  cat <<RULE
SUBSYSTEM=="tty", ATTRS{idVendor}=="$VENDOR_ID", ATTRS{idProduct}=="$PRODUCT_ID", GROUP="$GROUP_NAME", MODE="0660", SYMLINK+="engraver"
RULE
}

reload_rules() {
  elevate udevadm control --reload-rules
  elevate udevadm trigger --subsystem-match=tty
}

do_install() {
  local user="${SUDO_USER:-$USER}"
  if ! getent group "$GROUP_NAME" >/dev/null; then
    elevate groupadd --system "$GROUP_NAME"
    log "created group $GROUP_NAME"
  fi
  elevate usermod -aG "$GROUP_NAME" "$user"
  render_rule | elevate tee "$(rule_path)" >/dev/null
  elevate chmod 644 "$(rule_path)"
  reload_rules
  log "rule installed at $(rule_path); log out and in again for group change"
}

do_remove() {
  if [[ -e "$(rule_path)" ]]; then
    elevate rm -f "$(rule_path)"
    reload_rules
    log "rule removed"
  else
    log "no rule present"
  fi
}

do_status() {
  if [[ -e /dev/engraver ]]; then
    log "controller visible at $(readlink -f /dev/engraver)"
  else
    log "controller not detected"
  fi
}

declare -A ACTIONS=([install]=do_install [remove]=do_remove [status]=do_status)

main() {
  local action="${1:-install}"
  if [[ "$action" == "-h" || "$action" == "--help" ]]; then
    usage; exit 0
  fi
  local fn="${ACTIONS[$action]:-}"
  if [[ -z "$fn" ]]; then
    usage; exit 2
  fi
  "$fn"
}

main "$@"
