#!/usr/bin/env bash
# Gives the storage-room USB hygrometer a stable device name
# (/dev/hygro0) and lets the logging account read it without root.
# Run once per workstation after plugging the sensor in.
set -euo pipefail

VENDOR_ID="${HYGRO_VID:-16c0}"
PRODUCT_ID="${HYGRO_PID:-05dc}"
LINK_NAME="${HYGRO_LINK:-hygro0}"
LOG_USER="${HYGRO_USER:-$USER}"
RULE_DIR="/etc/udev/rules.d"
RULE_NAME="72-workshop-hygrometer.rules"

msg() { echo "[hygro-setup] $*"; }
die() { echo "[hygro-setup] error: $*" >&2; exit 1; }

usage() {
    echo "usage: $0 [--check] [--user NAME]"
}

CHECK_ONLY=0
while [ $# -gt 0 ]; do
    case "$1" in
        --check) CHECK_ONLY=1; shift ;;
        --user) LOG_USER="$2"; shift 2 ;;
        -h|--help) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

# pick whichever elevation tool this machine has
elevate() {
    local t
    for t in sudo doas; do
        if command -v "$t" >/dev/null 2>&1; then
            "$t" "$@"
            return
        fi
    done
    die "need sudo or doas"
}

sensor_present() {
    lsusb 2>/dev/null | grep -qi "${VENDOR_ID}:${PRODUCT_ID}"
}

rule_text() {
    printf 'SUBSYSTEM=="tty", ATTRS{idVendor}=="%s", ATTRS{idProduct}=="%s", ' \
        "$VENDOR_ID" "$PRODUCT_ID"
    printf 'SYMLINK+="%s", GROUP="dialout", MODE="0660"\n' "$LINK_NAME"
}

install_rule() {
    local target="$RULE_DIR/$RULE_NAME"
    if [ -f "$target" ] && diff -q <(rule_text) "$target" >/dev/null; then
        msg "rule already up to date"
        return
    fi
    rule_text | elevate tee "$target" >/dev/null
    elevate chmod 0644 "$target"
    elevate udevadm control --reload-rules
    elevate udevadm trigger --subsystem-match=tty
    msg "rule installed at $target"
}

grant_group() {
    if id -nG "$LOG_USER" | tr ' ' '\n' | grep -qx dialout; then
        msg "$LOG_USER already in dialout"
    else
        elevate usermod -aG dialout "$LOG_USER"
        msg "added $LOG_USER to dialout (log out and back in)"
    fi
}

main() {
    if sensor_present; then
        msg "sensor ${VENDOR_ID}:${PRODUCT_ID} found"
    else
        msg "sensor not plugged in; installing rule anyway"
    fi
    if [ "$CHECK_ONLY" -eq 1 ]; then
        rule_text
        exit 0
    fi
    install_rule
    grant_group
    sleep 1
    if [ -e "/dev/$LINK_NAME" ]; then
        msg "/dev/$LINK_NAME is ready"
    else
        msg "replug the sensor to create /dev/$LINK_NAME"
    fi
}

main
