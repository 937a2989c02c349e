#!/usr/bin/env bash
# Set up the USB serial adapter for the forge pyrometer on the shop PC.
# Loads the CP210x/CH341 driver, adds the user to dialout and fixes the
# device permissions so the logger can read it without root.
set -euo pipefail

USER_NAME="${SUDO_USER:-${USER}}"
DEVICE="${PYRO_DEVICE:-/dev/ttyUSB0}"
DRIVERS="cp210x ch341 ftdi_sio"

info() { echo "[pyro-setup] $*"; }

if [ "$(id -u)" -ne 0 ]; then
    info "re-running with sudo"
    exec sudo -E "$0" "$@"
fi

for drv in $DRIVERS; do
    if lsmod | grep -q "^$drv "; then
        info "$drv already loaded"
    else
        info "loading $drv"
        modprobe "$drv" || info "could not load $drv"
    fi
done

info "waiting for $DEVICE"
for _ in $(seq 1 10); do
    [ -e "$DEVICE" ] && break
    sleep 1
done

if [ ! -e "$DEVICE" ]; then
    info "$DEVICE not found; is the pyrometer plugged in?"
    exit 1
fi

info "adding $USER_NAME to dialout"
usermod -aG dialout "$USER_NAME"

info "setting permissions on $DEVICE"
chgrp dialout "$DEVICE"
chmod 0660 "$DEVICE"

info "tuning serial line"
stty -F "$DEVICE" 9600 cs8 -cstopb -parenb raw -echo

info "restarting the pyrometer logger"
systemctl restart pyro-logger.service || info "pyro-logger not installed"

info "done; log out and back in for the group change to apply"
