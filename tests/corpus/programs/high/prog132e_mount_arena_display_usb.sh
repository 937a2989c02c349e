#!/usr/bin/env bash
# mount_arena_display_usb.sh - copy course plans to the arena display stick
#
# The big screen in the collecting ring plays whatever is on the USB stick
# labelled ARENA_DISP.  This script finds that stick, mounts it, replaces
# the course plans for today's classes with freshly rendered ones from
# ./plans, and unmounts it so the stick can be walked over to the screen.
#
# Usage: mount_arena_display_usb.sh [-l LABEL] [-s SRC_DIR] [-k]
#   -k  keep the stick mounted afterwards
set -euo pipefail

LABEL="ARENA_DISP"
SRC="./plans"
KEEP=0
MNT="/media/arena-display"

while getopts "l:s:kh" o; do
    case "$o" in
        l) LABEL="$OPTARG" ;;
        s) SRC="$OPTARG" ;;
        k) KEEP=1 ;;
        h) sed -n '2,10p' "$0"; exit 0 ;;
        *) exit 2 ;;
    esac
done

msg() { printf '%s\n' "$*" >&2; }
[ -d "$SRC" ] || { msg "no plans folder at $SRC"; exit 1; }
shopt -s nullglob
plans=("$SRC"/*.pdf "$SRC"/*.png)
[ ${#plans[@]} -gt 0 ] || { msg "nothing to copy in $SRC"; exit 1; }

find_stick() {
    local dev
    dev=$(lsblk -rpno NAME,LABEL,TRAN | awk -v l="$LABEL" '$2==l {print $1; exit}')
    if [ -z "$dev" ]; then
        dev=$(blkid -L "$LABEL" 2>/dev/null || true)
    fi
    printf '%s' "$dev"
}

dev=""
for i in $(seq 1 10); do
    dev=$(find_stick)
    [ -n "$dev" ] && break
    [ "$i" -eq 1 ] && msg "waiting for stick labelled $LABEL ..."
    sleep 2
done
[ -n "$dev" ] || { msg "stick $LABEL not found"; exit 1; }
fstype=$(lsblk -no FSTYPE "$dev")
msg "found $dev ($fstype)"

cleanup() {
    if [ "$KEEP" -eq 0 ] && mountpoint -q "$MNT"; then
        sync
        sudo umount "$MNT" && msg "unmounted, stick can be removed"
    fi
}
trap cleanup EXIT

existing=$(findmnt -rno TARGET "$dev" || true)
if [ -n "$existing" ]; then
    MNT="$existing"
    msg "already mounted at $MNT"
else
    sudo mkdir -p "$MNT"
    case "$fstype" in
        vfat|exfat) opts="uid=$(id -u),gid=$(id -g),umask=022,flush" ;;
        *) opts="noatime" ;;
    esac
    sudo mount -t "$fstype" -o "$opts" "$dev" "$MNT"
    msg "mounted at $MNT"
fi

dest="$MNT/COURSES"
mkdir -p "$dest"
# the player shows files in name order; clear old plans first
find "$dest" -maxdepth 1 -type f \( -iname '*.pdf' -o -iname '*.png' \) -delete
n=0
for f in "${plans[@]}"; do
    cp --no-preserve=mode,ownership "$f" "$dest/"
    n=$((n + 1))
done
date '+%Y-%m-%d %H:%M' > "$dest/UPDATED.TXT"
msg "copied $n plan(s) to $dest"
df -h "$MNT" | tail -n 1 >&2
