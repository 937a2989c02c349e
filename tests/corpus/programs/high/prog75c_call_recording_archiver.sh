#!/usr/bin/env bash
# call_recording_archiver.sh - move contact-centre call recordings older than
# RETAIN_DAYS from the PBX spool into the long-term archive share, grouped by
# month, with a sha256 manifest per month for the compliance team.
#
# Config: ./archiver.env (optional) may set SPOOL_DIR, ARCHIVE_EXPORT,
#         ARCHIVE_MOUNT, RETAIN_DAYS.
# Usage:  call_recording_archiver.sh [-n] [-v]

set -euo pipefail

[[ -f ./archiver.env ]] && . ./archiver.env

SPOOL_DIR="${SPOOL_DIR:-$HOME/pbx/recordings}"
ARCHIVE_EXPORT="${ARCHIVE_EXPORT:-nas01.cc.internal:/export/call-archive}"
ARCHIVE_MOUNT="${ARCHIVE_MOUNT:-/mnt/call-archive}"
RETAIN_DAYS="${RETAIN_DAYS:-30}"
BATCH_LIST="/tmp/callrec_archive.lst"
DRY_RUN=0
VERBOSE=0
MOUNTED_BY_US=0

log()  { logger -t callrec-archiver -- "$*" 2>/dev/null || true; echo "$(date '+%F %T') $*"; }
vlog() { (( VERBOSE )) && log "$@" || true; }

while getopts "nvh" o; do
    case "$o" in
        n) DRY_RUN=1 ;;
        v) VERBOSE=1 ;;
        h) sed -n '2,9p' "$0"; exit 0 ;;
        *) exit 2 ;;
    esac
done

attach_archive() {
    if mountpoint -q "$ARCHIVE_MOUNT"; then
        vlog "archive already mounted at $ARCHIVE_MOUNT"
        return
    fi
    log "mounting $ARCHIVE_EXPORT on $ARCHIVE_MOUNT"
    sudo mkdir -p "$ARCHIVE_MOUNT"
    sudo mount -t nfs -o rw,hard,noatime,vers=4.1 "$ARCHIVE_EXPORT" "$ARCHIVE_MOUNT"
    MOUNTED_BY_US=1
}

detach_archive() {
    if (( MOUNTED_BY_US )); then
        sync
        sudo umount "$ARCHIVE_MOUNT" && log "unmounted $ARCHIVE_MOUNT"
    fi
}
trap detach_archive EXIT

collect_batch() {
    find "$SPOOL_DIR" -type f \( -name '*.wav' -o -name '*.mp3' -o -name '*.opus' \) \
        -mtime +"$RETAIN_DAYS" -printf '%TY-%Tm\t%p\n' | sort > "$BATCH_LIST"
    wc -l < "$BATCH_LIST"
}

archive_batch() {
    local month src dest moved=0
    while IFS=$'\t' read -r month src; do
        dest="$ARCHIVE_MOUNT/$month"
        if (( DRY_RUN )); then
            echo "would move $src -> $dest/"
            continue
        fi
        mkdir -p "$dest"
        ( cd "$(dirname "$src")" && sha256sum "$(basename "$src")" ) >> "$dest/MANIFEST.sha256"
        cp --preserve=timestamps -- "$src" "$dest/"
        if cmp -s -- "$src" "$dest/$(basename "$src")"; then
            rm -f -- "$src"
            moved=$((moved + 1))
        else
            log "copy mismatch for $src, leaving original in place"
        fi
    done < "$BATCH_LIST"
    log "archived $moved recordings"
}

[[ -d "$SPOOL_DIR" ]] || { log "spool dir $SPOOL_DIR missing"; exit 1; }

count=$(collect_batch)
if (( count == 0 )); then
    log "nothing older than $RETAIN_DAYS days in $SPOOL_DIR"
    exit 0
fi
log "$count recordings older than $RETAIN_DAYS days queued"

attach_archive
archive_batch
rm -f "$BATCH_LIST"
