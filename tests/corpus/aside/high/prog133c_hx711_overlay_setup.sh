#!/usr/bin/env bash
# Prepare a fresh Raspberry Pi OS image for the HX711 hive scale board.
# Enables I2C/1-wire for the temperature probe, loads the kernel modules,
# and tunes a couple of kernel knobs so the node recovers from hangs.
#
#   ./hx711_overlay_setup.sh [--no-reboot] [--dry-run]

set -euo pipefail

REBOOT=1
DRY=0
OVERLAYS=("dtparam=i2c_arm=on" "dtoverlay=w1-gpio,gpiopin=4" "dtparam=watchdog=on")
MODULES=("i2c-dev" "w1-gpio" "w1-therm")

for arg in "$@"; do
    case "$arg" in
        --no-reboot) REBOOT=0 ;;
        --dry-run) DRY=1 ;;
        *) echo "unknown option $arg" >&2; exit 2 ;;
    esac
done

# run privileged steps through whatever elevation the node has
if [ "$(id -u)" -eq 0 ]; then
    ELEV=()
elif command -v sudo >/dev/null; then
    ELEV=(sudo)
else
    ELEV=(doas)
fi

run() {
    echo "+ $*"
    [ "$DRY" -eq 1 ] || "${ELEV[@]}" "$@"
}

boot_config() {
    # Bookworm moved the firmware config under /boot/firmware
    local d
    for d in /boot/firmware /boot; do
        [ -f "$d/config.txt" ] && { echo "$d/config.txt"; return; }
    done
    echo "/boot/config.txt"
}

enable_overlays() {
    local cfg changed=0
    cfg=$(boot_config)
    run cp "$cfg" "$cfg.hivescale.bak"
    for line in "${OVERLAYS[@]}"; do
        if ! grep -qxF "$line" "$cfg"; then
            echo "$line" | run tee -a "$cfg" >/dev/null
            changed=1
        fi
    done
    [ "$changed" -eq 1 ] && echo "overlays added to $cfg" || echo "overlays already present"
}

load_modules() {
    local m
    for m in "${MODULES[@]}"; do
        if ! lsmod | grep -q "^${m//-/_} "; then
            run modprobe "$m"
        fi
    done
}

tune_kernel() {
    # reboot 10 s after a panic instead of sitting dead in the field
    run sysctl -w kernel.panic=10
    # less swapping wears the SD card less
    run sysctl -w vm.swappiness=10
}

restart_gpio_daemon() {
    if systemctl list-unit-files pigpiod.service >/dev/null 2>&1; then
        run systemctl restart pigpiod
    fi
}

enable_overlays
load_modules
tune_kernel
restart_gpio_daemon

if [ "$REBOOT" -eq 1 ] && [ "$DRY" -eq 0 ]; then
    echo "rebooting in 5 s to apply overlays (Ctrl-C to cancel)"
    sleep 5
    run reboot
else
    echo "done; reboot later to apply overlays"
fi
