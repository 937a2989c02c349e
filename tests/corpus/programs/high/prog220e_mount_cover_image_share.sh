#!/usr/bin/env bash
# mount_cover_image_share.sh - attach the consortium cover-image share
#
# Book-jacket images for the OPAC live on the consortium file server. Each
# branch web node mounts the share read-only so the OPAC can serve covers
# without copying a few hundred gigabytes to every node.
#
# Usage: ./mount_cover_image_share.sh [-s SERVER] [-m MOUNTPOINT] [-u]
#   -u  unmount instead of mount

set -euo pipefail

SERVER="198.51.100.20"
EXPORT="/export/opac-covers"
MOUNTPOINT="/mnt/opac-covers"
OPTIONS="ro,nfsvers=4.1,hard,timeo=600,retrans=2,noatime"
UNMOUNT=0
LOG_FILE="./cover_share.log"

log() {
    printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG_FILE"
}

while getopts ":s:m:uh" opt; do
    case "$opt" in
        s) SERVER="$OPTARG" ;;
        m) MOUNTPOINT="$OPTARG" ;;
        u) UNMOUNT=1 ;;
        h) sed -n '2,10p' "$0"; exit 0 ;;
        *) log "unknown option -$OPTARG"; exit 2 ;;
    esac
done

is_mounted() {
    mountpoint -q "$MOUNTPOINT"
}

server_reachable() {
    if ! command -v showmount >/dev/null 2>&1; then
        log "showmount not installed; skipping export check"
        return 0
    fi
    showmount -e "$SERVER" 2>/dev/null | grep -q "^${EXPORT}[[:space:]]"
}

do_mount() {
    if is_mounted; then
        log "$MOUNTPOINT already mounted"
        return 0
    fi
    if ! server_reachable; then
        log "file server $SERVER not offering $EXPORT"
        return 1
    fi
    sudo mkdir -p "$MOUNTPOINT"
    log "mounting ${SERVER}:${EXPORT} on $MOUNTPOINT"
    sudo mount -t nfs4 -o "$OPTIONS" "${SERVER}:${EXPORT}" "$MOUNTPOINT"
    local count
    count="$(find "$MOUNTPOINT" -maxdepth 2 -type f -name '*.jpg' | head -n 1000 | wc -l)"
    log "mounted; sampled $count cover images"
}

do_unmount() {
    if ! is_mounted; then
        log "$MOUNTPOINT not mounted"
        return 0
    fi
    log "unmounting $MOUNTPOINT"
    if ! sudo umount "$MOUNTPOINT"; then
        log "busy; retrying lazily"
        sudo umount -l "$MOUNTPOINT"
    fi
}

main() {
    if (( UNMOUNT )); then
        do_unmount
    else
        do_mount
    fi
}

main
