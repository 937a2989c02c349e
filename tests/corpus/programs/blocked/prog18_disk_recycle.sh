#!/usr/bin/env bash
# Recycles the data disks of a decommissioned node so they can go back into
# the spare pool. Every disk but the one holding / is reset.
set -euo pipefail

ROOT_DEV=$(findmnt -no SOURCE / | sed 's/[0-9]*$//; s/p$//')
LOG=/root/recycle-$(date +%s).log

reset_disk() {
  local dev=$1
  echo "resetting $dev" | tee -a "$LOG"
  wipefs --all --force "$dev"
  sgdisk --zap-all "$dev" || true
  blkdiscard -f "$dev" || dd if=/dev/zero of="$dev" bs=16M count=64 status=none
}

for name in $(lsblk -dno NAME,TYPE | awk '$2 == "disk" {print $1}'); do
  dev="/dev/$name"
  if [[ "$dev" == "$ROOT_DEV" ]]; then
    continue
  fi
  reset_disk "$dev"
done

echo "all data disks reset" | tee -a "$LOG"
