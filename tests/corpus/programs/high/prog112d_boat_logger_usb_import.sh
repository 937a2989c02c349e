#!/usr/bin/env bash
# boat_logger_usb_import.sh
#
# When a hire boat comes back to the yard, the engineer pulls the USB stick
# out of the engine data logger and plugs it into the yard PC.  This script
# mounts the stick read-only, copies the new engine and bilge-pump logs into
# ./fleet_logs/<boat>/, and unmounts it again.
#
#   ./boat_logger_usb_import.sh NB-KINGFISHER [LABEL]
#
# The logger formats its sticks with the volume label BOATLOG by default.

set -euo pipefail

BOAT="${1:-}"
LABEL="${2:-BOATLOG}"
MNT="/mnt/boatlog"
DEST_ROOT="$PWD/fleet_logs"
IMPORT_LOG="$PWD/usb_import.log"

note() { echo "$(date '+%F %T') $*" | tee -a "$IMPORT_LOG"; }
bail() { note "ERROR: $*"; exit 1; }

[[ -n "$BOAT" ]] || bail "usage: $0 BOAT_ID [LABEL]"
[[ "$BOAT" =~ ^NB-[A-Z0-9-]+$ ]] || bail "boat id should look like NB-NAME"

find_device() {
    local dev
    dev="$(blkid -L "$LABEL" 2>/dev/null || true)"
    if [[ -z "$dev" && -e "/dev/disk/by-label/$LABEL" ]]; then
        dev="$(readlink -f "/dev/disk/by-label/$LABEL")"
    fi
    echo "$dev"
}

DEV=""
for attempt in 1 2 3 4 5; do
    DEV="$(find_device)"
    [[ -n "$DEV" ]] && break
    note "waiting for stick labelled $LABEL ($attempt/5)"
    sleep 3
done
[[ -n "$DEV" ]] || bail "no device labelled $LABEL found"

FSTYPE="$(lsblk -no FSTYPE "$DEV" | head -n1)"
case "$FSTYPE" in
    vfat|exfat) OPTS="ro,nosuid,nodev,noexec,uid=$(id -u),gid=$(id -g)" ;;
    ext4)       OPTS="ro,nosuid,nodev,noexec" ;;
    *)          bail "unexpected filesystem '$FSTYPE' on $DEV" ;;
esac

cleanup() {
    if mountpoint -q "$MNT"; then
        sync
        sudo umount "$MNT" && note "unmounted $MNT"
    fi
}
trap cleanup EXIT

if ! mountpoint -q "$MNT"; then
    sudo mkdir -p "$MNT"
    sudo mount -t "$FSTYPE" -o "$OPTS" "$DEV" "$MNT"
    note "mounted $DEV ($FSTYPE) on $MNT"
fi

SRC="$MNT/LOGS"
[[ -d "$SRC" ]] || bail "no LOGS folder on the stick - is this a logger stick?"

DEST="$DEST_ROOT/$BOAT"
mkdir -p "$DEST"

copied=0
while IFS= read -r -d '' f; do
    name="$(basename "$f")"
    if [[ -f "$DEST/$name" ]] && cmp -s "$f" "$DEST/$name"; then
        continue
    fi
    cp --preserve=timestamps "$f" "$DEST/$name"
    copied=$((copied + 1))
done < <(find "$SRC" -maxdepth 1 -type f \( -iname 'ENG*.CSV' -o -iname 'BILGE*.CSV' \) -print0)

serial="$(cat "$MNT/LOGGER.ID" 2>/dev/null || echo unknown)"
note "$BOAT: copied $copied new file(s) from logger $serial"
printf '%s,%s,%s,%d\n' "$(date -Is)" "$BOAT" "$serial" "$copied" >>"$DEST_ROOT/imports.csv"
