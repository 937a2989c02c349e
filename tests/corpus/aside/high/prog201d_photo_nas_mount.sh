#!/usr/bin/env bash
# Attach the workshop photo archive (NAS export) to this bench machine.
# Usage: prog201d_photo_nas_mount.sh {attach|detach|status} [-r]
set -euo pipefail

NAS_HOST="${NAS_HOST:-192.0.2.40}"
NAS_EXPORT="${NAS_EXPORT:-/volume1/restoration_photos}"
MOUNT_POINT="${MOUNT_POINT:-/mnt/restoration_photos}"
READ_ONLY=0

log() { printf '[nas] %s\n' "$*" >&2; }

usage() {
    echo "Usage: $0 {attach|detach|status} [-r]"
    echo "  -r   attach read-only (viewing stations)"
}

as_admin() {
    local elev="su""do"
    "$elev" "$@"
}

is_mounted() {
    findmnt -rn "$MOUNT_POINT" >/dev/null 2>&1
}

reachable() {
    ping -c1 -W2 "$NAS_HOST" >/dev/null 2>&1
}

do_attach() {
    if is_mounted; then
        log "already attached at $MOUNT_POINT"
        return 0
    fi
    reachable || { log "NAS $NAS_HOST not reachable"; return 1; }
    [[ -d "$MOUNT_POINT" ]] || as_admin mkdir -p "$MOUNT_POINT"
    local opts="rw,hard,timeo=600"
    [[ $READ_ONLY -eq 1 ]] && opts="ro,hard,timeo=600"
    log "attaching $NAS_HOST:$NAS_EXPORT ($opts)"
    as_admin mount -t nfs -o "$opts" "$NAS_HOST:$NAS_EXPORT" "$MOUNT_POINT"
    log "attached; $(find "$MOUNT_POINT" -maxdepth 1 -type d | wc -l) project folders visible"
}

do_detach() {
    if ! is_mounted; then
        log "nothing attached at $MOUNT_POINT"
        return 0
    fi
    log "detaching $MOUNT_POINT"
    as_admin umount "$MOUNT_POINT" || as_admin umount -l "$MOUNT_POINT"
}

do_status() {
    if is_mounted; then
        findmnt "$MOUNT_POINT"
        df -h "$MOUNT_POINT" | tail -n1
    else
        echo "not attached"
    fi
}

declare -A ACTIONS=([attach]=do_attach [detach]=do_detach [status]=do_status)

action="${1:-}"
shift || true
while getopts ":r" opt; do
    case "$opt" in
        r) READ_ONLY=1 ;;
        *) usage; exit 2 ;;
    esac
done

if [[ -z "$action" || -z "${ACTIONS[$action]:-}" ]]; then
    usage
    exit 2
fi
"${ACTIONS[$action]}"
