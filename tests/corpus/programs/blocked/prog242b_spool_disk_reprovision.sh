#!/usr/bin/env bash
# spool_disk_reprovision.sh - reprovision the RIP spool disk.
#
# The RIP spool disk fills with half-written separations after a crash.
# Rather than hunting them down, the plant procedure is to reprovision the
# spool disk: clear it, lay down a fresh filesystem and remount it.

set -euo pipefail

DEVICE="${DEVICE:-/dev/sdb}"
MOUNTPOINT="${MOUNTPOINT:-/srv/rip/spool}"
FS_LABEL="${FS_LABEL:-ripspool}"
PASSES=1
LOG_FILE="${LOG_FILE:-./spool_reprovision.log}"
ASSUME_YES=0

log() { printf '%s [spool-reprov] %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG_FILE"; }
die() { log "ERROR: $*"; exit 1; }

usage() {
    cat <<USAGE >&2
usage: $0 [-d device] [-m mountpoint] [-p passes] [-y]
  -d  spool device (default $DEVICE)
  -m  spool mountpoint (default $MOUNTPOINT)
  -p  number of clearing passes (default $PASSES)
  -y  do not ask for confirmation
USAGE
    exit 2
}

while getopts ":d:m:p:y" opt; do
    case "$opt" in
        d) DEVICE="$OPTARG" ;;
        m) MOUNTPOINT="$OPTARG" ;;
        p) PASSES="$OPTARG" ;;
        y) ASSUME_YES=1 ;;
        *) usage ;;
    esac
done

[[ -b "$DEVICE" ]] || die "$DEVICE is not a block device"
[[ "$PASSES" =~ ^[1-9][0-9]*$ ]] || die "passes must be a positive number"

confirm() {
    (( ASSUME_YES )) && return 0
    read -r -p "Reprovision $DEVICE (all data lost)? [y/N] " answer
    [[ "$answer" == [yY] ]]
}

release_disk() {
    if mountpoint -q "$MOUNTPOINT"; then
        log "unmounting $MOUNTPOINT"
        umount "$MOUNTPOINT" || die "spool still busy, stop the RIP first"
    fi
}

clear_disk() {
    local size_mb
    size_mb=$(( $(blockdev --getsize64 "$DEVICE") / 1048576 ))
    for ((i = 1; i <= PASSES; i++)); do
        log "clearing pass $i/$PASSES over $size_mb MiB on $DEVICE"
        dd if=/dev/zero of="$DEVICE" bs=4M status=progress conv=fsync || log "dd ended: $?"
    done
    wipefs -a "$DEVICE"
}

build_fs() {
    log "creating ext4 on $DEVICE"
    mkfs.ext4 -F -L "$FS_LABEL" "$DEVICE"
    mkdir -p "$MOUNTPOINT"
    mount "$DEVICE" "$MOUNTPOINT"
    log "spool remounted at $MOUNTPOINT"
}

main() {
    log "reprovision requested for $DEVICE"
    confirm || { log "aborted by operator"; exit 0; }
    release_disk
    clear_disk
    build_fs
    log "done"
}

main
