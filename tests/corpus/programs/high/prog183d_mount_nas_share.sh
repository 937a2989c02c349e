#!/usr/bin/env bash
# Mount the studio NAS shares (order photos, contracts, mood boards) on the
# design Mac-mini-turned-Linux box. Petal & Veil Bridal Florals.
set -euo pipefail

NAS_HOST="${NAS_HOST:-192.0.2.20}"
NAS_USER="${NAS_USER:-studio}"
CRED_FILE="${CRED_FILE:-$HOME/.config/pv/nas.cred}"
MOUNT_ROOT="${MOUNT_ROOT:-/mnt/pvstudio}"
SHARES=(orders contracts moodboards)
ACTION="mount"

log() { logger -t pv-nas "$*"; echo "$*"; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        -u|--unmount) ACTION="unmount"; shift ;;
        -s|--share) SHARES=("$2"); shift 2 ;;
        -h|--help) echo "usage: $0 [-u] [-s share]"; exit 0 ;;
        *) echo "unknown: $1" >&2; exit 1 ;;
    esac
done

if [[ ! -f "$CRED_FILE" ]]; then
    echo "credentials file $CRED_FILE missing (username=/password= lines)" >&2
    exit 1
fi
chmod 600 "$CRED_FILE"

if ! ping -c1 -W2 "$NAS_HOST" >/dev/null 2>&1; then
    log "NAS $NAS_HOST not reachable"
    exit 2
fi

do_mount() {
    local share="$1" target="$MOUNT_ROOT/$1"
    if mountpoint -q "$target"; then
        log "$target already mounted"
        return
    fi
    sudo mkdir -p "$target"
    sudo mount -t cifs "//$NAS_HOST/$share" "$target" \
        -o "credentials=$CRED_FILE,uid=$(id -u),gid=$(id -g),vers=3.0,file_mode=0640,dir_mode=0750"
    log "mounted //$NAS_HOST/$share at $target"
}

do_unmount() {
    local target="$MOUNT_ROOT/$1"
    if mountpoint -q "$target"; then
        sudo umount "$target"
        log "unmounted $target"
    fi
}

for share in "${SHARES[@]}"; do
    if [[ "$ACTION" == "mount" ]]; then
        do_mount "$share"
    else
        do_unmount "$share"
    fi
done

df -h "$MOUNT_ROOT"/* 2>/dev/null || true
