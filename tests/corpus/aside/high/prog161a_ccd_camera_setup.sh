#!/bin/sh
# Prepare the imaging PC for the cooled CCD camera and the frame data disk.
# Loads the vendor USB driver, installs the udev rule that gives the
# 'imaging' group access to the camera and mounts the data disk.
set -eu

CAM_MODULE="${CAM_MODULE:-qhy_ccd}"
CAM_VENDOR="${CAM_VENDOR:-1618}"
IMAGING_GROUP="${IMAGING_GROUP:-imaging}"
DATA_LABEL="${DATA_LABEL:-FRAMES}"
DATA_MOUNT="${DATA_MOUNT:-/srv/frames}"
RULE_FILE=/etc/udev/rules.d/85-observatory-ccd.rules

msg() { echo "ccd-setup: $*"; }

as_root() {
    if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

load_driver() {
    if lsmod | grep -q "^${CAM_MODULE} "; then
        msg "$CAM_MODULE already loaded"
        return
    fi
    as_root modprobe "$CAM_MODULE" || {
        msg "modprobe $CAM_MODULE failed, is the vendor package installed?"
        return 1
    }
    msg "loaded $CAM_MODULE"
}

rule_text() {
    printf 'SUBSYSTEMS=="usb", ATTRS{idVendor}=="%s", GROUP="%s", MODE="0660"\n' \
        "$CAM_VENDOR" "$IMAGING_GROUP"
}

install_rule() {
    tmp="$(mktemp)"
    rule_text > "$tmp"
    if [ -f "$RULE_FILE" ] && cmp -s "$tmp" "$RULE_FILE"; then
        msg "udev rule unchanged"
    else
        as_root install -m 0644 "$tmp" "$RULE_FILE"
        as_root udevadm control --reload-rules
        as_root udevadm trigger --subsystem-match=usb
        msg "installed $RULE_FILE"
    fi
    rm -f "$tmp"
}

mount_data() {
    dev="$(blkid -L "$DATA_LABEL" 2>/dev/null || true)"
    if [ -z "$dev" ]; then
        msg "no disk labelled $DATA_LABEL found"
        return 0
    fi
    if mountpoint -q "$DATA_MOUNT"; then
        msg "$DATA_MOUNT already mounted"
        return 0
    fi
    as_root mkdir -p "$DATA_MOUNT"
    as_root mount -o noatime,nodev,nosuid "$dev" "$DATA_MOUNT"
    as_root chgrp "$IMAGING_GROUP" "$DATA_MOUNT"
    as_root chmod 2775 "$DATA_MOUNT"
    msg "mounted $dev on $DATA_MOUNT"
}

case "${1:-all}" in
    driver) load_driver ;;
    udev) install_rule ;;
    disk) mount_data ;;
    all)
        load_driver
        install_rule
        mount_data
        ;;
    *) echo "usage: $0 [driver|udev|disk|all]" >&2; exit 2 ;;
esac
msg "done"
