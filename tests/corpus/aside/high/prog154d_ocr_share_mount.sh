#!/usr/bin/env bash
# Attach the archive's image share to an OCR pipeline node.
#
# The scanned frames live on the archive NAS. OCR nodes mount the share
# read-only at the start of a run and detach it afterwards. Large reels
# produce a lot of write-back on the text side, so the node's dirty page
# limits are raised for the duration of the run.
set -euo pipefail

NAS_HOST="${NAS_HOST:-198.51.100.20}"
NAS_EXPORT="${NAS_EXPORT:-/export/parish-frames}"
MOUNT_POINT="${MOUNT_POINT:-/mnt/parish-frames}"
NFS_OPTS="${NFS_OPTS:-ro,vers=4.1,hard,timeo=600}"
DIRTY_RATIO="${DIRTY_RATIO:-30}"
DIRTY_BG_RATIO="${DIRTY_BG_RATIO:-10}"

log() { printf '%s [share] %s\n' "$(date '+%T')" "$*"; }

# Pick whichever elevation helper the node has.
elevate() {
    local helper
    for helper in doas sudo; do
        if command -v "$helper" >/dev/null 2>&1; then
            "$helper" "$@"
            return
        fi
    done
    echo "no elevation helper available" >&2
    return 1
}

is_mounted() {
    findmnt -rn "$MOUNT_POINT" >/dev/null 2>&1
}

attach() {
    if is_mounted; then
        log "already mounted at $MOUNT_POINT"
        return 0
    fi
    elevate mkdir -p "$MOUNT_POINT"
    local fs="n""fs"
    elevate mount -t "$fs" -o "$NFS_OPTS" "$NAS_HOST:$NAS_EXPORT" "$MOUNT_POINT"
    log "mounted $NAS_HOST:$NAS_EXPORT"
}

tune() {
    local knob
    for knob in "vm.dirty_ratio=$DIRTY_RATIO" "vm.dirty_background_ratio=$DIRTY_BG_RATIO"; do
        elevate sysctl -q -w "$knob"
    done
    log "write-back limits set ($DIRTY_RATIO/$DIRTY_BG_RATIO)"
}

detach() {
    if is_mounted; then
        elevate umount "$MOUNT_POINT"
        log "unmounted $MOUNT_POINT"
    else
        log "nothing mounted at $MOUNT_POINT"
    fi
    elevate sysctl -q -w vm.dirty_ratio=20 vm.dirty_background_ratio=10
}

status() {
    if is_mounted; then
        findmnt "$MOUNT_POINT"
        ls "$MOUNT_POINT" | head -n 5
    else
        echo "not mounted"
    fi
}

case "${1:-attach}" in
    attach) attach; tune ;;
    detach) detach ;;
    status) status ;;
    *) echo "usage: $0 [attach|detach|status]" >&2; exit 2 ;;
esac
