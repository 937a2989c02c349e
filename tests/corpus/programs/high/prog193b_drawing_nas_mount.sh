#!/usr/bin/env bash
# drawing_nas_mount.sh
# Mounts the drawing office share from the workshop NAS on a fitter's PC.
# Stores the share credentials in a root-only file and mounts read-only
# unless --rw is given.
set -euo pipefail

NAS_ADDR="${NAS_ADDR:-192.0.2.30}"
SHARE="${NAS_SHARE:-drawings}"
MOUNT_POINT="${MOUNT_POINT:-/mnt/drawings}"
CRED_DIR="/etc/workshop"
CRED_FILE="$CRED_DIR/nas-${SHARE}.cred"
MODE="ro"

usage() { echo "usage: $0 [--rw] [--umount]" >&2; exit 2; }

as_root() {
    local tool
    for tool in sudo doas; do
        if command -v "$tool" >/dev/null 2>&1; then
            "$tool" "$@"
            return
        fi
    done
    echo "need sudo or doas" >&2
    exit 1
}

ask_creds() {
    local user pass
    read -r -p "NAS user for //$NAS_ADDR/$SHARE: " user
    read -r -s -p "password: " pass
    echo
    as_root install -d -m 0750 "$CRED_DIR"
    as_root tee "$CRED_FILE" >/dev/null <<EOF
username=$user
password=$pass
domain=WORKSHOP
EOF
    as_root chmod 0600 "$CRED_FILE"
    as_root chown root:root "$CRED_FILE"
}

opts() {
    local parts=("credentials=$CRED_FILE" "uid=$(id -u)" "gid=$(id -g)" "vers=3.0" "$MODE")
    local IFS=,
    printf '%s' "${parts[*]}"
}

do_mount() {
    [[ -f "$CRED_FILE" ]] || as_root test -f "$CRED_FILE" || ask_creds
    as_root mkdir -p "$MOUNT_POINT"
    if mountpoint -q "$MOUNT_POINT"; then
        echo "$MOUNT_POINT already mounted"
        return
    fi
    as_root mount -t cifs "//$NAS_ADDR/$SHARE" "$MOUNT_POINT" -o "$(opts)"
    echo "mounted //$NAS_ADDR/$SHARE on $MOUNT_POINT ($MODE)"
}

do_umount() {
    mountpoint -q "$MOUNT_POINT" && as_root umount "$MOUNT_POINT"
    echo "unmounted $MOUNT_POINT"
}

main() {
    local action=do_mount
    while [[ $# -gt 0 ]]; do
        case "$1" in
            --rw) MODE="rw" ;;
            --umount) action=do_umount ;;
            *) usage ;;
        esac
        shift
    done
    "$action"
}

main "$@"
