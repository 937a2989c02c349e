#!/usr/bin/env bash
# usb_player_sync.sh - copy tonight's backing tracks onto the player's USB stick
#
# The stage player (Roland SP-404 / Tascam SS-R250 style) only reads FAT32
# sticks with tracks named NNN_Title.wav in one folder.  This script finds the
# stick by its volume label, mounts it, copies the tracks for a setlist in
# running order, and unmounts it cleanly.
#
#   usb_player_sync.sh -s setlists/2024-06-15.txt [-l BANDPLAYER] [-t tracks/]
set -euo pipefail

LABEL="BANDPLAYER"
TRACK_DIR="tracks"
SETLIST=""
MOUNT_POINT="/mnt/bandplayer"
LOG="usb_player_sync.log"

usage() { sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'; exit "${1:-0}"; }

while getopts ":s:l:t:h" opt; do
    case "$opt" in
        s) SETLIST="$OPTARG" ;;
        l) LABEL="$OPTARG" ;;
        t) TRACK_DIR="$OPTARG" ;;
        h) usage 0 ;;
        *) usage 1 ;;
    esac
done
[[ -n "$SETLIST" && -r "$SETLIST" ]] || usage 1

log() { printf '%s %s\n' "$(date +%T)" "$*" | tee -a "$LOG"; }

find_stick() {
    lsblk -rpno NAME,LABEL,FSTYPE,RM | awk -v l="$LABEL" '$2 == l && $4 == 1 { print $1; exit }'
}

mount_stick() {
    local dev="$1" fstype
    fstype="$(lsblk -no FSTYPE "$dev")"
    [[ "$fstype" == vfat ]] || { log "$dev is $fstype, player needs FAT32"; exit 1; }
    if findmnt -rno TARGET "$dev" >/dev/null; then
        MOUNT_POINT="$(findmnt -rno TARGET "$dev" | head -n1)"
        log "already mounted at $MOUNT_POINT"
        return
    fi
    sudo mkdir -p "$MOUNT_POINT"
    sudo mount -t vfat -o "uid=$(id -u),gid=$(id -g),umask=022,shortname=mixed" "$dev" "$MOUNT_POINT"
    MOUNTED_BY_US=1
    log "mounted $dev at $MOUNT_POINT"
}

cleanup() {
    sync
    if [[ "${MOUNTED_BY_US:-0}" == 1 ]]; then
        sudo umount "$MOUNT_POINT" && log "unmounted $MOUNT_POINT"
    fi
}

track_for() {
    local title="$1"
    find "$TRACK_DIR" -maxdepth 2 -type f -iname "${title}.wav" -print -quit
}

DEV="$(find_stick)"
[[ -n "$DEV" ]] || { log "no removable stick labelled $LABEL"; exit 1; }
mount_stick "$DEV"
trap cleanup EXIT

DEST="$MOUNT_POINT/TRACKS"
mkdir -p "$DEST"
find "$DEST" -maxdepth 1 -type f -name '[0-9][0-9][0-9]_*.wav' -delete

n=0
missing=0
while IFS= read -r title || [[ -n "$title" ]]; do
    title="${title%%#*}"
    title="$(echo "$title" | sed 's/^[[:space:]]*//; s/[[:space:]]*$//')"
    [[ -z "$title" ]] && continue
    src="$(track_for "$title")"
    if [[ -z "$src" ]]; then
        log "MISSING: $title"
        missing=$((missing + 1))
        continue
    fi
    n=$((n + 1))
    stick_name="$(printf '%03d_%s.wav' "$n" "$(echo "$title" | tr -cd '[:alnum:] _-' | tr ' ' '_' | cut -c1-40)")"
    cp --no-preserve=mode,ownership "$src" "$DEST/$stick_name"
    log "copied $stick_name"
done < "$SETLIST"

free="$(df -h --output=avail "$MOUNT_POINT" | tail -n1 | tr -d ' ')"
log "$n tracks on stick, $missing missing, $free free"
(( missing == 0 )) || exit 2
