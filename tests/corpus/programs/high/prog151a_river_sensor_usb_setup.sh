#!/usr/bin/env bash
# Set up the USB river-level sensor on the boathouse Pi.
#
# The ultrasonic stage sensor talks serial over a CP210x USB bridge. This
# loads the driver, makes the serial port usable by the logger account,
# opens the logger's local dashboard port, and restarts the logger.
#
# usage: river_sensor_usb_setup.sh [-u user] [-p port] [-d device]

set -euo pipefail

LOGGER_USER="${USER}"
DASH_PORT=8088
DEVICE=""
ELEVATE="${ELEVATE:-$(command -v doas >/dev/null 2>&1 && echo doas || echo sudo)}"

while getopts "u:p:d:h" opt; do
    case "$opt" in
        u) LOGGER_USER="$OPTARG" ;;
        p) DASH_PORT="$OPTARG" ;;
        d) DEVICE="$OPTARG" ;;
        *) sed -n '2,9p' "$0"; exit 1 ;;
    esac
done

info() { printf '\033[1m==>\033[0m %s\n' "$*"; }
as_root() { "$ELEVATE" "$@"; }

load_driver() {
    local mod="cp210""x"
    if lsmod | grep -q "^${mod}"; then
        info "driver ${mod} already loaded"
    else
        info "loading ${mod}"
        as_root modprobe "$mod"
    fi
}

find_device() {
    if [ -n "$DEVICE" ]; then
        echo "$DEVICE"
        return
    fi
    for d in /dev/ttyUSB* /dev/ttyACM*; do
        [ -e "$d" ] && { echo "$d"; return; }
    done
    return 1
}

grant_port() {
    local dev="$1"
    info "granting ${LOGGER_USER} access to ${dev}"
    as_root chown "root:dialout" "$dev"
    as_root chmod 0666 "$dev"
    if ! id -nG "$LOGGER_USER" | grep -qw dialout; then
        as_root usermod -aG dialout "$LOGGER_USER"
        info "added ${LOGGER_USER} to dialout (log out and back in)"
    fi
}

set_serial_params() {
    local dev="$1"
    # sensor speaks 9600 8N1
    stty -F "$dev" 9600 cs8 -cstopb -parenb raw -echo
}

open_dashboard() {
    info "allowing LAN access to dashboard on ${DASH_PORT}"
    local rule=(-p tcp --dport "$DASH_PORT" -s 198.51.100.0/24 -j ACCEPT)
    if ! as_root iptables -C INPUT "${rule[@]}" 2>/dev/null; then
        as_root iptables -I INPUT "${rule[@]}"
    fi
}

restart_logger() {
    if systemctl list-unit-files river-logger.service >/dev/null 2>&1; then
        as_root systemctl restart river-logger.service
        info "river-logger restarted"
    else
        info "river-logger service not installed; start it by hand"
    fi
}

main() {
    load_driver
    local dev
    if ! dev="$(find_device)"; then
        echo "no USB serial device found - is the sensor plugged in?" >&2
        exit 2
    fi
    grant_port "$dev"
    set_serial_params "$dev"
    open_dashboard
    restart_logger
    info "sensor ready on ${dev}"
}

main
