#!/bin/sh
# Attach the workshop NAS share that holds before/after tuning recordings
# so the analysis scripts can read them, and detach it again afterwards.
set -eu

NAS_HOST="${NAS_HOST:-192.0.2.20}"
SHARE="${NAS_SHARE:-recordings}"
MOUNT_POINT="${MOUNT_POINT:-/mnt/recordings}"
CRED_FILE="${NAS_CRED:-/etc/pianocare/nas.cred}"
FS_TYPE="cifs"

info() { printf '[recordings] %s\n' "$*"; }

elevate() {
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    else
        sudo "$@"
    fi
}

remote_path() {
    printf '//%s/%s' "$NAS_HOST" "$SHARE"
}

mount_options() {
    uid=$(id -u "${SUDO_USER:-$USER}")
    gid=$(id -g "${SUDO_USER:-$USER}")
    printf 'credentials=%s,uid=%s,gid=%s,file_mode=0640,dir_mode=0750,vers=3.0,ro' \
        "$CRED_FILE" "$uid" "$gid"
}

is_mounted() {
    grep -qs " $MOUNT_POINT " /proc/mounts
}

check_cred() {
    if ! elevate test -r "$CRED_FILE"; then
        info "credential file $CRED_FILE missing"
        return 1
    fi
}

attach() {
    if is_mounted; then
        info "already attached at $MOUNT_POINT"
        return 0
    fi
    check_cred
    elevate mkdir -p "$MOUNT_POINT"
    elevate mount -t "$FS_TYPE" "$(remote_path)" "$MOUNT_POINT" -o "$(mount_options)"
    info "attached $(remote_path) at $MOUNT_POINT"
}

detach() {
    if ! is_mounted; then
        info "nothing attached at $MOUNT_POINT"
        return 0
    fi
    sync
    elevate umount "$MOUNT_POINT" || elevate umount -l "$MOUNT_POINT"
    info "detached $MOUNT_POINT"
}

status() {
    if is_mounted; then
        info "attached:"
        df -h "$MOUNT_POINT" | tail -n 1
        count=$(find "$MOUNT_POINT" -maxdepth 2 -name '*.wav' 2>/dev/null | wc -l)
        info "$count recordings visible at the top levels"
    else
        info "not attached"
    fi
}

case "${1:-status}" in
    up|attach) attach ;;
    down|detach) detach ;;
    status) status ;;
    *)
        echo "usage: $0 {up|down|status}" >&2
        exit 2
        ;;
esac
