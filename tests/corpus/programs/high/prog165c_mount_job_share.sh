#!/bin/bash
# Mount the office job share (floor plans, quotes, site photos) on a fitter laptop.
# usage: mount_job_share.sh [mount|unmount|status]

set -euo pipefail

NAS_HOST="${NAS_HOST:-198.51.100.20}"
SHARE_NAME="${SHARE_NAME:-jobs}"
MOUNT_POINT="${MOUNT_POINT:-/mnt/jobs}"
CRED_FILE="$HOME/.config/jobshare/credentials"
LOCAL_UID="$(id -u)"
LOCAL_GID="$(id -g)"

info() {
    echo "jobshare: $*"
}

die() {
    echo "jobshare: $*" >&2
    exit 1
}

check_tools() {
    command -v mount.cifs >/dev/null 2>&1 || die "cifs-utils not installed"
}

ensure_credentials() {
    if [ ! -f "$CRED_FILE" ]; then
        mkdir -p "$(dirname "$CRED_FILE")"
        read -r -p "Share username: " user
        read -r -s -p "Share password: " pass
        echo
        printf 'username=%s\npassword=%s\n' "$user" "$pass" > "$CRED_FILE"
        chmod 600 "$CRED_FILE"
        info "credentials saved to $CRED_FILE"
    fi
}

is_mounted() {
    mountpoint -q "$MOUNT_POINT"
}

do_mount() {
    check_tools
    ensure_credentials
    if is_mounted; then
        info "already mounted at $MOUNT_POINT"
        return 0
    fi
    if [ ! -d "$MOUNT_POINT" ]; then
        sudo mkdir -p "$MOUNT_POINT"
    fi
    opts="credentials=$CRED_FILE,uid=$LOCAL_UID,gid=$LOCAL_GID,vers=3.0,file_mode=0640,dir_mode=0750"
    sudo mount -t cifs "//$NAS_HOST/$SHARE_NAME" "$MOUNT_POINT" -o "$opts"
    info "mounted //$NAS_HOST/$SHARE_NAME at $MOUNT_POINT"
}

do_unmount() {
    if is_mounted; then
        sudo umount "$MOUNT_POINT"
        info "unmounted $MOUNT_POINT"
    else
        info "nothing mounted at $MOUNT_POINT"
    fi
}

do_status() {
    if is_mounted; then
        info "mounted"
        df -h "$MOUNT_POINT"
        jobs_today="$(find "$MOUNT_POINT" -maxdepth 2 -type d -newermt "$(date +%F)" 2>/dev/null | wc -l)"
        info "$jobs_today job folders changed today"
    else
        info "not mounted"
    fi
}

case "${1:-mount}" in
    mount) do_mount ;;
    unmount|umount) do_unmount ;;
    status) do_status ;;
    *) die "unknown action: $1" ;;
esac
