#!/usr/bin/env bash
# Mount the room's media drive (soundtracks, hint videos) and restart the
# playback service so it picks up the new content.
set -euo pipefail

LABEL="${MEDIA_LABEL:-ROOMMEDIA}"
MOUNTPOINT="/mnt/roommedia"
SERVICE="${PLAYBACK_SERVICE:-room-playback.service}"
UNMOUNT=0

log() { echo "[media-mount] $*" >&2; }

usage() {
    echo "usage: $0 [-l label] [-m mountpoint] [-s service] [-u]" >&2
    exit 1
}

while getopts ":l:m:s:uh" opt; do
    case "$opt" in
        l) LABEL="$OPTARG" ;;
        m) MOUNTPOINT="$OPTARG" ;;
        s) SERVICE="$OPTARG" ;;
        u) UNMOUNT=1 ;;
        *) usage ;;
    esac
done

if (( UNMOUNT )); then
    sudo systemctl stop "$SERVICE" || true
    sudo umount "$MOUNTPOINT" && log "unmounted $MOUNTPOINT"
    exit 0
fi

# Find the partition by label using lsblk JSON output parsed in python
device="$(lsblk -J -o NAME,LABEL,FSTYPE,PATH | LABEL="$LABEL" python3 -c '
import json, os, sys
want = os.environ["LABEL"]
def walk(nodes):
    for n in nodes:
        if n.get("label") == want:
            print(n["path"], n.get("fstype") or "auto")
            return True
        if walk(n.get("children", [])):
            return True
    return False
sys.exit(0 if walk(json.load(sys.stdin)["blockdevices"]) else 1)
')" || { log "no partition labelled $LABEL found"; exit 2; }

read -r dev fstype <<<"$device"
log "found $dev ($fstype)"

if mountpoint -q "$MOUNTPOINT"; then
    log "$MOUNTPOINT already mounted"
else
    sudo mkdir -p "$MOUNTPOINT"
    opts="ro,nosuid,nodev"
    [[ "$fstype" == "vfat" || "$fstype" == "exfat" ]] && opts="$opts,uid=$(id -u),gid=$(id -g)"
    sudo mount -t "$fstype" -o "$opts" "$dev" "$MOUNTPOINT"
    log "mounted $dev on $MOUNTPOINT"
fi

count="$(find "$MOUNTPOINT" -type f \( -name '*.mp3' -o -name '*.wav' -o -name '*.mp4' \) | wc -l)"
log "$count media files available"

if systemctl list-unit-files "$SERVICE" >/dev/null 2>&1; then
    sudo systemctl restart "$SERVICE"
    systemctl --no-pager --lines=0 status "$SERVICE" || true
else
    log "service $SERVICE not installed, skipping restart"
fi
