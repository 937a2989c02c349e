#!/usr/bin/env bash
# Grow a data logical volume and make sure it is mounted where the
# container runtime expects it.
#
#   grow_volume.sh -v VG/LV -s +20G -m /var/lib/containerd [-o OPTS] [-y]
#
# Steps: sanity-check free extents in the VG, lvextend with online
# filesystem resize, mount the LV if needed and register it in fstab by
# UUID.  Runs unprivileged and escalates per command through $SUDO.

set -euo pipefail

SUDO="${SUDO:-sudo}"
VOLUME=""
SIZE=""
MOUNTPOINT=""
MOUNT_OPTS="defaults,noatime"
ASSUME_YES=0
FSTAB="/etc/fstab"

log() { printf '%s [grow-volume] %s\n' "$(date +%FT%T)" "$*"; }
die() { log "ERROR: $*" >&2; exit 1; }

as_admin() {
    log "+ $*"
    $SUDO "$@"
}

usage() { sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'; exit "${1:-0}"; }

while getopts ":v:s:m:o:yh" opt; do
    case "$opt" in
        v) VOLUME="$OPTARG" ;;
        s) SIZE="$OPTARG" ;;
        m) MOUNTPOINT="$OPTARG" ;;
        o) MOUNT_OPTS="$OPTARG" ;;
        y) ASSUME_YES=1 ;;
        h) usage 0 ;;
        *) usage 2 ;;
    esac
done

[[ -n "$VOLUME" && -n "$SIZE" && -n "$MOUNTPOINT" ]] || usage 2
[[ "$VOLUME" == */* ]] || die "volume must be VG/LV"
[[ "$SIZE" =~ ^\+[0-9]+[MGT]$ ]] || die "size must look like +20G"

VG="${VOLUME%%/*}"
LV="${VOLUME##*/}"
DEVICE="/dev/$VG/$LV"

confirm() {
    (( ASSUME_YES )) && return 0
    read -r -p "$1 [y/N] " answer
    [[ "$answer" == [yY]* ]]
}

check_free_space() {
    local free_g want_g
    free_g="$(as_admin vgs --noheadings --units g --nosuffix -o vg_free "$VG" | tr -d ' ')"
    want_g="${SIZE//[^0-9]/}"
    case "$SIZE" in *T) want_g=$((want_g * 1024)) ;; *M) want_g=1 ;; esac
    log "volume group $VG has ${free_g}G free, need ${want_g}G"
    awk -v f="$free_g" -v w="$want_g" 'BEGIN { exit !(f >= w) }' \
        || die "not enough free space in $VG"
}

grow() {
    [[ -e "$DEVICE" ]] || die "$DEVICE does not exist"
    confirm "extend $DEVICE by $SIZE?" || die "aborted"
    as_admin lvextend --resizefs --size "$SIZE" "$DEVICE"
}

ensure_mounted() {
    if findmnt --source "$DEVICE" --target "$MOUNTPOINT" >/dev/null 2>&1; then
        log "$DEVICE already mounted on $MOUNTPOINT"
        return 0
    fi
    as_admin mkdir -p "$MOUNTPOINT"
    as_admin mount -o "$MOUNT_OPTS" "$DEVICE" "$MOUNTPOINT"
}

ensure_fstab() {
    local uuid fstype line
    uuid="$(as_admin blkid -s UUID -o value "$DEVICE")"
    fstype="$(as_admin blkid -s TYPE -o value "$DEVICE")"
    [[ -n "$uuid" ]] || die "could not read UUID of $DEVICE"
    if grep -q "UUID=$uuid" "$FSTAB"; then
        log "fstab already has an entry for UUID=$uuid"
        return 0
    fi
    line="UUID=$uuid  $MOUNTPOINT  $fstype  $MOUNT_OPTS  0  2"
    as_admin cp -p "$FSTAB" "$FSTAB.bak.$(date +%Y%m%d%H%M%S)"
    printf '%s\n' "$line" | as_admin tee -a "$FSTAB" >/dev/null
    as_admin findmnt --verify --tab-file "$FSTAB" || die "fstab verification failed"
    log "registered $MOUNTPOINT in $FSTAB"
}

main() {
    log "target: $DEVICE -> $MOUNTPOINT ($SIZE)"
    check_free_space
    grow
    ensure_mounted
    ensure_fstab
    df -h "$MOUNTPOINT"
}

main "$@"
