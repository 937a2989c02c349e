#!/usr/bin/env bash
# mount_run_share.sh - attach the sequencer output share to an analysis node
# so the demux job can read run folders directly instead of copying them.
#
# Usage: mount_run_share.sh [-s SERVER:EXPORT] [-m MOUNTPOINT] [-u]
#   -s  NFS export (default 198.51.100.20:/export/runs)
#   -m  local mountpoint (default /mnt/seqruns)
#   -u  unmount instead of mount

set -euo pipefail

EXPORT="198.51.100.20:/export/runs"
MOUNTPOINT="/mnt/seqruns"
UNMOUNT=0
NFS_OPTS="ro,vers=4.1,hard,timeo=600,retrans=2,noatime"
LOG_FILE="${PWD}/mount_run_share.log"

log() {
    printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG_FILE" >&2
}

die() {
    log "ERROR: $*"
    exit 1
}

while getopts ":s:m:uh" opt; do
    case "$opt" in
        s) EXPORT="$OPTARG" ;;
        m) MOUNTPOINT="$OPTARG" ;;
        u) UNMOUNT=1 ;;
        h) sed -n '2,9p' "$0"; exit 0 ;;
        *) die "unknown option -$OPTARG" ;;
    esac
done

SERVER="${EXPORT%%:*}"

check_server() {
    if ! ping -c 1 -W 2 "$SERVER" >/dev/null 2>&1; then
        die "NFS server ${SERVER} not reachable"
    fi
    if command -v showmount >/dev/null 2>&1; then
        if ! showmount -e "$SERVER" 2>/dev/null | grep -q "${EXPORT#*:}"; then
            log "warning: ${EXPORT#*:} not listed in server exports"
        fi
    fi
}

already_mounted() {
    mountpoint -q "$MOUNTPOINT"
}

do_mount() {
    if already_mounted; then
        log "${MOUNTPOINT} already mounted"
        return 0
    fi
    check_server
    if [[ ! -d "$MOUNTPOINT" ]]; then
        log "creating ${MOUNTPOINT}"
        sudo mkdir -p "$MOUNTPOINT"
    fi
    log "mounting ${EXPORT} on ${MOUNTPOINT} (${NFS_OPTS})"
    sudo mount -t nfs -o "$NFS_OPTS" "$EXPORT" "$MOUNTPOINT"
    local runs
    runs=$(find "$MOUNTPOINT" -maxdepth 1 -mindepth 1 -type d | wc -l)
    log "mounted; ${runs} run folders visible"
}

do_unmount() {
    if ! already_mounted; then
        log "${MOUNTPOINT} not mounted"
        return 0
    fi
    if fuser -m "$MOUNTPOINT" >/dev/null 2>&1; then
        die "${MOUNTPOINT} is busy, stop demux jobs first"
    fi
    log "unmounting ${MOUNTPOINT}"
    sudo umount "$MOUNTPOINT"
}

main() {
    if [[ "$UNMOUNT" -eq 1 ]]; then
        do_unmount
    else
        do_mount
    fi
}

main
