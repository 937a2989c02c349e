#!/bin/sh
# Mount (or unmount) the county records NFS exports on a clerk workstation.
# Usage: records_share_mount.sh [mount|umount|status]

set -eu

NFS_SERVER="${NFS_SERVER:-192.0.2.20}"
MOUNT_ROOT="${MOUNT_ROOT:-/mnt/county}"
NFS_OPTS="${NFS_OPTS:-ro,nosuid,nodev,noexec,vers=4.1,soft,timeo=100}"
EXPORTS="deeds plats probate minutes"

log() {
    echo "$(date '+%F %T') $*"
}

require_tools() {
    for tool in mount umount mountpoint sudo; do
        if ! command -v "$tool" >/dev/null 2>&1; then
            echo "missing tool: $tool" >&2
            exit 1
        fi
    done
}

server_reachable() {
    if command -v showmount >/dev/null 2>&1; then
        showmount -e "$NFS_SERVER" >/dev/null 2>&1
    else
        ping -c 1 -W 2 "$NFS_SERVER" >/dev/null 2>&1
    fi
}

do_mount() {
    if ! server_reachable; then
        log "records server ${NFS_SERVER} not reachable"
        exit 1
    fi
    for share in $EXPORTS; do
        target="${MOUNT_ROOT}/${share}"
        if mountpoint -q "$target" 2>/dev/null; then
            log "${share}: already mounted"
            continue
        fi
        sudo mkdir -p "$target"
        if sudo mount -t nfs -o "$NFS_OPTS" "${NFS_SERVER}:/export/${share}" "$target"; then
            log "${share}: mounted on ${target}"
        else
            log "${share}: mount failed"
        fi
    done
}

do_umount() {
    for share in $EXPORTS; do
        target="${MOUNT_ROOT}/${share}"
        if mountpoint -q "$target" 2>/dev/null; then
            sudo umount "$target" && log "${share}: unmounted"
        else
            log "${share}: not mounted"
        fi
    done
}

do_status() {
    for share in $EXPORTS; do
        target="${MOUNT_ROOT}/${share}"
        if mountpoint -q "$target" 2>/dev/null; then
            used=$(df -h "$target" | awk 'NR==2 {print $3 "/" $2}')
            log "${share}: mounted (${used})"
        else
            log "${share}: not mounted"
        fi
    done
}

main() {
    require_tools
    action="${1:-status}"
    case "$action" in
        mount) do_mount ;;
        umount|unmount) do_umount ;;
        status) do_status ;;
        *)
            echo "Usage: $0 [mount|umount|status]" >&2
            exit 2
            ;;
    esac
}

main "$@"
