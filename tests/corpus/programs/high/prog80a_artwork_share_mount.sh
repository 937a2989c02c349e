#!/usr/bin/env bash
# artwork_share_mount.sh - attach the label-artwork share on the bottling-line PC
#
# Marketing keeps approved front/back label artwork and the per-SKU ZPL
# templates on the design NAS. The label station reads them from
# /mnt/label-artwork. This mounts the NFS export read-only, checks that the
# current vintage folder is there, and optionally unmounts it again.
#
#   ./artwork_share_mount.sh [mount|umount|status] [-s server:/export] [-v vintage]

set -euo pipefail

SERVER_EXPORT="${ARTWORK_EXPORT:-design-nas.winery.lan:/volume1/label-artwork}"
MOUNTPOINT="${ARTWORK_MOUNT:-/mnt/label-artwork}"
VINTAGE="$(date +%Y)"
OPTS="ro,vers=4.1,soft,timeo=50,retrans=3,noexec,nosuid"
CMD="${1:-mount}"
[[ $# -gt 0 ]] && shift

while getopts ":s:v:" opt; do
    case "$opt" in
        s) SERVER_EXPORT="$OPTARG" ;;
        v) VINTAGE="$OPTARG" ;;
        *) echo "usage: $0 [mount|umount|status] [-s server:/export] [-v vintage]" >&2; exit 2 ;;
    esac
done

log() { logger -t artwork-mount -- "$*" 2>/dev/null || true; echo "$*"; }

is_mounted() { findmnt -rn -M "$MOUNTPOINT" >/dev/null 2>&1; }

wait_for_server() {
    local host="${SERVER_EXPORT%%:*}" i
    for i in 1 2 3 4 5; do
        if showmount -e "$host" >/dev/null 2>&1; then
            return 0
        fi
        log "NAS $host not answering (try $i/5)"
        sleep $((i * 2))
    done
    return 1
}

do_mount() {
    if is_mounted; then
        log "$MOUNTPOINT already mounted"
    else
        wait_for_server || { log "giving up: NAS unreachable"; exit 1; }
        sudo mkdir -p "$MOUNTPOINT"
        sudo mount -t nfs4 -o "$OPTS" "$SERVER_EXPORT" "$MOUNTPOINT"
        log "mounted $SERVER_EXPORT on $MOUNTPOINT"
    fi
    if [[ ! -d "$MOUNTPOINT/$VINTAGE" ]]; then
        log "warning: no artwork folder for vintage $VINTAGE"
    else
        log "$(find "$MOUNTPOINT/$VINTAGE" -name '*.zpl' | wc -l) templates for $VINTAGE"
    fi
}

do_umount() {
    if is_mounted; then
        sudo umount "$MOUNTPOINT" || sudo umount -l "$MOUNTPOINT"
        log "unmounted $MOUNTPOINT"
    else
        log "$MOUNTPOINT not mounted"
    fi
}

case "$CMD" in
    mount)  do_mount ;;
    umount) do_umount ;;
    status) is_mounted && findmnt -M "$MOUNTPOINT" || echo "not mounted" ;;
    *) echo "unknown command: $CMD" >&2; exit 2 ;;
esac
