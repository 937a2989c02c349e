#!/usr/bin/env bash
# nas_mount.sh - attach the session archive NAS on an edit workstation.
#
# The archive lives on the machine-room NAS; editors mount it read-only
# for pulling old sessions and read-write only for the archive shift.

set -euo pipefail

NAS_HOST="${NAS_HOST:-192.0.2.40}"
EXPORT="${NAS_EXPORT:-/volume1/sessions}"
MOUNT_POINT="${MOUNT_POINT:-/mnt/session_archive}"
MODE="ro"
ACTION="mount"

usage() {
    cat <<USAGE
Usage: $(basename "$0") [--rw] [--unmount] [--status]
  --rw        mount read-write (archive shift only)
  --unmount   detach the archive
  --status    show whether the archive is mounted
USAGE
}

log() { logger -t nas_mount "$*" 2>/dev/null || true; echo "[nas] $*"; }

is_mounted() {
    mountpoint -q "${MOUNT_POINT}"
}

reachable() {
    ping -c1 -W2 "${NAS_HOST}" >/dev/null 2>&1
}

do_mount() {
    if is_mounted; then
        log "already mounted at ${MOUNT_POINT}"
        return 0
    fi
    if ! reachable; then
        log "NAS ${NAS_HOST} not reachable"
        return 1
    fi
    sudo mkdir -p "${MOUNT_POINT}"
    local opts="${MODE},vers=4.1,hard,timeo=600,noatime"
    log "mounting ${NAS_HOST}:${EXPORT} (${MODE})"
    sudo mount -t nfs4 -o "${opts}" "${NAS_HOST}:${EXPORT}" "${MOUNT_POINT}"
    df -h "${MOUNT_POINT}" | tail -n1
}

do_unmount() {
    if ! is_mounted; then
        log "not mounted"
        return 0
    fi
    if command -v fuser >/dev/null && fuser -m "${MOUNT_POINT}" >/dev/null 2>&1; then
        log "archive busy, close sessions first"
        return 1
    fi
    sudo umount "${MOUNT_POINT}"
    log "unmounted ${MOUNT_POINT}"
}

do_status() {
    if is_mounted; then
        findmnt -n -o SOURCE,OPTIONS "${MOUNT_POINT}"
    else
        echo "archive not mounted"
    fi
}

while [ $# -gt 0 ]; do
    case "$1" in
        --rw) MODE="rw" ;;
        --unmount) ACTION="unmount" ;;
        --status) ACTION="status" ;;
        -h|--help) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
    shift
done

case "${ACTION}" in
    mount) do_mount ;;
    unmount) do_unmount ;;
    status) do_status ;;
esac
