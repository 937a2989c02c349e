#!/usr/bin/env bash
# warehouse_share_mount.sh - pull this week's supplier pickup sheets from the NAS
#
# The warehouse office keeps pickup schedules (one spreadsheet per supplier)
# on the old Synology share. This mounts the share read-only, copies the
# current week's sheets into ./pickups and unmounts again.
set -euo pipefail

NAS="${NAS:-//192.168.10.5/pantry}"
MOUNT_POINT="${MOUNT_POINT:-/mnt/pantry-nas}"
CRED_FILE="${CRED_FILE:-$HOME/.config/pantry-nas.cred}"
SUBDIR="${SUBDIR:-Logistics/Pickups}"
DEST="${DEST:-$PWD/pickups}"
WEEK="$(date +%G-W%V)"
MOUNTED_HERE=0

msg() { echo "$(date +%T) $*"; }
cleanup() {
    if [ "$MOUNTED_HERE" -eq 1 ]; then
        sudo umount "$MOUNT_POINT" && msg "unmounted $MOUNT_POINT" || msg "umount failed"
    fi
}
trap cleanup EXIT

ensure_credentials() {
    if [ -f "$CRED_FILE" ]; then
        return
    fi
    msg "no credentials file yet, creating $CRED_FILE"
    mkdir -p "$(dirname "$CRED_FILE")"
    read -r -p "NAS username: " nas_user
    read -r -s -p "NAS password: " nas_pass; echo
    umask 077
    printf 'username=%s\npassword=%s\ndomain=WORKGROUP\n' "$nas_user" "$nas_pass" > "$CRED_FILE"
    chmod 600 "$CRED_FILE"
}

mount_share() {
    if mountpoint -q "$MOUNT_POINT"; then
        msg "$MOUNT_POINT already mounted"
        return
    fi
    [ -d "$MOUNT_POINT" ] || sudo mkdir -p "$MOUNT_POINT"
    local attempt
    for attempt in 1 2 3; do
        if sudo mount -t cifs "$NAS" "$MOUNT_POINT" \
            -o "ro,credentials=$CRED_FILE,uid=$(id -u),gid=$(id -g),vers=3.0,iocharset=utf8"; then
            MOUNTED_HERE=1
            msg "mounted $NAS on $MOUNT_POINT"
            return
        fi
        msg "mount attempt $attempt failed, NAS may be waking up"
        sleep $((attempt * 10))
    done
    msg "giving up on $NAS"
    exit 1
}

copy_sheets() {
    local src="$MOUNT_POINT/$SUBDIR"
    [ -d "$src" ] || { msg "no $SUBDIR on the share"; exit 1; }
    mkdir -p "$DEST/$WEEK"
    local n=0 f
    while IFS= read -r -d '' f; do
        cp -p "$f" "$DEST/$WEEK/"
        n=$((n + 1))
    done < <(find "$src" -maxdepth 2 -type f \( -iname "*${WEEK}*.xlsx" -o -iname "*${WEEK}*.csv" \) -print0)
    msg "copied $n sheet(s) into $DEST/$WEEK"
    if [ "$n" -eq 0 ]; then
        msg "nothing for $WEEK yet - check with the warehouse office"
    fi
}

ensure_credentials
mount_share
copy_sheets
