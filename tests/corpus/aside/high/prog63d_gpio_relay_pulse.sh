#!/bin/sh
# Pulse the garage-door relay wired to a Raspberry Pi GPIO pin using the
# legacy sysfs GPIO interface. Meant to be triggered by the home automation
# hub through an SSH command.
#
# usage: gpio_relay_pulse.sh [pin] [pulse_ms]

PIN="${1:-17}"
PULSE_MS="${2:-400}"
GPIO_ROOT=/sys/class/gpio
ACTIVE_LOW="${ACTIVE_LOW:-1}"
LOCKFILE="${XDG_RUNTIME_DIR:-$HOME}/.relay-$PIN.lock"

say() { echo "relay[$PIN]: $*"; }

sysfs_write() {
    # $1 value, $2 file
    if [ -w "$2" ]; then
        printf '%s' "$1" > "$2"
    else
        printf '%s' "$1" | sudo tee "$2" > /dev/null
    fi
}

export_pin() {
    if [ ! -d "$GPIO_ROOT/gpio$PIN" ]; then
        sysfs_write "$PIN" "$GPIO_ROOT/export"
        # udev needs a moment to fix permissions on the new node
        n=0
        while [ ! -w "$GPIO_ROOT/gpio$PIN/direction" ] && [ $n -lt 20 ]; do
            sleep 0.05
            n=$((n + 1))
        done
    fi
    sysfs_write out "$GPIO_ROOT/gpio$PIN/direction"
    sysfs_write "$ACTIVE_LOW" "$GPIO_ROOT/gpio$PIN/active_low"
}

set_level() {
    sysfs_write "$1" "$GPIO_ROOT/gpio$PIN/value"
}

cleanup() {
    set_level 0
    rm -f "$LOCKFILE"
}

case "$PIN" in
    ''|*[!0-9]*) say "pin must be numeric"; exit 2 ;;
esac
case "$PULSE_MS" in
    ''|*[!0-9]*) say "pulse must be milliseconds"; exit 2 ;;
esac
if [ "$PULSE_MS" -gt 3000 ]; then
    say "refusing pulse longer than 3s"
    exit 2
fi

if [ -e "$LOCKFILE" ]; then
    say "another pulse in progress"
    exit 1
fi
: > "$LOCKFILE"
trap cleanup EXIT INT TERM

export_pin
secs=$(awk "BEGIN { printf \"%.3f\", $PULSE_MS / 1000 }")
say "closing for ${secs}s"
set_level 1
sleep "$secs"
set_level 0
say "released"
logger -t garage-relay "pulsed gpio$PIN for ${PULSE_MS}ms" 2>/dev/null || true
