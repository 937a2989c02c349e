#!/bin/sh
# Mount the tuning lab's recording share and restart the indexer that
# catalogues strike recordings (one WAV per bell per tuning pass).

set -eu

NAS_HOST=${NAS_HOST:-192.0.2.15}
NAS_EXPORT=${NAS_EXPORT:-/volume1/tuning-recordings}
MOUNT_POINT=${MOUNT_POINT:-/mnt/tuning}
MOUNT_OPTS=${MOUNT_OPTS:-ro,vers=4.1,soft,timeo=50}
INDEXER_UNIT=${INDEXER_UNIT:-tuning-indexer.service}
RETRIES=${RETRIES:-3}

log() { printf '%s tuning-mount: %s\n' "$(date +%T)" "$*"; }

is_mounted() {
    grep -qs " $MOUNT_POINT " /proc/mounts
}

nas_reachable() {
    ping -c 1 -W 2 "$NAS_HOST" >/dev/null 2>&1
}

do_mount() {
    sudo mkdir -p "$MOUNT_POINT"
    attempt=1
    while [ "$attempt" -le "$RETRIES" ]; do
        if sudo mount -t nfs -o "$MOUNT_OPTS" "$NAS_HOST:$NAS_EXPORT" "$MOUNT_POINT"; then
            log "mounted $NAS_HOST:$NAS_EXPORT on $MOUNT_POINT"
            return 0
        fi
        log "mount attempt $attempt failed"
        attempt=$((attempt + 1))
        sleep 5
    done
    return 1
}

do_unmount() {
    if is_mounted; then
        sudo systemctl stop "$INDEXER_UNIT" || true
        sudo umount "$MOUNT_POINT"
        log "unmounted $MOUNT_POINT"
    fi
}

restart_indexer() {
    sudo systemctl restart "$INDEXER_UNIT"
    if sudo systemctl is-active --quiet "$INDEXER_UNIT"; then
        log "$INDEXER_UNIT running"
    else
        log "$INDEXER_UNIT failed to start"
        sudo systemctl status --no-pager "$INDEXER_UNIT" | tail -n 10
        return 1
    fi
}

count_recordings() {
    n=$(find "$MOUNT_POINT" -maxdepth 3 -name '*.wav' 2>/dev/null | wc -l)
    log "$n recordings visible"
}

case "${1:-up}" in
    up)
        if ! nas_reachable; then
            log "NAS $NAS_HOST not reachable"
            exit 1
        fi
        is_mounted || do_mount
        count_recordings
        restart_indexer
        ;;
    down)
        do_unmount
        ;;
    status)
        if is_mounted; then log "mounted"; count_recordings; else log "not mounted"; fi
        ;;
    *)
        echo "usage: $0 [up|down|status]" >&2
        exit 2
        ;;
esac
