#!/usr/bin/env bash
# mount_score_archive.sh
#
# Mounts the orchestra's long-term score archive (NFS export on the library
# NAS) on the librarian workstation so historic parts and marked sets can
# be pulled for an upcoming programme. Also offers an unmount mode for the
# end of the day.
#
# Usage: mount_score_archive.sh [mount|umount|status] [-m mountpoint] [-r]

set -euo pipefail

NAS="192.0.2.40"
EXPORT="/export/score_archive"
MOUNTPOINT="/mnt/score_archive"
READ_ONLY=0
ACTION="${1:-status}"
[ $# -gt 0 ] && shift

log() { echo "[$(date '+%H:%M:%S')] $*"; }

while getopts ":m:rh" opt; do
    case "$opt" in
        m) MOUNTPOINT="$OPTARG" ;;
        r) READ_ONLY=1 ;;
        *) sed -n '2,10p' "$0"; exit 1 ;;
    esac
done

is_mounted() {
    mountpoint -q "$MOUNTPOINT" 2>/dev/null
}

nas_reachable() {
    if ping -c 1 -W 2 "$NAS" >/dev/null 2>&1; then
        return 0
    fi
    log "NAS $NAS is not answering; is the library switch on?"
    return 1
}

do_mount() {
    if is_mounted; then
        log "archive already mounted at $MOUNTPOINT"
        return 0
    fi
    nas_reachable || exit 2
    local opts="vers=4,soft,timeo=50"
    [ "$READ_ONLY" -eq 1 ] && opts="$opts,ro"
    [ -d "$MOUNTPOINT" ] || sudo mkdir -p "$MOUNTPOINT"
    log "mounting ${NAS}:${EXPORT} on $MOUNTPOINT ($opts)"
    sudo mount -t nfs -o "$opts" "${NAS}:${EXPORT}" "$MOUNTPOINT"
    log "mounted; $(find "$MOUNTPOINT" -maxdepth 1 -type d | wc -l) top-level folder(s) visible"
}

do_umount() {
    if ! is_mounted; then
        log "archive not mounted"
        return 0
    fi
    if command -v fuser >/dev/null 2>&1 && fuser -m "$MOUNTPOINT" >/dev/null 2>&1; then
        log "archive still in use; close open parts first"
        exit 3
    fi
    sudo umount "$MOUNTPOINT"
    log "archive unmounted"
}

status() {
    if is_mounted; then
        log "mounted at $MOUNTPOINT"
        df -h "$MOUNTPOINT" | tail -n 1
    else
        log "not mounted"
    fi
}

case "$ACTION" in
    mount) do_mount ;;
    umount|unmount) do_umount ;;
    status) status ;;
    *) log "unknown action $ACTION"; exit 1 ;;
esac
