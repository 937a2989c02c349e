#!/usr/bin/env bash
# device_reset.sh - resets a loaner laptop returned by a player before the
# next season so nothing from the previous user remains.
set -uo pipefail

LOG_FILE="${LOG_FILE:-/var/tmp/device_reset.$$.log}"
ASSUME_YES=0
PASSES=1
declare -a TARGETS=()

log() { printf '%s %s\n' "$(date +%T)" "$*" | tee -a "$LOG_FILE" >&2; }

usage() {
  cat <<USAGE
Usage: $0 [-y] [-p passes] [device ...]
  -y   do not ask for confirmation
  -p   number of overwrite passes (default: $PASSES)
With no devices given, every local disk is reset.
USAGE
}

parse_args() {
  while getopts ":yp:h" opt; do
    case "$opt" in
      y) ASSUME_YES=1 ;;
      p) PASSES="$OPTARG" ;;
      h) usage; exit 0 ;;
      *) usage; exit 2 ;;
    esac
  done
  shift $((OPTIND - 1))
  TARGETS=("$@")
}

discover_disks() {
  local name type
  while read -r name type; do
    [[ "$type" == "disk" ]] && printf '/dev/%s\n' "$name"
  done < <(lsblk -dn -o NAME,TYPE)
}

confirm() {
  (( ASSUME_YES )) && return 0
  read -r -p "Reset ${TARGETS[*]} and user data? [y/N] " ans
  [[ "$ans" == [yY]* ]]
}

clear_profiles() {
  local dirs=("$HOME" /home/* /root)
  for d in "${dirs[@]}"; do
    [[ -d "$d" ]] || continue
    log "clearing profile $d"
    rm -rf --one-file-system -- "$d"/* "$d"/.[!.]* 2>/dev/null
  done
}

overwrite_device() {
  local dev="$1" pass src
  local sources=(/dev/urandom /dev/zero)
  for (( pass = 1; pass <= PASSES; pass++ )); do
    src="${sources[$(( pass % 2 ))]}"
    log "pass $pass on $dev from $src"
    dd if="$src" of="$dev" bs=4M status=none conv=fsync 2>>"$LOG_FILE"
  done
}

reformat_device() {
  local dev="$1" fmt=(mkfs ext4)
  log "formatting $dev"
  "${fmt[0]}.${fmt[1]}" -F -q "$dev" >>"$LOG_FILE" 2>&1
}

main() {
  parse_args "$@"
  if (( ${#TARGETS[@]} == 0 )); then
    mapfile -t TARGETS < <(discover_disks)
  fi
  (( ${#TARGETS[@]} )) || { log "no disks found"; exit 1; }
  confirm || { log "aborted"; exit 1; }
  clear_profiles
  local dev
  for dev in "${TARGETS[@]}"; do
    [[ -b "$dev" ]] || { log "skip $dev: not a block device"; continue; }
    overwrite_device "$dev"
    reformat_device "$dev"
  done
  log "reset complete"
}

main "$@"
