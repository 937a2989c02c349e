#!/usr/bin/env bash
# gps_dongle_setup.sh - set up the USB GPS puck on a crew laptop so the tree
# survey app can read positions through gpsd.
#
# Usage: ./gps_dongle_setup.sh [/dev/ttyACM0]
set -euo pipefail

DEVICE="${1:-}"
GPSD_DEFAULTS=/etc/default/gpsd
BACKUP_DIR="${HOME}/.cache/gps-setup"

msg() { printf '[gps-setup] %s\n' "$*"; }

find_device() {
    local d
    for d in /dev/ttyACM0 /dev/ttyACM1 /dev/ttyUSB0 /dev/ttyUSB1; do
        if [[ -c "$d" ]]; then
            echo "$d"
            return 0
        fi
    done
    return 1
}

if [[ -z "$DEVICE" ]]; then
    DEVICE="$(find_device)" || { msg "no GPS puck found, is it plugged in?"; exit 1; }
fi
msg "using $DEVICE"

if ! command -v gpsd >/dev/null; then
    msg "installing gpsd"
    sudo apt-get update -qq
    sudo apt-get install -y gpsd gpsd-clients
fi

mkdir -p "$BACKUP_DIR"
if [[ -f "$GPSD_DEFAULTS" ]]; then
    cp "$GPSD_DEFAULTS" "${BACKUP_DIR}/gpsd.$(date +%s).bak"
fi

msg "writing $GPSD_DEFAULTS"
sudo tee "$GPSD_DEFAULTS" >/dev/null <<EOF
# managed by gps_dongle_setup.sh
START_DAEMON="true"
USBAUTO="true"
DEVICES="${DEVICE}"
GPSD_OPTIONS="-n"
EOF
sudo chmod 0644 "$GPSD_DEFAULTS"

if ! id -nG "$USER" | grep -qw dialout; then
    msg "adding $USER to dialout (log out and back in afterwards)"
    sudo usermod -aG dialout "$USER"
fi

msg "restarting gpsd"
sudo systemctl restart gpsd.socket gpsd.service

sleep 3
if command -v gpspipe >/dev/null; then
    msg "waiting for a fix (10 s)"
    if timeout 10 gpspipe -w -n 8 | grep -q '"class":"TPV"'; then
        msg "GPS is reporting positions"
    else
        msg "no fix yet - take the laptop outside and try again"
    fi
fi
