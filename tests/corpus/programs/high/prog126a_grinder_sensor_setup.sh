#!/bin/sh
# grinder_sensor_setup.sh - get the belt grinder's USB thermocouple and
# current clamp talking to the batch logger.
#
# The sensor board is a CP2102 bridge.  This script loads the driver,
# finds the serial port, sets the line speed and writes the port into the
# logger config (./grindlog.ini) so batches get blade temperature readings.
#
#   sh grinder_sensor_setup.sh [--baud 115200] [--test]

set -eu

BAUD=115200
TEST=0
CONFIG="./grindlog.ini"
VENDOR_PRODUCT="10c4:ea60"

info() { echo "sensor-setup: $*"; }
die()  { echo "sensor-setup: $*" >&2; exit 1; }

while [ $# -gt 0 ]; do
    case "$1" in
        --baud) BAUD="$2"; shift 2 ;;
        --test) TEST=1; shift ;;
        -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
        *) die "unknown option $1" ;;
    esac
done

as_root() {
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    elif command -v doas >/dev/null 2>&1; then
        doas "$@"
    else
        sudo "$@"
    fi
}

load_driver() {
    if lsmod | grep -q '^cp210x'; then
        info "cp210x driver already loaded"
        return
    fi
    as_root modprobe usbserial
    as_root modprobe cp210x || die "could not load cp210x driver"
    sleep 1
    info "driver loaded"
}

find_port() {
    for dev in /sys/bus/usb-serial/devices/*; do
        [ -e "$dev" ] || continue
        usbdir=$(readlink -f "$dev/../..")
        vid=$(cat "$usbdir/idVendor" 2>/dev/null || true)
        pid=$(cat "$usbdir/idProduct" 2>/dev/null || true)
        if [ "$vid:$pid" = "$VENDOR_PRODUCT" ]; then
            echo "/dev/$(basename "$dev")"
            return 0
        fi
    done
    return 1
}

open_port() {
    port="$1"
    if [ ! -w "$port" ]; then
        info "giving the workshop account access to $port"
        as_root chmod 0666 "$port"
    fi
    stty -F "$port" "$BAUD" cs8 -cstopb -parenb raw -echo || die "cannot configure $port"
}

write_config() {
    port="$1"
    tmp="${CONFIG}.tmp"
    if [ -f "$CONFIG" ]; then
        grep -v -e '^serial_port=' -e '^serial_baud=' "$CONFIG" > "$tmp" || true
    else
        printf '[sensor]\n' > "$tmp"
    fi
    printf 'serial_port=%s\nserial_baud=%s\n' "$port" "$BAUD" >> "$tmp"
    mv "$tmp" "$CONFIG"
    chmod 600 "$CONFIG"
    info "logger config updated ($CONFIG)"
}

test_read() {
    port="$1"
    info "reading 5 lines from $port ..."
    timeout 8 head -n 5 "$port" | while IFS=, read -r t_c amps rest; do
        printf '  blade %s C   motor %s A\n' "$t_c" "$amps"
    done || info "no data - is the sensor board powered?"
}

load_driver
port=$(find_port) || die "sensor board ($VENDOR_PRODUCT) not found - check the USB cable"
info "sensor on $port"
open_port "$port"
write_config "$port"
[ "$TEST" -eq 1 ] && test_read "$port"
info "done"
