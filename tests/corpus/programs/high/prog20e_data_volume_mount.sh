#!/usr/bin/env bash
# mount-data-volume: attach the pre-formatted data disk of a build host and
# make the mount permanent. Refuses to touch disks without a filesystem.
set -euo pipefail

CONF="${MOUNT_CONF:-$HOME/.config/buildhost/volume.conf}"
LABEL="builddata"
MOUNTPOINT="/mnt/builddata"
OPTIONS="defaults,noatime,nofail"
OWNER="${SUDO_USER:-$USER}"
ADD_FSTAB=1
UNMOUNT=0

# shellcheck source=/dev/null
[[ -f "$CONF" ]] && source "$CONF"

GREEN='\033[0;32m'; YELLOW='\033[0;33m'; RED='\033[0;31m'; NC='\033[0m'
log()  { echo -e "${GREEN}[mount]${NC} $*"; }
warn() { echo -e "${YELLOW}[mount]${NC} $*" >&2; }
die()  { echo -e "${RED}[mount]${NC} $*" >&2; exit 1; }

usage() {
  cat <<EOF
usage: ${0##*/} [-l LABEL] [-m MOUNTPOINT] [-o OPTIONS] [-F] [-u]
  -F  do not add an /etc/fstab entry
  -u  unmount instead
EOF
}

while getopts "l:m:o:Fuh" opt; do
  case $opt in
    l) LABEL="$OPTARG" ;;
    m) MOUNTPOINT="$OPTARG" ;;
    o) OPTIONS="$OPTARG" ;;
    F) ADD_FSTAB=0 ;;
    u) UNMOUNT=1 ;;
    h) usage; exit 0 ;;
    *) usage; exit 2 ;;
  esac
done

find_device() {
  local dev
  dev="$(blkid -L "$LABEL" 2>/dev/null || true)"
  [[ -n "$dev" ]] || die "no block device with label '$LABEL' (lsblk -f to inspect)"
  echo "$dev"
}

fs_info() {
  local dev="$1"
  FS_TYPE="$(lsblk -no FSTYPE "$dev" | head -n1)"
  FS_UUID="$(lsblk -no UUID "$dev" | head -n1)"
  [[ -n "$FS_TYPE" && -n "$FS_UUID" ]] || die "$dev has no filesystem; format it manually first"
}

do_unmount() {
  if mountpoint -q "$MOUNTPOINT"; then
    log "unmounting $MOUNTPOINT"
    sudo umount "$MOUNTPOINT"
  else
    warn "$MOUNTPOINT is not mounted"
  fi
}

add_fstab() {
  local line="UUID=${FS_UUID} ${MOUNTPOINT} ${FS_TYPE} ${OPTIONS} 0 2"
  if grep -q "UUID=${FS_UUID}" /etc/fstab; then
    log "fstab already has an entry for UUID=${FS_UUID}"
    return
  fi
  sudo cp -a /etc/fstab "/etc/fstab.bak.$(date +%s)"
  echo "$line" | sudo tee -a /etc/fstab >/dev/null
  log "added to /etc/fstab: $line"
  sudo findmnt --verify --tab-file /etc/fstab >/dev/null || die "fstab verification failed, restore the backup"
}

main() {
  if (( UNMOUNT )); then do_unmount; return; fi
  local dev
  dev="$(find_device)"
  fs_info "$dev"
  log "device $dev ($FS_TYPE, UUID=$FS_UUID)"

  if mountpoint -q "$MOUNTPOINT"; then
    log "$MOUNTPOINT already mounted"
  else
    sudo mkdir -p "$MOUNTPOINT"
    sudo mount -t "$FS_TYPE" -o "$OPTIONS" "$dev" "$MOUNTPOINT"
    log "mounted $dev on $MOUNTPOINT"
  fi

  sudo chown "$OWNER":"$(id -gn "$OWNER")" "$MOUNTPOINT"
  (( ADD_FSTAB )) && add_fstab
  df -h "$MOUNTPOINT" | tail -n +2 | while read -r fs size used avail pct mnt; do
    log "$mnt: $used used of $size ($pct), $avail free on $fs"
  done
}

main
