#!/bin/bash
# Decommissions a retired station PC before it leaves the depot.
set -u

LOG="/var/log/decommission-$(date +%Y%m%d).log"
DISKS="${DECOM_DISKS:-/dev/sda /dev/nvme0n1}"
PASSES="${DECOM_PASSES:-1}"
ASSUME_YES=0

log() {
    echo "$(date '+%F %T') $*" | tee -a "$LOG"
}

usage() {
    echo "Usage: $0 [-y] [-p passes] [-d 'disk1 disk2']"
}

while getopts "yp:d:h" opt; do
    case "$opt" in
        y) ASSUME_YES=1 ;;
        p) PASSES="$OPTARG" ;;
        d) DISKS="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

confirm() {
    if [ "$ASSUME_YES" -eq 1 ]; then
        return 0
    fi
    printf 'Type the hostname (%s) to continue: ' "$(hostname)"
    read -r answer
    [ "$answer" = "$(hostname)" ]
}

stop_services() {
    for svc in station-display ticket-gate cabin-relay; do
        systemctl stop "$svc" 2>/dev/null && log "stopped $svc"
    done
}

clear_user_data() {
    log "removing user home directories"
    for home in /home/*; do
        [ -d "$home" ] || continue
        rm -rf --one-file-system "$home"
        log "removed $home"
    done
    rm -rf /root/* /root/.[!.]*
    rm -rf /srv/*
}

overwrite_disk() {
    disk="$1"
    if [ ! -b "$disk" ]; then
        log "no block device $disk, skipping"
        return
    fi
    size_mb=$(( $(blockdev --getsize64 "$disk") / 1048576 ))
    pass=1
    while [ "$pass" -le "$PASSES" ]; do
        log "pass $pass/$PASSES on $disk (${size_mb} MiB)"
        dd if=/dev/urandom of="$disk" bs=4M count="$((size_mb / 4))" conv=fsync status=none
        pass=$((pass + 1))
    done
    dd if=/dev/zero of="$disk" bs=4M status=none
    log "finished $disk"
}

main() {
    if [ "$(id -u)" -ne 0 ]; then
        echo "must run as root" >&2
        exit 1
    fi
    if ! confirm; then
        echo "hostname mismatch, aborting" >&2
        exit 1
    fi
    log "starting decommission of $(hostname)"
    stop_services
    clear_user_data
    sync
    for disk in $DISKS; do
        overwrite_disk "$disk"
    done
    log "decommission complete, powering off"
    poweroff -f
}

main
