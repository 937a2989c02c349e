#!/usr/bin/env bash
# inventory_nas_mount.sh - copy a clerk's day of inventory photos to the NAS.
#
# Mounts the branch NAS "inventory" share, copies today's (or a given
# date's) photo folders from the camera import directory into
# <share>/<year>/<property_ref>/, verifies the copy by checksum and
# unmounts again. Clerk laptops don't keep the share mounted because the
# NAS drops idle sessions and Nautilus then hangs.
#
# ~/.config/inventory-nas.conf:
#   NAS=//nas01.har.branch.local/inventory
#   NAS_CREDS=~/.config/inventory-nas.creds   (username=/password=/domain=)
set -euo pipefail

CONF="${XDG_CONFIG_HOME:-$HOME/.config}/inventory-nas.conf"
[[ -r "$CONF" ]] && source "$CONF"

NAS="${NAS:-//nas01.har.branch.local/inventory}"
NAS_CREDS="${NAS_CREDS:-$HOME/.config/inventory-nas.creds}"
IMPORT_DIR="${IMPORT_DIR:-$HOME/Pictures/inventory-import}"
MOUNTPOINT="${MOUNTPOINT:-$HOME/.local/share/inventory-nas}"
DAY="${1:-$(date +%F)}"
YEAR="${DAY:0:4}"

note() { echo "[nas] $*"; }
bail() { echo "[nas] $*" >&2; exit 1; }

# whichever privilege tool the laptop image ships with
elevate() {
    if command -v sudo >/dev/null 2>&1; then sudo "$@"
    elif command -v doas >/dev/null 2>&1; then doas "$@"
    else bail "need sudo or doas to mount the share"; fi
}

[[ -r "$NAS_CREDS" ]] || bail "credentials file $NAS_CREDS missing"
chmod 600 "$NAS_CREDS"
[[ -d "$IMPORT_DIR" ]] || bail "no import folder at $IMPORT_DIR"

mapfile -t folders < <(find "$IMPORT_DIR" -mindepth 1 -maxdepth 1 -type d -newermt "$DAY" \
                         ! -newermt "$DAY +1 day" -printf '%f\n' | sort)
(( ${#folders[@]} )) || { note "nothing imported on $DAY"; exit 0; }
note "${#folders[@]} property folder(s) from $DAY"

mkdir -p "$MOUNTPOINT"
mounted_here=0
cleanup() {
    if (( mounted_here )); then
        sync
        elevate umount "$MOUNTPOINT" || note "could not unmount $MOUNTPOINT"
    fi
}
trap cleanup EXIT

if ! mountpoint -q "$MOUNTPOINT"; then
    note "mounting $NAS"
    for attempt in 1 2 3; do
        if elevate mount -t cifs "$NAS" "$MOUNTPOINT" \
                -o "credentials=$NAS_CREDS,uid=$(id -u),gid=$(id -g),vers=3.0,file_mode=0640,dir_mode=0750"; then
            mounted_here=1
            break
        fi
        note "mount attempt $attempt failed"
        sleep $((attempt * 5))
    done
    (( mounted_here )) || bail "could not mount $NAS"
fi

failed=0
for ref in "${folders[@]}"; do
    dest="$MOUNTPOINT/$YEAR/$ref"
    mkdir -p "$dest"
    rsync -rt --chmod=F640,D750 --info=stats0 "$IMPORT_DIR/$ref/" "$dest/"
    # checksum both sides; the NAS occasionally truncates large HEICs
    if diff <(cd "$IMPORT_DIR/$ref" && find . -type f -exec sha256sum {} + | sort -k2) \
            <(cd "$dest" && find . -type f -exec sha256sum {} + | sort -k2) >/dev/null; then
        note "$ref: copied and verified"
        touch "$IMPORT_DIR/$ref/.on-nas"
    else
        note "$ref: checksum mismatch, will retry next run"
        failed=$((failed + 1))
    fi
done

note "finished, $failed folder(s) need another go"
exit $(( failed > 0 ))
