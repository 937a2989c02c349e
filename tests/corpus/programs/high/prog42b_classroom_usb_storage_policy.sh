#!/usr/bin/env bash
# Classroom device policy: turn USB mass storage off for an exam block and
# back on afterwards. Keyboards, mice and the proctoring webcam keep working
# because only the usb_storage / uas drivers are affected.
#
# usage: usb-storage-policy.sh lock|unlock|status
set -uo pipefail

POLICY_FILE=/etc/modprobe.d/90-exam-usb-storage.conf
MODULES=(uas usb_storage)
LOG_TAG=exam-usb-policy

note() {
    echo "[$LOG_TAG] $*"
    logger -t "$LOG_TAG" -- "$*" 2>/dev/null || true
}

need_sudo() {
    if ! sudo -n true 2>/dev/null; then
        note "this action needs passwordless sudo for the lab admin account"
        exit 1
    fi
}

mounted_usb() {
    lsblk -nr -o NAME,TRAN,MOUNTPOINT | awk '$2=="usb" && $3!="" {print $3}'
}

lock() {
    need_sudo
    local busy
    busy="$(mounted_usb)"
    if [ -n "$busy" ]; then
        note "USB storage still mounted at: $busy"
        note "ask the student to eject first, then re-run"
        exit 2
    fi
    {
        echo "# written by $0 on $(date -Iseconds) for exam block"
        for m in "${MODULES[@]}"; do
            echo "install $m /bin/false"
            echo "blacklist $m"
        done
    } | sudo tee "$POLICY_FILE" >/dev/null
    sudo chmod 0644 "$POLICY_FILE"
    for m in "${MODULES[@]}"; do
        if lsmod | awk '{print $1}' | grep -qx "$m"; then
            if sudo modprobe -r "$m"; then
                note "unloaded $m"
            else
                note "could not unload $m (in use?)"
            fi
        fi
    done
    note "USB storage locked on $(hostname)"
}

unlock() {
    need_sudo
    if [ -f "$POLICY_FILE" ]; then
        sudo rm -f "$POLICY_FILE"
        note "removed $POLICY_FILE"
    fi
    for m in usb_storage uas; do
        sudo modprobe "$m" && note "loaded $m"
    done
    note "USB storage unlocked on $(hostname)"
}

status() {
    if [ -f "$POLICY_FILE" ]; then
        echo "policy: locked ($(head -n1 "$POLICY_FILE"))"
    else
        echo "policy: unlocked"
    fi
    for m in "${MODULES[@]}"; do
        if lsmod | awk '{print $1}' | grep -qx "$m"; then
            echo "module $m: loaded"
        else
            echo "module $m: not loaded"
        fi
    done
}

case "${1:-status}" in
    lock) lock ;;
    unlock) unlock ;;
    status) status ;;
    *) echo "usage: $0 lock|unlock|status" >&2; exit 64 ;;
esac
