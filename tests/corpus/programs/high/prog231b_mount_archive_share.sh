#!/usr/bin/env bash
# mount_archive_share.sh
#
# Mounts (or unmounts) the department's NFS data archive on an analysis
# workstation so that processed spectra can be opened directly.  The archive
# is mounted read-only by default; group leads may request read-write.
#
# Usage: ./mount_archive_share.sh [mount|umount|status] [-w] [-m MOUNTPOINT]

set -euo pipefail

SERVER="nfs.archive.example.org"
EXPORT="/export/chem-archive"
MOUNTPOINT="/mnt/chem_archive"
OPTIONS="ro,nosuid,nodev,noexec,vers=4.1,soft,timeo=100"
ACTION="mount"
LOG="./archive_mount.log"

log() { echo "$(date '+%F %T') [archive-mount] $*" | tee -a "$LOG" >&2; }

if [ $# -gt 0 ]; then
    case "$1" in
        mount|umount|status) ACTION="$1"; shift ;;
    esac
fi

while getopts ":wm:h" opt; do
    case "$opt" in
        w) OPTIONS="${OPTIONS/ro,/rw,}" ;;
        m) MOUNTPOINT="$OPTARG" ;;
        h|*) sed -n '2,9p' "$0"; exit 0 ;;
    esac
done

is_mounted() {
    findmnt -rn -T "$MOUNTPOINT" -t nfs4,nfs >/dev/null 2>&1
}

server_reachable() {
    if ! getent hosts "$SERVER" >/dev/null; then
        log "cannot resolve $SERVER"
        return 1
    fi
    if command -v showmount >/dev/null 2>&1; then
        showmount -e "$SERVER" 2>/dev/null | grep -q "^${EXPORT}" || {
            log "export $EXPORT not offered by $SERVER"
            return 1
        }
    fi
}

do_mount() {
    if is_mounted; then
        log "$MOUNTPOINT already mounted"
        return 0
    fi
    server_reachable || return 1
    if [ ! -d "$MOUNTPOINT" ]; then
        sudo mkdir -p "$MOUNTPOINT"
        log "created $MOUNTPOINT"
    fi
    if sudo mount -t nfs4 -o "$OPTIONS" "${SERVER}:${EXPORT}" "$MOUNTPOINT"; then
        log "mounted ${SERVER}:${EXPORT} on $MOUNTPOINT ($OPTIONS)"
    else
        log "mount failed"
        return 1
    fi
}

do_umount() {
    if ! is_mounted; then
        log "$MOUNTPOINT is not mounted"
        return 0
    fi
    if sudo umount "$MOUNTPOINT"; then
        log "unmounted $MOUNTPOINT"
    else
        log "umount failed; files may be open (try: lsof +D $MOUNTPOINT)"
        return 1
    fi
}

do_status() {
    if is_mounted; then
        findmnt -T "$MOUNTPOINT"
        df -h "$MOUNTPOINT" | tail -n 1
    else
        echo "archive not mounted at $MOUNTPOINT"
    fi
}

case "$ACTION" in
    mount)  do_mount ;;
    umount) do_umount ;;
    status) do_status ;;
esac
