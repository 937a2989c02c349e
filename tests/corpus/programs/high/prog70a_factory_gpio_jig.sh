#!/bin/bash
# End-of-line power-on test for the factory jig (runs on the jig's
# Raspberry Pi controller). Switches DUT power through the relay board,
# holds the boot-mode strap, waits for the Linux login banner on the DUT
# console and logs PASS/FAIL per serial number.
#
#   factory_gpio_jig.sh <serial> [--boot-timeout 60] [--console /dev/ttyUSB0]
set -u

SERIAL="${1:-}"
shift || true
BOOT_TIMEOUT=60
CONSOLE=/dev/ttyUSB0
BAUD=115200
JIG_CONF=./jig.conf
RESULTS_DIR=./results

# relay / strap lines on the jig controller (overridable in jig.conf)
GPIO_BASE=/sys/class/gpio
PIN_PWR=17
PIN_BOOTSEL=27
PIN_RESET=22
PIN_LED_PASS=5
PIN_LED_FAIL=6

[ -f "$JIG_CONF" ] && . "$JIG_CONF"

while [ $# -gt 0 ]; do
    case "$1" in
        --boot-timeout) BOOT_TIMEOUT="$2"; shift 2 ;;
        --console) CONSOLE="$2"; shift 2 ;;
        *) echo "unknown option $1" >&2; exit 2 ;;
    esac
done
[ -n "$SERIAL" ] || { echo "usage: $0 <serial> [options]" >&2; exit 2; }

mkdir -p "$RESULTS_DIR"
LOG="$RESULTS_DIR/$SERIAL-$(date +%Y%m%d-%H%M%S).log"
exec 3>>"$LOG"
log() { echo "$(date +%T.%3N) $*" | tee /dev/fd/3; }

gpio_setup() {
    local pin="$1" dir="$2"
    if [ ! -d "$GPIO_BASE/gpio$pin" ]; then
        echo "$pin" > "$GPIO_BASE/export" || return 1
        # udev needs a moment to create the attribute files
        for _ in 1 2 3 4 5; do [ -w "$GPIO_BASE/gpio$pin/direction" ] && break; sleep 0.1; done
    fi
    echo "$dir" > "$GPIO_BASE/gpio$pin/direction"
}

gpio_set() { echo "$2" > "$GPIO_BASE/gpio$1/value"; }

gpio_release() {
    for pin in "$PIN_PWR" "$PIN_BOOTSEL" "$PIN_RESET"; do
        [ -d "$GPIO_BASE/gpio$pin" ] && echo "$pin" > "$GPIO_BASE/unexport" 2>/dev/null
    done
}

power_cycle() {
    gpio_set "$PIN_PWR" 0
    sleep 1
    gpio_set "$PIN_BOOTSEL" 0     # boot from eMMC, not USB
    gpio_set "$PIN_RESET" 0
    gpio_set "$PIN_PWR" 1
    sleep 0.2
    gpio_set "$PIN_RESET" 1
}

wait_for_login() {
    stty -F "$CONSOLE" "$BAUD" raw -echo -hupcl || return 2
    timeout "$BOOT_TIMEOUT" awk -v log="$LOG" '
        { print >> log; fflush(log) }
        /Kernel panic/ { exit 3 }
        /login:/ { exit 0 }' < "$CONSOLE"
}

finish() {
    local verdict="$1"
    gpio_set "$PIN_PWR" 0
    if [ "$verdict" = PASS ]; then gpio_set "$PIN_LED_PASS" 1; else gpio_set "$PIN_LED_FAIL" 1; fi
    printf '%s,%s,%s\n' "$(date -Iseconds)" "$SERIAL" "$verdict" >> "$RESULTS_DIR/summary.csv"
    log "RESULT $SERIAL $verdict"
    gpio_release
}

trap 'finish ABORT; exit 130' INT TERM

for spec in "$PIN_PWR:out" "$PIN_BOOTSEL:out" "$PIN_RESET:out" "$PIN_LED_PASS:out" "$PIN_LED_FAIL:out"; do
    gpio_setup "${spec%%:*}" "${spec##*:}" || { log "cannot export GPIO ${spec%%:*}"; exit 1; }
done
gpio_set "$PIN_LED_PASS" 0
gpio_set "$PIN_LED_FAIL" 0

log "testing $SERIAL, console $CONSOLE, timeout ${BOOT_TIMEOUT}s"
power_cycle
wait_for_login
rc=$?
case "$rc" in
    0) finish PASS ;;
    3) log "kernel panic on DUT"; finish FAIL ;;
    124) log "no login prompt within ${BOOT_TIMEOUT}s"; finish FAIL ;;
    *) log "console error ($rc)"; finish FAIL ;;
esac
[ "$rc" -eq 0 ]
