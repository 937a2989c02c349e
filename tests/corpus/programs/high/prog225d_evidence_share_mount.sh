#!/usr/bin/env bash
# evidence_share_mount.sh
#
# Mounts the digital evidence NFS export on a courtroom presentation PC so
# the clerk can play admitted exhibits, and unmounts it when the session
# ends. Read-only by default; the records supervisor may mount read-write.
#
# Usage: evidence_share_mount.sh mount|umount|status [-w] [-d courtroom]

set -euo pipefail

NFS_SERVER="198.51.100.20"
EXPORT_BASE="/exports/evidence"
MOUNT_ROOT="/mnt/evidence"
COURTROOM="${COURTROOM:-3A}"
READ_WRITE=0
LOG_FILE="./evidence_mount.log"

log() {
    echo "$(date '+%F %T') [${COURTROOM}] $*" | tee -a "$LOG_FILE"
}

usage() {
    echo "Usage: $0 mount|umount|status [-w] [-d courtroom]"
}

ACTION="${1:-}"
[[ -n "$ACTION" ]] || { usage; exit 2; }
shift
while getopts ":wd:h" opt; do
    case "$opt" in
        w) READ_WRITE=1 ;;
        d) COURTROOM="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

[[ "$COURTROOM" =~ ^[0-9]{1,2}[A-Z]?$ ]] || { echo "bad courtroom id: $COURTROOM" >&2; exit 2; }
TARGET="${MOUNT_ROOT}/${COURTROOM}"
SOURCE="${NFS_SERVER}:${EXPORT_BASE}/${COURTROOM}"

is_mounted() {
    findmnt -rn -T "$TARGET" -S "$SOURCE" >/dev/null 2>&1
}

do_mount() {
    if is_mounted; then
        log "already mounted at ${TARGET}"
        return 0
    fi
    if ! timeout 5 bash -c "exec 3<>/dev/tcp/${NFS_SERVER}/2049" 2>/dev/null; then
        log "ERROR: NFS server ${NFS_SERVER} not reachable on 2049"
        exit 1
    fi
    local opts="ro,nosuid,nodev,noexec,vers=4.1,soft,timeo=100"
    (( READ_WRITE )) && opts="${opts/ro,/rw,}"
    sudo mkdir -p "$TARGET"
    sudo mount -t nfs -o "$opts" "$SOURCE" "$TARGET"
    log "mounted ${SOURCE} at ${TARGET} (${opts})"
}

do_umount() {
    if ! is_mounted; then
        log "nothing mounted at ${TARGET}"
        return 0
    fi
    if ! sudo umount "$TARGET"; then
        log "WARN: busy; retrying lazy unmount"
        sudo umount -l "$TARGET"
    fi
    log "unmounted ${TARGET}"
}

do_status() {
    if is_mounted; then
        findmnt -T "$TARGET"
        df -h "$TARGET" | tail -n1
    else
        echo "evidence share for courtroom ${COURTROOM} is not mounted"
    fi
}

case "$ACTION" in
    mount) do_mount ;;
    umount|unmount) do_umount ;;
    status) do_status ;;
    *) usage; exit 2 ;;
esac
