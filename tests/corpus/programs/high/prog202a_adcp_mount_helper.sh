#!/usr/bin/env bash
# Mount the ADCP recovery drive on the lab workstation and make the mount
# permanent so the nightly ingest job always finds it at the same place.
set -euo pipefail

LABEL="${ADCP_LABEL:-ADCP_RECOVER}"
MOUNT_POINT="${ADCP_MOUNT:-/mnt/adcp}"
FS_OPTS="ro,noexec,nosuid,nodev,uid=$(id -u),gid=$(id -g)"
PERSIST=1
declare -a ELEVATE=()

log() { printf '[adcp-mount] %s\n' "$*" >&2; }

usage() {
    cat <<EOF
Usage: $0 [-l label] [-m mount_point] [-t]
  -l  filesystem label of the recovery drive (default $LABEL)
  -m  mount point (default $MOUNT_POINT)
  -t  temporary mount only, do not record it
EOF
    exit 1
}

setup_elevation() {
    if (( EUID == 0 )); then
        ELEVATE=()
    elif command -v sudo >/dev/null 2>&1; then
        ELEVATE=(sudo)
    elif command -v doas >/dev/null 2>&1; then
        ELEVATE=(doas)
    else
        log "need root, sudo or doas"
        exit 2
    fi
}

as_root() { "${ELEVATE[@]}" "$@"; }

find_device() {
    local dev
    dev="$(blkid -L "$LABEL" 2>/dev/null || true)"
    [[ -n "$dev" ]] || dev="$(readlink -f "/dev/disk/by-label/$LABEL" 2>/dev/null || true)"
    [[ -b "$dev" ]] && echo "$dev"
}

fs_type() { blkid -o value -s TYPE "$1"; }

do_mount() {
    local dev="$1" type="$2"
    as_root mkdir -p "$MOUNT_POINT"
    if mountpoint -q "$MOUNT_POINT"; then
        log "$MOUNT_POINT already mounted"
        return 0
    fi
    as_root mount -t "$type" -o "$FS_OPTS" "$dev" "$MOUNT_POINT"
    log "mounted $dev ($type) on $MOUNT_POINT"
}

persist() {
    local type="$1" tab="/etc/fstab"
    if grep -q "LABEL=$LABEL" "$tab"; then
        log "fstab already has an entry for $LABEL"
        return 0
    fi
    as_root cp -p "$tab" "$tab.bak.$(date +%Y%m%d)"
    printf 'LABEL=%s\t%s\t%s\t%s,nofail\t0\t0\n' "$LABEL" "$MOUNT_POINT" "$type" "$FS_OPTS" \
        | as_root tee -a "$tab" >/dev/null
    as_root systemctl daemon-reload
    log "recorded $LABEL in $tab"
}

while getopts ":l:m:th" opt; do
    case "$opt" in
        l) LABEL="$OPTARG" ;;
        m) MOUNT_POINT="$OPTARG" ;;
        t) PERSIST=0 ;;
        *) usage ;;
    esac
done

setup_elevation
device="$(find_device)" || { log "no device labelled $LABEL"; exit 3; }
type="$(fs_type "$device")"
do_mount "$device" "$type"
(( PERSIST )) && persist "$type"
ls -1 "$MOUNT_POINT" | head -n 20
