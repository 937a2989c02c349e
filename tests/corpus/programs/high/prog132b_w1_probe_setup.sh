#!/bin/sh
# w1_probe_setup.sh - prepare a Raspberry Pi for DS18B20 vivarium probes.
#
# Loads the 1-wire GPIO and thermometer drivers, makes them load at boot,
# adds the device-tree overlay, installs a udev rule so the heat controller
# (running as the 'vivarium' group) can read the probes, then lists the
# probes it finds and writes ./probes.json for labelling.
#
# Usage: ./w1_probe_setup.sh [-p gpio_pin] [-g group]
set -eu

PIN=4
GROUP=vivarium
PROBE_MAP=./probes.json

while getopts "p:g:h" opt; do
    case "$opt" in
        p) PIN=$OPTARG ;;
        g) GROUP=$OPTARG ;;
        h) sed -n '2,9p' "$0"; exit 0 ;;
        *) exit 2 ;;
    esac
done

info() { printf '==> %s\n' "$*"; }
warn() { printf 'warning: %s\n' "$*" >&2; }

boot_config() {
    for f in /boot/firmware/config.txt /boot/config.txt; do
        [ -f "$f" ] && { echo "$f"; return 0; }
    done
    return 1
}

load_modules() {
    info "loading w1-gpio (pin $PIN) and w1-therm"
    sudo modprobe w1-gpio gpiopin="$PIN" || warn "w1-gpio did not load"
    sudo modprobe w1-therm || warn "w1-therm did not load"
    printf 'w1-gpio\nw1-therm\n' | sudo tee /etc/modules-load.d/vivarium-w1.conf >/dev/null
}

enable_overlay() {
    cfg=$(boot_config) || { warn "no boot config.txt found, skipping overlay"; return 0; }
    if grep -q '^dtoverlay=w1-gpio' "$cfg"; then
        info "overlay already present in $cfg"
    else
        info "adding w1-gpio overlay to $cfg"
        sudo cp "$cfg" "$cfg.bak.$(date +%s)"
        printf '\n# vivarium DS18B20 probes\ndtoverlay=w1-gpio,gpiopin=%s\n' "$PIN" | sudo tee -a "$cfg" >/dev/null
        NEED_REBOOT=1
    fi
}

install_udev_rule() {
    getent group "$GROUP" >/dev/null || sudo groupadd --system "$GROUP"
    sudo usermod -aG "$GROUP" "$(id -un)"
    sudo tee /etc/udev/rules.d/60-vivarium-w1.rules >/dev/null <<EOF
SUBSYSTEM=="w1", ACTION=="add", RUN+="/bin/chgrp -R $GROUP /sys%p", RUN+="/bin/chmod -R g+r /sys%p"
EOF
    sudo udevadm control --reload-rules
    sudo udevadm trigger --subsystem-match=w1
}

list_probes() {
    sleep 2
    first=1
    printf '{\n' > "$PROBE_MAP"
    for dev in /sys/bus/w1/devices/28-*; do
        [ -e "$dev/w1_slave" ] || continue
        id=$(basename "$dev")
        raw=$(cat "$dev/w1_slave" 2>/dev/null || true)
        temp=$(printf '%s' "$raw" | sed -n 's/.*t=\(-\{0,1\}[0-9]*\)$/\1/p')
        info "found $id ${temp:+($(awk "BEGIN{printf \"%.2f\", $temp/1000}") C)}"
        [ $first -eq 1 ] || printf ',\n' >> "$PROBE_MAP"
        printf '  "%s": {"label": "", "enclosure": ""}' "$id" >> "$PROBE_MAP"
        first=0
    done
    printf '\n}\n' >> "$PROBE_MAP"
    [ $first -eq 0 ] || warn "no DS18B20 probes detected - check wiring and the 4.7k pull-up"
}

NEED_REBOOT=0
load_modules
enable_overlay
install_udev_rule
list_probes
info "probe map written to $PROBE_MAP - fill in the labels"
[ "$NEED_REBOOT" -eq 0 ] || info "reboot required for the overlay to take effect"
