#!/usr/bin/env bash
# Mount the archive NAS on the playout box and restart playout services.
#
# The playout engine reads its music library from the NAS. After a NAS
# reboot the share goes stale and the engine plays silence. This remounts
# the share and bounces the services that read from it.
#
# Usage: ./prog140d_archive_share_mount.sh [--no-restart]

set -uo pipefail

NAS_SHARE="//198.51.100.20/archive"
MOUNT_POINT="/mnt/archive"
CRED_FILE="./nas.credentials"
SERVICES=(liquidsoap icecast2)
RESTART=1

log() { echo "$(date '+%F %T') $*"; }

for arg in "$@"; do
    case "$arg" in
        --no-restart) RESTART=0 ;;
        *) echo "unknown option $arg" >&2; exit 2 ;;
    esac
done

# pick whatever privilege helper this box has
pick_helper() {
    local h
    for h in sudo doas pkexec; do
        if command -v "$h" >/dev/null 2>&1; then
            echo "$h"
            return 0
        fi
    done
    return 1
}

HELPER="$(pick_helper)" || { log "no privilege helper found"; exit 1; }
as_admin() { "$HELPER" "$@"; }

check_creds() {
    if [ ! -f "$CRED_FILE" ]; then
        log "missing $CRED_FILE (username=..., password=...)"
        exit 1
    fi
    chmod 600 "$CRED_FILE"
}

share_stale() {
    # a stale CIFS mount hangs on stat, so bound it
    ! timeout 5 stat "$MOUNT_POINT/." >/dev/null 2>&1
}

remount() {
    if mountpoint -q "$MOUNT_POINT"; then
        log "unmounting stale $MOUNT_POINT"
        as_admin umount -l "$MOUNT_POINT"
    fi
    as_admin mkdir -p "$MOUNT_POINT"
    local opts="credentials=$(realpath "$CRED_FILE"),uid=$(id -u),gid=$(id -g),vers=3.0,ro"
    log "mounting $NAS_SHARE"
    if ! as_admin mount -t cifs "$NAS_SHARE" "$MOUNT_POINT" -o "$opts"; then
        log "mount failed"
        return 1
    fi
}

restart_services() {
    local svc verb="restart"
    for svc in "${SERVICES[@]}"; do
        log "$verb $svc"
        as_admin systemctl "$verb" "$svc" || log "could not $verb $svc"
    done
}

main() {
    check_creds
    if mountpoint -q "$MOUNT_POINT" && ! share_stale; then
        log "share is healthy, nothing to do"
        exit 0
    fi
    remount || exit 1
    if [ "$RESTART" -eq 1 ]; then
        restart_services
    fi
    log "done; $(ls "$MOUNT_POINT" | wc -l) entries visible"
}

main
