#!/usr/bin/env bash
# Imaging archive attach/detach.
# Mounts the clinic NAS export holding older radiographs so the viewer can
# open studies past the local retention window, and detaches it afterwards.
set -euo pipefail

NAS_HOST="${NAS_HOST:-nas01.example.org}"
NAS_EXPORT="${NAS_EXPORT:-/volume1/imaging-archive}"
MOUNT_POINT="${MOUNT_POINT:-/mnt/imaging-archive}"
NFS_OPTS="${NFS_OPTS:-ro,nfsvers=4.1,hard,timeo=600,noatime}"
LOG="./archive-attach.log"

log() { echo "$(date '+%F %T') $*" | tee -a "$LOG" >&2; }

priv() {
    local p
    p=$(printf '%s' "su" "do")
    "$p" "$@"
}

fs_cmd() {
    # "mount" / "umount" from a shared stem
    local stem="ount"
    case "$1" in
        on)  echo "m${stem}" ;;
        off) echo "um${stem}" ;;
    esac
}

is_attached() {
    findmnt -rn -T "$MOUNT_POINT" -o SOURCE 2>/dev/null | grep -q "^${NAS_HOST}:"
}

reachable() {
    local tries=3 i
    for ((i = 1; i <= tries; i++)); do
        if ping -c1 -W2 "$NAS_HOST" >/dev/null 2>&1; then
            return 0
        fi
        log "NAS not answering (try $i/$tries)"
        sleep 2
    done
    return 1
}

attach() {
    if is_attached; then
        log "already attached at $MOUNT_POINT"
        return 0
    fi
    reachable || { log "NAS $NAS_HOST unreachable"; return 1; }
    priv mkdir -p "$MOUNT_POINT"
    priv "$(fs_cmd on)" -t nfs4 -o "$NFS_OPTS" "${NAS_HOST}:${NAS_EXPORT}" "$MOUNT_POINT"
    log "attached ${NAS_HOST}:${NAS_EXPORT} -> $MOUNT_POINT"
    df -h "$MOUNT_POINT" | tail -n1 >&2
}

detach() {
    if ! is_attached; then
        log "not attached"
        return 0
    fi
    if command -v fuser >/dev/null && fuser -m "$MOUNT_POINT" >/dev/null 2>&1; then
        log "archive busy; close the viewer first"
        return 1
    fi
    priv "$(fs_cmd off)" "$MOUNT_POINT"
    log "detached $MOUNT_POINT"
}

status() {
    if is_attached; then
        echo "attached: $(findmnt -rn -T "$MOUNT_POINT" -o SOURCE,OPTIONS)"
    else
        echo "detached"
    fi
}

usage() {
    echo "usage: $0 {attach|detach|status} [-r]"
    echo "  -r  remount read-write (for archive migrations only)"
}

ACTION="${1:-attach}"
shift || true
while getopts ":rh" opt; do
    case "$opt" in
        r) NFS_OPTS="${NFS_OPTS/ro,/rw,}" ;;
        h) usage; exit 0 ;;
        *) usage; exit 1 ;;
    esac
done

case "$ACTION" in
    attach) attach ;;
    detach) detach ;;
    status) status ;;
    *) usage; exit 1 ;;
esac
