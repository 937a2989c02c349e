#!/usr/bin/env bash
# track_archive_mount.sh
#
# Copies yesterday's GPS track files from the gateway's working directory
# to the council's archive share.  The share is mounted only for the copy
# and unmounted afterwards so that a flaky NAS never hangs the gateway.
#
# Usage: track_archive_mount.sh [--date YYYY-MM-DD] [--keep-mounted]

set -euo pipefail

NAS_EXPORT="nas.depot.example.net:/export/gps-archive"
MOUNT_POINT="/mnt/gps-archive"
TRACK_DIR="./tracks"
DAY="$(date -d yesterday +%F)"
KEEP_MOUNTED=0
LOG="./archive-copy.log"

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG" >&2; }

parse_args() {
    while [[ $# -gt 0 ]]; do
        case "$1" in
            --date) DAY="$2"; shift 2 ;;
            --keep-mounted) KEEP_MOUNTED=1; shift ;;
            *) log "unknown option $1"; exit 2 ;;
        esac
    done
    if ! [[ "$DAY" =~ ^[0-9]{4}-[0-9]{2}-[0-9]{2}$ ]]; then
        log "bad date $DAY"; exit 2
    fi
}

mount_share() {
    if mountpoint -q "$MOUNT_POINT"; then
        log "$MOUNT_POINT already mounted"
        return 0
    fi
    sudo mkdir -p "$MOUNT_POINT"
    local attempt
    for attempt in 1 2 3; do
        if sudo mount -t nfs -o rw,soft,timeo=50,retrans=2,vers=4.1 "$NAS_EXPORT" "$MOUNT_POINT"; then
            log "mounted $NAS_EXPORT"
            return 0
        fi
        log "mount attempt $attempt failed"
        sleep $((attempt * 5))
    done
    return 1
}

unmount_share() {
    (( KEEP_MOUNTED == 1 )) && { log "leaving share mounted"; return; }
    if mountpoint -q "$MOUNT_POINT"; then
        sudo umount "$MOUNT_POINT" && log "unmounted $MOUNT_POINT"
    fi
}

copy_tracks() {
    local dest="$MOUNT_POINT/$(hostname -s)/$DAY"
    local files=("$TRACK_DIR"/*"$DAY"*.gpx)
    if [[ ! -e "${files[0]}" ]]; then
        log "no track files for $DAY in $TRACK_DIR"
        return 0
    fi
    mkdir -p "$dest"
    local f copied=0
    for f in "${files[@]}"; do
        cp -p "$f" "$dest/"
        if cmp -s "$f" "$dest/$(basename "$f")"; then
            copied=$((copied + 1))
        else
            log "verify failed for $f"
            return 1
        fi
    done
    log "copied $copied track file(s) for $DAY to $dest"
}

main() {
    parse_args "$@"
    trap unmount_share EXIT
    if ! mount_share; then
        log "archive share unavailable; will retry tomorrow"
        exit 1
    fi
    copy_tracks
}

main "$@"
