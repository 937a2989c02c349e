#!/usr/bin/env bash
# probe_modules.sh - bring up the 1-Wire temperature probes in the cave.
#
# The DS18B20 probes on the rind-wash racks hang off the gateway's GPIO pin.
# After a kernel update the bus modules sometimes do not come back; this
# loads them, lets the cave group read the probe files and prints a reading.
set -euo pipefail

PROBE_GROUP="${PROBE_GROUP:-cave}"
W1_ROOT="/sys/bus/w1/devices"
GPIO_PIN="${GPIO_PIN:-4}"

# Modules needed for the probe bus, in load order.
declare -a BUS_MODULES=("w1-gpio" "w1-therm")
declare -A BUS_OPTS=([w1-gpio]="gpiopin=${GPIO_PIN}" [w1-therm]="")

elevate() {
    if [[ "$(id -u)" -eq 0 ]]; then
        "$@"
    else
        sudo "$@"
    fi
}

load_bus() {
    local mod
    for mod in "${BUS_MODULES[@]}"; do
        if lsmod | grep -q "^${mod//-/_} "; then
            echo "module $mod already loaded"
        else
            echo "loading $mod"
            # shellcheck disable=SC2086
            elevate modprobe "$mod" ${BUS_OPTS[$mod]}
        fi
    done
}

share_probes() {
    local dev
    for dev in "$W1_ROOT"/28-*; do
        [[ -e "$dev" ]] || continue
        elevate chgrp "$PROBE_GROUP" "$dev/w1_slave" "$dev/temperature" 2>/dev/null || true
        elevate chmod 0640 "$dev/w1_slave" "$dev/temperature" 2>/dev/null || true
    done
}

read_probe() {
    local dev="$1" raw
    raw="$(cat "$dev/temperature" 2>/dev/null || echo "")"
    if [[ -n "$raw" ]]; then
        printf '%s %d.%03d C\n' "$(basename "$dev")" $((raw / 1000)) $((raw % 1000))
    else
        printf '%s no reading\n' "$(basename "$dev")"
    fi
}

main() {
    load_bus
    sleep 2
    if ! compgen -G "$W1_ROOT/28-*" >/dev/null; then
        echo "no probes found on the bus; check wiring on pin $GPIO_PIN" >&2
        exit 1
    fi
    share_probes
    for dev in "$W1_ROOT"/28-*; do
        read_probe "$dev"
    done
}

main "$@"
