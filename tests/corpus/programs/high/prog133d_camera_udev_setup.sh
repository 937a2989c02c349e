#!/usr/bin/env bash
# Set up the USB webcam used for the studio live stream.
#
# Loads the UVC driver with the quirks our camera needs, gives it a stable
# /dev/studiocam name and lets the stream user open it without root.
set -euo pipefail

CAM_VENDOR="${CAM_VENDOR:-046d}"
CAM_PRODUCT="${CAM_PRODUCT:-085c}"
STREAM_GROUP="${STREAM_GROUP:-video}"
RULE_NAME="${RULE_NAME:-72-studiocam.rules}"
RULES_DIR="/etc/udev/rules.d"
QUIRKS="${QUIRKS:-0x80}"

log() { printf '[camsetup] %s\n' "$*"; }
die() { log "error: $*"; exit 1; }

# run privileged steps through whichever elevation tool this box has
elevate() {
    local t
    for t in sudo doas; do
        if command -v "$t" >/dev/null 2>&1; then
            "$t" "$@"
            return
        fi
    done
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    else
        die "need root for: $*"
    fi
}

usage() {
    echo "usage: $0 [-v vendor] [-p product] [-g group]"
}

while getopts "v:p:g:h" o; do
    case "$o" in
        v) CAM_VENDOR="$OPTARG" ;;
        p) CAM_PRODUCT="$OPTARG" ;;
        g) STREAM_GROUP="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 1 ;;
    esac
done

find_camera() {
    if ! lsusb | grep -qi "${CAM_VENDOR}:${CAM_PRODUCT}"; then
        die "camera ${CAM_VENDOR}:${CAM_PRODUCT} not found on USB"
    fi
    log "camera ${CAM_VENDOR}:${CAM_PRODUCT} detected"
}

load_driver() {
    local drv="uvc""video"
    elevate modprobe -r "$drv" 2>/dev/null || true
    elevate modprobe "$drv" "quirks=${QUIRKS}"
    log "driver reloaded with quirks=${QUIRKS}"
}

write_rule() {
    local rule
    rule=$(printf 'SUBSYSTEM=="video4linux", ATTRS{idVendor}=="%s", ATTRS{idProduct}=="%s", GROUP="%s", MODE="0660", SYMLINK+="studiocam"\n' \
        "$CAM_VENDOR" "$CAM_PRODUCT" "$STREAM_GROUP")
    echo "$rule" | elevate tee "$RULES_DIR/$RULE_NAME" >/dev/null
    elevate chmod 644 "$RULES_DIR/$RULE_NAME"
    elevate udevadm control --reload-rules
    elevate udevadm trigger --subsystem-match=video4linux
    log "udev rule installed as $RULES_DIR/$RULE_NAME"
}

fix_current_node() {
    local node
    for node in /dev/video*; do
        [ -e "$node" ] || continue
        elevate chgrp "$STREAM_GROUP" "$node"
        elevate chmod 0666 "$node"
        log "opened up $node for this session"
    done
}

add_stream_user() {
    local user="${SUDO_USER:-$USER}"
    if id -nG "$user" | grep -qw "$STREAM_GROUP"; then
        log "$user already in $STREAM_GROUP"
    else
        elevate usermod -aG "$STREAM_GROUP" "$user"
        log "added $user to $STREAM_GROUP (log out and back in)"
    fi
}

main() {
    find_camera
    load_driver
    write_rule
    fix_current_node
    add_stream_user
    log "done; the stream can now open /dev/studiocam"
}

main
