#!/bin/bash
# nvr_share_mount.sh - attach the NVR's exported footage share to the office PC
#
# The Hikvision NVR in the comms cupboard exports its clip archive over SMB.
# Incident review (a child hurt on the big slide, lost property, etc.) is done
# from the office PC, so this mounts the share read-only at /mnt/cctv, checks
# it, and can unmount it again when the review is finished.
#
#   nvr_share_mount.sh mount   [-c ./nvr.conf]
#   nvr_share_mount.sh umount
#   nvr_share_mount.sh status

set -o errexit -o nounset -o pipefail

CONF="./nvr.conf"
ACTION="${1:-status}"; shift || true
while getopts "c:" o; do
    case $o in
        c) CONF=$OPTARG ;;
        *) exit 2 ;;
    esac
done

NVR_HOST="192.168.30.2"
NVR_SHARE="footage"
MOUNT_POINT="/mnt/cctv"
NVR_USER="review"
CRED_FILE="$HOME/.config/nvr/credentials"
[ -f "$CONF" ] && source "$CONF"

info() { logger -t nvr_mount "$*" 2>/dev/null || true; echo "$*"; }
die()  { echo "error: $*" >&2; exit 1; }

ensure_credentials() {
    if [ ! -f "$CRED_FILE" ]; then
        mkdir -p "$(dirname "$CRED_FILE")"
        read -r -s -p "Password for $NVR_USER@$NVR_HOST: " pw; echo
        umask 077
        printf 'username=%s\npassword=%s\n' "$NVR_USER" "$pw" > "$CRED_FILE"
        chmod 600 "$CRED_FILE"
        info "stored credentials in $CRED_FILE"
    fi
}

nvr_reachable() {
    timeout 3 bash -c "exec 3<>/dev/tcp/$NVR_HOST/445" 2>/dev/null
}

is_mounted() { findmnt -rn "$MOUNT_POINT" >/dev/null 2>&1; }

do_mount() {
    command -v mount.cifs >/dev/null || die "cifs-utils not installed"
    nvr_reachable || die "NVR $NVR_HOST not answering on 445"
    ensure_credentials
    if is_mounted; then
        info "already mounted at $MOUNT_POINT"
        return
    fi
    [ -d "$MOUNT_POINT" ] || sudo mkdir -p "$MOUNT_POINT"
    local opts="ro,credentials=$CRED_FILE,uid=$(id -u),gid=$(id -g),vers=3.0,iocharset=utf8"
    sudo mount -t cifs "//$NVR_HOST/$NVR_SHARE" "$MOUNT_POINT" -o "$opts"
    info "mounted //$NVR_HOST/$NVR_SHARE at $MOUNT_POINT"
    local clips
    clips=$(find "$MOUNT_POINT" -maxdepth 3 -name '*.mp4' 2>/dev/null | wc -l)
    info "$clips clips visible in the top three levels"
}

do_umount() {
    if ! is_mounted; then
        info "nothing mounted at $MOUNT_POINT"
        return
    fi
    sudo umount "$MOUNT_POINT"
    info "unmounted $MOUNT_POINT"
}

case "$ACTION" in
    mount)  do_mount ;;
    umount|unmount) do_umount ;;
    status)
        if is_mounted; then
            findmnt "$MOUNT_POINT"
            df -h "$MOUNT_POINT" | tail -n1
        else
            echo "not mounted"
        fi ;;
    *) die "unknown action $ACTION (mount|umount|status)" ;;
esac
