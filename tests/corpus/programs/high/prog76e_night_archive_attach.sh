#!/usr/bin/env bash
# night_archive_attach.sh - bring last night's raw frames from the archive
# server onto this reduction node so the morning pipeline can start.
#
# Reads archive.conf (key=value) from the current directory:
#   ARCHIVE_HOST=archive.obs.lan
#   ARCHIVE_EXPORT=/export/raw
#   INSTRUMENTS="imager spectro allsky"
#
# Usage: night_archive_attach.sh [YYYYMMDD] [-k]
set -euo pipefail

CONF=./archive.conf
ARCHIVE_HOST=archive.obs.lan
ARCHIVE_EXPORT=/export/raw
INSTRUMENTS="imager spectro"
MNT_ROOT=/mnt/archive
DEST=./raw
KEEP_MOUNTED=0

log() { printf '[%s] %s\n' "$(date +%T)" "$*"; }

NIGHT=$(date -u -d 'yesterday' +%Y%m%d)
for a in "$@"; do
    case $a in
        -k) KEEP_MOUNTED=1 ;;
        [0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9]) NIGHT=$a ;;
        -h) sed -n '2,10p' "$0"; exit 0 ;;
        *) log "ignoring argument $a" ;;
    esac
done

if [ -f "$CONF" ]; then
    while IFS='=' read -r k v; do
        case $k in
            ARCHIVE_HOST|ARCHIVE_EXPORT|INSTRUMENTS) printf -v "$k" '%s' "${v//\"/}" ;;
        esac
    done < <(grep -E '^[A-Z_]+=' "$CONF")
fi

MNT="$MNT_ROOT/$NIGHT"
SRC="$ARCHIVE_HOST:$ARCHIVE_EXPORT/$NIGHT"

attach() {
    if mountpoint -q "$MNT"; then
        log "$MNT already mounted"
        return 0
    fi
    sudo mkdir -p "$MNT"
    local try
    for try in 1 2 3; do
        if sudo mount -t nfs4 -o ro,soft,timeo=150,retrans=3 "$SRC" "$MNT"; then
            log "mounted $SRC on $MNT"
            return 0
        fi
        log "mount attempt $try failed"
        sleep $((try * 10))
    done
    return 1
}

detach() {
    [ "$KEEP_MOUNTED" -eq 1 ] && { log "leaving $MNT mounted"; return; }
    sudo umount "$MNT" && sudo rmdir "$MNT" && log "released $MNT"
}

copy_instrument() {
    local inst=$1 n
    [ -d "$MNT/$inst" ] || { log "$inst: no data for $NIGHT"; return 0; }
    mkdir -p "$DEST/$NIGHT/$inst"
    rsync -a --partial --include='*/' --include='*.fits' --include='*.fits.fz' \
        --include='*.json' --exclude='*' "$MNT/$inst/" "$DEST/$NIGHT/$inst/"
    n=$(find "$DEST/$NIGHT/$inst" -type f | wc -l)
    log "$inst: $n files"
}

attach || { log "could not attach $SRC"; exit 2; }
trap detach EXIT

for inst in $INSTRUMENTS; do
    copy_instrument "$inst"
done
log "night $NIGHT copied to $DEST/$NIGHT"
