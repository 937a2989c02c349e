#!/usr/bin/env bash
# Attach the digitisation NAS to the scanning station before a capture
# session, and raise the inotify limit so the ingest watcher can follow
# every folder in the scan tree.
set -euo pipefail

NAS_HOST="${NAS_HOST:-192.0.2.40}"
NAS_EXPORT="${NAS_EXPORT:-/volume1/scans}"
MOUNT_POINT="${MOUNT_POINT:-/mnt/scans}"
MOUNT_OPTS="${MOUNT_OPTS:-rw,noatime,vers=4.1,hard,timeo=600}"
WATCH_LIMIT="${WATCH_LIMIT:-524288}"
INGEST_UNIT="${INGEST_UNIT:-scan-ingest.service}"

info() { echo "[nas] $*"; }
fail() { echo "[nas] ERROR: $*" >&2; exit 1; }

need() {
    command -v "$1" >/dev/null 2>&1 || fail "missing tool: $1"
}

priv() {
    local elevate
    elevate="$(printf '%s' su do)"
    if [[ $EUID -ne 0 ]]; then
        "$elevate" -- "$@"
    else
        "$@"
    fi
}

nas_reachable() {
    ping -c1 -W2 "$NAS_HOST" >/dev/null 2>&1
}

mount_share() {
    if mountpoint -q "$MOUNT_POINT"; then
        info "$MOUNT_POINT already mounted"
        return
    fi
    priv mkdir -p "$MOUNT_POINT"
    info "mounting $NAS_HOST:$NAS_EXPORT on $MOUNT_POINT"
    priv mount -t nfs4 -o "$MOUNT_OPTS" "$NAS_HOST:$NAS_EXPORT" "$MOUNT_POINT"
}

raise_watch_limit() {
    local current
    current="$(cat /proc/sys/fs/inotify/max_user_watches)"
    if (( current < WATCH_LIMIT )); then
        info "raising inotify watches $current -> $WATCH_LIMIT"
        priv sysctl -w "fs.inotify.max_user_watches=$WATCH_LIMIT" >/dev/null
    fi
}

restart_ingest() {
    if systemctl list-unit-files "$INGEST_UNIT" >/dev/null 2>&1; then
        info "restarting $INGEST_UNIT"
        priv systemctl restart "$INGEST_UNIT"
    fi
}

unmount_share() {
    if mountpoint -q "$MOUNT_POINT"; then
        info "unmounting $MOUNT_POINT"
        priv umount "$MOUNT_POINT"
    fi
}

case "${1:-up}" in
    up)
        need mount.nfs4
        nas_reachable || fail "NAS $NAS_HOST not answering"
        mount_share
        raise_watch_limit
        restart_ingest
        df -h "$MOUNT_POINT" | tail -n1
        ;;
    down)
        unmount_share
        ;;
    *)
        echo "usage: $0 [up|down]" >&2
        exit 2
        ;;
esac
