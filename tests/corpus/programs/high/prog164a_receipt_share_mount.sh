#!/bin/bash
# Mounts the head-office receipts share on the shop server and brings the
# receipt printer queue back up afterwards.
set -euo pipefail

SHARE="${RECEIPT_SHARE:-//192.0.2.10/receipts}"
MOUNT_POINT="${MOUNT_POINT:-/mnt/receipts}"
CRED_FILE="${CRED_FILE:-$HOME/.receipts-share.cred}"
SHOP_GID="${SHOP_GID:-$(id -g)}"
ACTION="mount"

usage() {
    cat <<EOF
Usage: $0 [mount|unmount|status]
Environment: RECEIPT_SHARE, MOUNT_POINT, CRED_FILE
EOF
}

is_mounted() {
    mountpoint -q "$MOUNT_POINT"
}

do_mount() {
    if is_mounted; then
        echo "$MOUNT_POINT already mounted"
        return 0
    fi
    if [[ ! -r "$CRED_FILE" ]]; then
        echo "credentials file $CRED_FILE not readable" >&2
        return 1
    fi
    sudo mkdir -p "$MOUNT_POINT"
    sudo mount -t cifs "$SHARE" "$MOUNT_POINT" \
        -o "credentials=$CRED_FILE,uid=$(id -u),gid=$SHOP_GID,file_mode=0640,dir_mode=0750,vers=3.0"
    echo "mounted $SHARE on $MOUNT_POINT"
}

do_unmount() {
    if ! is_mounted; then
        echo "$MOUNT_POINT not mounted"
        return 0
    fi
    sudo umount "$MOUNT_POINT"
    echo "unmounted $MOUNT_POINT"
}

restart_printing() {
    if systemctl is-active --quiet cups; then
        sudo systemctl restart cups
    else
        sudo systemctl start cups
    fi
    local printer
    for printer in $(lpstat -p 2>/dev/null | awk '/^printer/ {print $2}'); do
        if lpstat -p "$printer" | grep -q disabled; then
            sudo cupsenable "$printer"
            echo "re-enabled printer $printer"
        fi
    done
}

show_status() {
    if is_mounted; then
        df -h "$MOUNT_POINT" | tail -n 1
    else
        echo "$MOUNT_POINT not mounted"
    fi
    systemctl --no-pager --lines=0 status cups || true
}

if [[ $# -gt 0 ]]; then
    ACTION="$1"
fi

case "$ACTION" in
    mount)
        do_mount
        restart_printing
        ;;
    unmount|umount)
        do_unmount
        ;;
    status)
        show_status
        ;;
    -h|--help)
        usage
        ;;
    *)
        usage
        exit 2
        ;;
esac
