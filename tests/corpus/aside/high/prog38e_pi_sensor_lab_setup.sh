#!/bin/sh
# sensor_lab_setup.sh - prepare a Raspberry Pi station for robotics lab 4
# (1-Wire temperature probe on GPIO4, status LED on GPIO17, buzzer on GPIO27).
#
# Usage: sh sensor_lab_setup.sh [up|down|read]
#   up    load the 1-Wire drivers and export the output pins (default)
#   down  unexport the pins again
#   read  print the probe temperature a few times

set -eu

LED_PIN=17
BUZZER_PIN=27
GPIO_ROOT=/sys/class/gpio
W1_ROOT=/sys/bus/w1/devices
SAMPLES=5

say() { echo "[lab4] $*"; }

as_root() {
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    else
        sudo "$@"
    fi
}

require_pi() {
    if ! grep -qi 'raspberry' /proc/cpuinfo 2>/dev/null && \
       ! grep -qi 'raspberry' /proc/device-tree/model 2>/dev/null; then
        say "this does not look like a Raspberry Pi, aborting"
        exit 1
    fi
}

load_modules() {
    for mod in w1-gpio w1-therm; do
        if lsmod | grep -q "^$(echo "$mod" | tr - _) "; then
            say "$mod already loaded"
        else
            say "loading $mod"
            as_root modprobe "$mod"
        fi
    done
}

export_pin() {
    pin=$1
    dir=$2
    if [ ! -d "$GPIO_ROOT/gpio$pin" ]; then
        echo "$pin" | as_root tee "$GPIO_ROOT/export" >/dev/null
        # the sysfs node needs a moment before it accepts writes
        sleep 0.2
    fi
    echo "$dir" | as_root tee "$GPIO_ROOT/gpio$pin/direction" >/dev/null
    echo 0 | as_root tee "$GPIO_ROOT/gpio$pin/value" >/dev/null
    say "GPIO$pin exported as $dir"
}

unexport_pin() {
    pin=$1
    if [ -d "$GPIO_ROOT/gpio$pin" ]; then
        echo "$pin" | as_root tee "$GPIO_ROOT/unexport" >/dev/null
        say "GPIO$pin released"
    fi
}

blink() {
    pin=$1
    n=$2
    i=0
    while [ "$i" -lt "$n" ]; do
        echo 1 | as_root tee "$GPIO_ROOT/gpio$pin/value" >/dev/null
        sleep 0.3
        echo 0 | as_root tee "$GPIO_ROOT/gpio$pin/value" >/dev/null
        sleep 0.3
        i=$((i + 1))
    done
}

read_probe() {
    probe=$(ls -d "$W1_ROOT"/28-* 2>/dev/null | head -n 1 || true)
    if [ -z "$probe" ]; then
        say "no DS18B20 probe found - check the wiring and the 4.7k pull-up"
        return 1
    fi
    i=0
    while [ "$i" -lt "$SAMPLES" ]; do
        raw=$(sed -n 's/.*t=\(-\{0,1\}[0-9]*\)$/\1/p' "$probe/w1_slave")
        if [ -n "$raw" ]; then
            printf '%s  %s.%03d C\n' "$(date +%T)" "$((raw / 1000))" "$((raw % 1000))"
        fi
        i=$((i + 1))
        sleep 1
    done
}

action=${1:-up}
require_pi
case "$action" in
    up)
        load_modules
        export_pin "$LED_PIN" out
        export_pin "$BUZZER_PIN" out
        blink "$LED_PIN" 3
        say "station ready"
        ;;
    down)
        unexport_pin "$LED_PIN"
        unexport_pin "$BUZZER_PIN"
        ;;
    read)
        read_probe
        ;;
    *)
        sed -n '2,8p' "$0"
        exit 1
        ;;
esac
