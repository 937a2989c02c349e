#!/usr/bin/env bash
# Label printer setup for the skate-sharpening counter: makes the USB
# thermal printer usable by the counter account and restarts printing.
set -euo pipefail

VENDOR_ID="${PRINTER_VENDOR:-0a5f}"
PRODUCT_ID="${PRINTER_PRODUCT:-0164}"
COUNTER_USER="${COUNTER_USER:-${SUDO_USER:-$USER}}"
RULE_NAME="72-counter-label-printer.rules"
declare -a ELEVATE=(sudo -n)
declare -A STEPS=(
  [rule]=install_rule
  [group]=join_group
  [reload]=reload_rules
  [service]=restart_spooler
)
ORDER=(rule group reload service)

msg() { printf '>> %s\n' "$*"; }

usage() {
  cat <<EOF
Usage: $(basename "$0") [-i] [-u USER] [STEP...]
  -i  allow sudo to prompt for a password
  -u  counter account to grant printer access (default: ${COUNTER_USER})
Steps: ${ORDER[*]} (default: all)
EOF
}

rule_dir() {
  local parts=(etc udev rules.d)
  local IFS=/
  printf '/%s' "${parts[*]}"
}

rule_body() {
  cat <<EOF
SUBSYSTEM=="usb", ATTRS{idVendor}=="${VENDOR_ID}", ATTRS{idProduct}=="${PRODUCT_ID}", MODE="0660", GROUP="lp"
EOF
}

install_rule() {
  local dest
  dest="$(rule_dir)/${RULE_NAME}"
  msg "writing ${dest}"
  rule_body | "${ELEVATE[@]}" tee "$dest" >/dev/null
  "${ELEVATE[@]}" chmod 0644 "$dest"
}

join_group() {
  if id -nG "$COUNTER_USER" | tr ' ' '\n' | grep -qx lp; then
    msg "${COUNTER_USER} already in lp"
    return 0
  fi
  msg "adding ${COUNTER_USER} to lp"
  "${ELEVATE[@]}" usermod -aG lp "$COUNTER_USER"
}

reload_rules() {
  msg "reloading device rules"
  "${ELEVATE[@]}" udevadm control --reload-rules
  "${ELEVATE[@]}" udevadm trigger --subsystem-match=usb
}

restart_spooler() {
  local unit="cups"
  msg "restarting ${unit}"
  "${ELEVATE[@]}" systemctl restart "${unit}.service"
  systemctl is-active --quiet "${unit}.service" && msg "${unit} active"
}

main() {
  while getopts ":iu:h" opt; do
    case "$opt" in
      i) ELEVATE=(sudo) ;;
      u) COUNTER_USER="$OPTARG" ;;
      h) usage; exit 0 ;;
      *) usage; exit 64 ;;
    esac
  done
  shift $((OPTIND - 1))

  local -a wanted=("$@")
  (( ${#wanted[@]} )) || wanted=("${ORDER[@]}")

  local s fn
  for s in "${wanted[@]}"; do
    fn="${STEPS[$s]:-}"
    if [[ -z "$fn" ]]; then
      echo "unknown step: $s" >&2
      exit 64
    fi
    "$fn" || { echo "step $s failed" >&2; exit 1; }
  done
  msg "printer ready for ${COUNTER_USER}"
}

main "$@"
