#!/usr/bin/env bash
# mount_shop_nas.sh - mount the office NAS's read-only drawings and cut-chart
# shares on a shop-floor PC so the nesting software can open customer DXFs
# without copying them around on USB sticks.
#
# Usage: ./mount_shop_nas.sh [-u] [-s SERVER] [share ...]
#   -u         unmount instead
#   -s SERVER  NAS hostname (default: nas.shop.lan)
#   share      one or more of: drawings cutcharts certs (default: drawings cutcharts)

set -euo pipefail

SERVER="nas.shop.lan"
MOUNT_BASE="/mnt/shop"
UNMOUNT=0
SHARES=()
LOGTAG="mount_shop_nas"

log() { logger -t "$LOGTAG" -- "$*" 2>/dev/null || true; echo "$*"; }
die() { log "ERROR: $*"; exit 1; }

while getopts ":us:h" opt; do
  case "$opt" in
    u) UNMOUNT=1 ;;
    s) SERVER="$OPTARG" ;;
    h) sed -n '2,11p' "$0"; exit 0 ;;
    *) die "bad option -$OPTARG" ;;
  esac
done
shift $((OPTIND - 1))
SHARES=("$@")
[[ ${#SHARES[@]} -eq 0 ]] && SHARES=(drawings cutcharts)

command -v mount.cifs >/dev/null || die "cifs-utils not installed (apt install cifs-utils)"

reachable() {
  timeout 3 bash -c "exec 3<>/dev/tcp/${SERVER}/445" 2>/dev/null
}

do_mount() {
  local share="$1" point="${MOUNT_BASE}/$1"
  if mountpoint -q "$point"; then
    log "$point already mounted"
    return 0
  fi
  sudo mkdir -p "$point"
  local opts="guest,ro,vers=3.0,uid=$(id -u),gid=$(id -g),file_mode=0444,dir_mode=0555,nofail"
  local attempt
  for attempt in 1 2 3; do
    if sudo mount -t cifs "//${SERVER}/${share}" "$point" -o "$opts"; then
      log "mounted //${SERVER}/${share} on $point"
      return 0
    fi
    log "mount of $share failed (attempt $attempt), retrying"
    sleep $((attempt * 2))
  done
  return 1
}

do_umount() {
  local point="${MOUNT_BASE}/$1"
  if mountpoint -q "$point"; then
    sudo umount "$point" && log "unmounted $point"
  else
    log "$point not mounted"
  fi
}

rc=0
if [[ $UNMOUNT -eq 1 ]]; then
  for s in "${SHARES[@]}"; do do_umount "$s" || rc=1; done
  exit $rc
fi

reachable || die "$SERVER not reachable on 445/tcp (is the office switch up?)"

for s in "${SHARES[@]}"; do
  case "$s" in
    drawings|cutcharts|certs) do_mount "$s" || rc=1 ;;
    *) log "unknown share '$s', skipping"; rc=1 ;;
  esac
done

if [[ $rc -eq 0 ]]; then
  df -h "${SHARES[@]/#/${MOUNT_BASE}/}" 2>/dev/null || true
fi
exit $rc
