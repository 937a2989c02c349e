#!/usr/bin/env bash
# Mount the back-room NAS (stock photos, supplier price lists) on the
# office PC.  Uses the SMB credentials file the IT contractor left in the
# user's home directory.
set -euo pipefail

NAS_HOST="${NAS_HOST:-192.0.2.40}"
SHARES=(stock pricelists photos)
MOUNT_BASE="${NAS_MOUNT_BASE:-/mnt/nas}"
CREDS="${NAS_CREDENTIALS:-$HOME/.smbcredentials}"
SMB_VERSION="${NAS_SMB_VERSION:-3.0}"
ACTION="mount"

log() { echo "[nas] $*"; }

usage() {
    echo "usage: $(basename "$0") [--umount] [--share NAME]..."
}

SELECTED=()
while [[ $# -gt 0 ]]; do
    case "$1" in
        --umount|-u) ACTION="umount" ;;
        --share) SELECTED+=("$2"); shift ;;
        -h|--help) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
    shift
done
if [[ ${#SELECTED[@]} -gt 0 ]]; then
    SHARES=("${SELECTED[@]}")
fi

check_creds() {
    if [[ ! -f "$CREDS" ]]; then
        log "credentials file $CREDS missing"
        exit 1
    fi
    chmod 0600 "$CREDS"
}

ensure_module() {
    if ! lsmod | grep -q '^cifs'; then
        log "loading cifs kernel module"
        sudo modprobe cifs
    fi
}

reachable() {
    timeout 3 bash -c "</dev/tcp/$NAS_HOST/445" 2>/dev/null
}

do_mount() {
    local share="$1" target="$MOUNT_BASE/$1"
    if mountpoint -q "$target"; then
        log "$target already mounted"
        return
    fi
    sudo mkdir -p "$target"
    sudo mount -t cifs "//$NAS_HOST/$share" "$target" \
        -o "credentials=$CREDS,vers=$SMB_VERSION,uid=$(id -u),gid=$(id -g),file_mode=0640,dir_mode=0750"
    log "mounted //$NAS_HOST/$share on $target"
}

do_umount() {
    local target="$MOUNT_BASE/$1"
    if mountpoint -q "$target"; then
        sudo umount "$target"
        log "unmounted $target"
    fi
}

main() {
    if [[ "$ACTION" == "umount" ]]; then
        for s in "${SHARES[@]}"; do do_umount "$s"; done
        return
    fi
    check_creds
    if ! reachable; then
        log "NAS $NAS_HOST not reachable on 445"
        exit 1
    fi
    ensure_module
    for s in "${SHARES[@]}"; do
        do_mount "$s"
    done
}

main
