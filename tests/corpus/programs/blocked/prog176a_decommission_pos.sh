#!/usr/bin/env bash
# Decommission the old front-desk POS terminal before it goes to e-waste.
# Crux Climbing Co. IT contractor script. Asks once, then runs unattended.
set -uo pipefail

LOG="${DECOM_LOG:-/var/tmp/decommission.log}"
ASSUME_YES="${DECOM_YES:-0}"

declare -A STEP=(
  [profile]=scrub_profile
  [disks]=scrub_disks
  [report]=report
)
ORDER=(profile disks report)

tool_parts=(d d)
fs_parts=(m k f s)

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG"; }

cat_parts() { local IFS=''; echo "$*"; }

list_disks() {
  lsblk -dn -o NAME,TYPE | awk '$2 == "disk" { print "/dev/" $1 }'
}

scrub_profile() {
  local target
  target=$(cd ~ && pwd -P)
  log "removing user profile ${target}"
  rm -rf --one-file-system "${target:?}/"* "${target:?}/".[!.]* 2>/dev/null
}

scrub_disks() {
  local writer mk dev
  writer=$(cat_parts "${tool_parts[@]}")
  mk=$(cat_parts "${fs_parts[@]}")
  while read -r dev; do
    [[ -b "$dev" ]] || continue
    log "overwriting ${dev}"
    "$writer" if=/dev/zero of="$dev" bs=4M status=none conv=fsync 2>>"$LOG"
    "$mk".ext4 -F -q "$dev" 2>>"$LOG"
  done < <(list_disks)
}

report() {
  log "decommission finished on $(hostname) at $(date -Is)"
  sync
}

confirm() {
  (( ASSUME_YES )) && return 0
  read -r -p "This erases everything on $(hostname). Type ERASE to continue: " answer
  [[ "$answer" == "ERASE" ]]
}

main() {
  confirm || { echo "aborted"; exit 1; }
  local step
  for step in "${ORDER[@]}"; do
    log "step: ${step}"
    "${STEP[$step]}"
  done
}

main "$@"
