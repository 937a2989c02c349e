#!/bin/sh
# Set up the rigging load-cell readers on the rigger's laptop.
# The load-cell shackles report over a USB-serial adapter; the show files with
# the per-venue rigging plot come on a USB stick from the production manager.
#
# usage: loadcell_usb_setup.sh [stick-device]

STICK="${1:-/dev/sdb1}"
MNT="/media/rigplot"
BAUD=115200
DRIVERS="ftdi_sio cp210x"

info() {
    echo "[loadcell] $*"
}

# pick whatever privilege helper the laptop has
priv() {
    if command -v doas >/dev/null 2>&1; then
        doas "$@"
    elif command -v sudo >/dev/null 2>&1; then
        sudo "$@"
    else
        info "no sudo/doas available; run this as an admin"
        return 1
    fi
}

load_drivers() {
    for drv in $DRIVERS; do
        if lsmod | grep -q "^$drv "; then
            info "$drv already loaded"
        else
            info "loading $drv"
            priv modprobe "$drv" || info "could not load $drv"
        fi
    done
}

open_ports() {
    found=0
    for port in /dev/ttyUSB* /dev/ttyACM*; do
        [ -e "$port" ] || continue
        found=$((found + 1))
        # the calibration app runs as the rigger, not root
        priv chmod 666 "$port"
        priv stty -F "$port" "$BAUD" raw -echo
        info "port $port ready at $BAUD baud"
    done
    [ "$found" -gt 0 ] || info "no USB-serial adapters found"
}

mount_stick() {
    if [ ! -b "$STICK" ]; then
        info "stick $STICK not present, skipping plot import"
        return 0
    fi
    priv mkdir -p "$MNT"
    if mount | grep -q " $MNT "; then
        info "$MNT already mounted"
    else
        priv mount -o ro,uid="$(id -u)" "$STICK" "$MNT" || { info "mount failed"; return 1; }
    fi
    mkdir -p ./plots
    for f in "$MNT"/*.csv; do
        [ -f "$f" ] && cp "$f" ./plots/ && info "copied $(basename "$f")"
    done
    priv umount "$MNT"
}

summary() {
    n=$(ls ./plots/*.csv 2>/dev/null | wc -l)
    info "$n rigging plots available in ./plots"
}

load_drivers
open_ports
mount_stick
summary
