#!/usr/bin/env bash
# Mount the yard office NAS share (owner contracts, passports, vet letters)
# on a staff laptop, and unmount it again at the end of the day.
set -euo pipefail

NAS_HOST="${NAS_HOST:-198.51.100.15}"
NAS_SHARE="${NAS_SHARE:-livery}"
MOUNT_POINT="${MOUNT_POINT:-/mnt/livery}"
CRED_FILE="${CRED_FILE:-$HOME/.config/livery/nas.cred}"
NAS_USER="${NAS_USER:-$USER}"

log() { printf '[nas] %s\n' "$*"; }

ensure_credentials() {
    if [[ -f $CRED_FILE ]]; then
        return
    fi
    mkdir -p "$(dirname "$CRED_FILE")"
    local pw
    read -r -s -p "NAS password for ${NAS_USER}: " pw
    echo
    umask 077
    printf 'username=%s\npassword=%s\n' "$NAS_USER" "$pw" >"$CRED_FILE"
    chmod 0600 "$CRED_FILE"
    log "saved credentials to $CRED_FILE"
}

is_mounted() { mountpoint -q "$MOUNT_POINT"; }

do_mount() {
    if is_mounted; then
        log "already mounted at $MOUNT_POINT"
        return
    fi
    ensure_credentials
    sudo mkdir -p "$MOUNT_POINT"
    sudo mount -t cifs "//${NAS_HOST}/${NAS_SHARE}" "$MOUNT_POINT" \
        -o "credentials=${CRED_FILE},uid=$(id -u),gid=$(id -g),vers=3.0,file_mode=0640,dir_mode=0750"
    log "mounted //${NAS_HOST}/${NAS_SHARE} on $MOUNT_POINT"
}

do_umount() {
    if ! is_mounted; then
        log "not mounted"
        return
    fi
    sync
    sudo umount "$MOUNT_POINT"
    log "unmounted $MOUNT_POINT"
}

do_status() {
    if is_mounted; then
        df -h "$MOUNT_POINT" | tail -n 1
        find "$MOUNT_POINT" -maxdepth 1 -mindepth 1 -type d -printf '  %f\n' | sort
    else
        log "not mounted"
    fi
}

declare -A ACTIONS=([mount]=do_mount [umount]=do_umount [status]=do_status)

action="${1:-mount}"
if [[ -z ${ACTIONS[$action]+x} ]]; then
    echo "usage: $0 [mount|umount|status]" >&2
    exit 2
fi
"${ACTIONS[$action]}"
