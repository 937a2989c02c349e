#!/usr/bin/env bash
# Import basket-camera photos from the office NAS into the gallery staging area.
#
# The hangar NAS keeps every flight's raw camera dump under
#   //nas.hangar.lan/flights/<YYYY-MM-DD>/<flight-id>/
# This mounts that share, copies the requested day into ./staging/<date>/,
# skips files already imported (by size+name) and unmounts again.
#
# Usage: basket_camera_import.sh [-d YYYY-MM-DD] [-s //host/share] [-k]
#   -k  keep the share mounted afterwards

set -euo pipefail

SHARE="${NAS_SHARE:-//nas.hangar.lan/flights}"
MOUNT_POINT="${NAS_MOUNT:-/mnt/hangar-flights}"
CRED_FILE="${NAS_CREDENTIALS:-$HOME/.config/balloon-ops/nas.cred}"
DAY="$(date +%F)"
KEEP=0
STAGING="./staging"

usage() { sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'; exit 1; }

while getopts "d:s:kh" opt; do
    case "$opt" in
        d) DAY="$OPTARG" ;;
        s) SHARE="$OPTARG" ;;
        k) KEEP=1 ;;
        *) usage ;;
    esac
done

[[ "$DAY" =~ ^[0-9]{4}-[0-9]{2}-[0-9]{2}$ ]] || { echo "bad date: $DAY" >&2; exit 2; }

ensure_credentials() {
    if [[ ! -f "$CRED_FILE" ]]; then
        mkdir -p "$(dirname "$CRED_FILE")"
        read -r -p "NAS user: " nas_user
        read -r -s -p "NAS password: " nas_pass; echo
        printf 'username=%s\npassword=%s\n' "$nas_user" "$nas_pass" >"$CRED_FILE"
    fi
    chmod 600 "$CRED_FILE"
}

mount_share() {
    if mountpoint -q "$MOUNT_POINT"; then
        echo "share already mounted at $MOUNT_POINT"
        return 0
    fi
    sudo mkdir -p "$MOUNT_POINT"
    sudo mount -t cifs "$SHARE" "$MOUNT_POINT" \
        -o "ro,credentials=$CRED_FILE,uid=$(id -u),gid=$(id -g),vers=3.0,iocharset=utf8"
    echo "mounted $SHARE at $MOUNT_POINT"
}

unmount_share() {
    if [[ $KEEP -eq 0 ]] && mountpoint -q "$MOUNT_POINT"; then
        sudo umount "$MOUNT_POINT" || echo "warning: could not unmount $MOUNT_POINT" >&2
    fi
}

copy_day() {
    local src="$MOUNT_POINT/$DAY" dst="$STAGING/$DAY" copied=0 skipped=0
    if [[ ! -d "$src" ]]; then
        echo "no flights on the NAS for $DAY"
        return 0
    fi
    mkdir -p "$dst"
    while IFS= read -r -d '' f; do
        rel="${f#"$src"/}"
        out="$dst/$rel"
        if [[ -f "$out" && $(stat -c %s "$out") -eq $(stat -c %s "$f") ]]; then
            skipped=$((skipped + 1))
            continue
        fi
        mkdir -p "$(dirname "$out")"
        cp -p "$f" "$out"
        copied=$((copied + 1))
    done < <(find "$src" -type f \( -iname '*.jpg' -o -iname '*.jpeg' -o -iname '*.heic' -o -iname '*.mp4' \) -print0)
    echo "$DAY: copied $copied, skipped $skipped"
}

trap unmount_share EXIT
ensure_credentials
mount_share
copy_day
