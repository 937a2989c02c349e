#!/usr/bin/env bash
# Photo NAS sync
#
# Copies packed job photo archives (archive/*.tar.gz from the photo archiver)
# to the office NAS so they are included in the nightly offsite backup.
# The NAS share is mounted just for the copy and unmounted again afterwards.
#
# Config: nas_sync.conf in the working directory, e.g.
#   NAS_SHARE=//nas.office.lan/jobphotos
#   NAS_CREDS=$HOME/.config/nas/jobphotos.cred
#   MOUNT_POINT=/mnt/jobphotos
#   YEAR_FOLDERS=1

set -Eeuo pipefail

CONF="${NAS_SYNC_CONF:-nas_sync.conf}"
NAS_SHARE="//nas.office.lan/jobphotos"
NAS_CREDS="$HOME/.config/nas/jobphotos.cred"
MOUNT_POINT="/mnt/jobphotos"
YEAR_FOLDERS=1
SRC="archive"
LOG="nas_sync.log"

# shellcheck disable=SC1090
[[ -f "$CONF" ]] && source "$CONF"

log() { printf '%s [%s] %s\n' "$(date '+%F %T')" "$$" "$*" | tee -a "$LOG"; }

MOUNTED_HERE=0
cleanup() {
    if (( MOUNTED_HERE )); then
        sync
        sudo umount "$MOUNT_POINT" && log "unmounted $MOUNT_POINT" \
            || log "WARNING: could not unmount $MOUNT_POINT"
    fi
}
trap cleanup EXIT
trap 'log "failed at line $LINENO"' ERR

shopt -s nullglob
files=("$SRC"/*.tar.gz)
if (( ${#files[@]} == 0 )); then
    log "no archives to send"
    exit 0
fi

[[ -r "$NAS_CREDS" ]] || { log "credentials file $NAS_CREDS missing"; exit 1; }

if ! mountpoint -q "$MOUNT_POINT"; then
    sudo mkdir -p "$MOUNT_POINT"
    attempt=0
    until sudo mount -t cifs "$NAS_SHARE" "$MOUNT_POINT" \
            -o "credentials=$NAS_CREDS,uid=$(id -u),gid=$(id -g),vers=3.0,file_mode=0640,dir_mode=0750"; do
        attempt=$((attempt + 1))
        if (( attempt >= 3 )); then
            log "could not mount $NAS_SHARE"
            exit 1
        fi
        log "mount failed, retrying in $((attempt * 10))s"
        sleep $((attempt * 10))
    done
    MOUNTED_HERE=1
    log "mounted $NAS_SHARE on $MOUNT_POINT"
fi

sent=0
for f in "${files[@]}"; do
    name="$(basename "$f")"
    dest="$MOUNT_POINT"
    if (( YEAR_FOLDERS )); then
        dest="$MOUNT_POINT/$(date -r "$f" +%Y)"
        mkdir -p "$dest"
    fi
    if [[ -e "$dest/$name" ]] && cmp -s "$f" "$dest/$name"; then
        log "$name already on NAS"
    else
        rsync -t --partial --inplace "$f" "$dest/" 
        log "sent $name ($(du -h "$f" | cut -f1))"
        sent=$((sent + 1))
    fi
    mkdir -p "$SRC/sent"
    mv "$f" "$SRC/sent/"
done

df -h "$MOUNT_POINT" | tail -1 | awk '{print "NAS free: "$4" of "$2}' | tee -a "$LOG"
log "done, $sent new archive(s) copied"
