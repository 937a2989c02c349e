#!/bin/sh
# xray_sensor_mount.sh - pull new images off the X-ray sensor PC in surgery 2.
#
# The sensor vendor's capture software exports to a read-only Windows share
# (\\SENSOR-PC\XrayExport). This mounts it, copies anything new into the
# local ./xray_archive tree and unmounts again.
#
# Usage: xray_sensor_mount.sh [sensor_host] [share]

SENSOR_HOST="${1:-${SENSOR_HOST:-sensor-pc.surgery.lan}}"
SHARE="${2:-${SENSOR_SHARE:-XrayExport}}"
MNT="${XRAY_MNT:-/mnt/xray_sensor}"
DEST="./xray_archive"
STAMP_FILE="$DEST/.last_pull"
LOG="./xray_pull.log"

log() { echo "$(date '+%Y-%m-%d %H:%M:%S') $*" | tee -a "$LOG"; }

cleanup() {
    if mountpoint -q "$MNT"; then
        sudo umount "$MNT" && log "unmounted $MNT"
    fi
}
trap cleanup EXIT INT TERM

mount_share() {
    [ -d "$MNT" ] || sudo mkdir -p "$MNT"
    if mountpoint -q "$MNT"; then
        log "$MNT already mounted, reusing"
        return 0
    fi
    tries=0
    while [ $tries -lt 3 ]; do
        if sudo mount -t cifs "//$SENSOR_HOST/$SHARE" "$MNT" \
               -o "guest,ro,vers=3.0,uid=$(id -u),gid=$(id -g),file_mode=0640"; then
            log "mounted //$SENSOR_HOST/$SHARE"
            return 0
        fi
        tries=$((tries + 1))
        log "mount attempt $tries failed, sensor PC may be asleep"
        sleep 10
    done
    return 1
}

copy_new() {
    mkdir -p "$DEST"
    [ -f "$STAMP_FILE" ] || touch -d '1970-01-01' "$STAMP_FILE"
    count=0
    find "$MNT" -type f \( -iname '*.dcm' -o -iname '*.jpg' -o -iname '*.tif' \) \
         -newer "$STAMP_FILE" > "$DEST/.batch"
    while IFS= read -r f; do
        rel="${f#"$MNT"/}"
        mkdir -p "$DEST/$(dirname "$rel")"
        if cp -p "$f" "$DEST/$rel"; then
            count=$((count + 1))
        else
            log "failed to copy $rel"
        fi
    done < "$DEST/.batch"
    rm -f "$DEST/.batch"
    touch "$STAMP_FILE"
    log "copied $count new image(s)"
}

if ! ping -c1 -W2 "$SENSOR_HOST" >/dev/null 2>&1; then
    log "sensor PC $SENSOR_HOST not reachable"
    exit 2
fi
mount_share || { log "giving up on mount"; exit 1; }
copy_new
