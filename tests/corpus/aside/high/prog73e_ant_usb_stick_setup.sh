#!/bin/sh
# ant_usb_stick_setup.sh - make Garmin / Dynastream ANT+ USB sticks usable by
# the trainer app without running it as root.
#
# Detects the stick, installs a udev rule giving the plugdev group access,
# adds the current user to plugdev and reloads udev.
#
# Usage: ant_usb_stick_setup.sh [--group plugdev] [--dry-run]

GROUP=plugdev
DRY=0
RULE_NAME=51-ant-usb-stick.rules
TARGET_USER="${SUDO_USER:-$(id -un)}"

while [ $# -gt 0 ]; do
    case "$1" in
        --group) GROUP="$2"; shift 2 ;;
        --dry-run) DRY=1; shift ;;
        -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
        *) echo "unknown argument: $1" >&2; exit 2 ;;
    esac
done

info() { printf '==> %s\n' "$*"; }
warn() { printf 'warning: %s\n' "$*" >&2; }

run() {
    if [ "$DRY" -eq 1 ]; then
        printf '[dry-run] %s\n' "$*"
    else
        "$@"
    fi
}

ELEVATE=""
if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1; then
        ELEVATE=sudo
    elif command -v doas >/dev/null 2>&1; then
        ELEVATE=doas
    else
        echo "need root (sudo or doas) to install udev rules" >&2
        exit 1
    fi
fi

detect_stick() {
    # 0fcf:1008 = ANTUSB2, 0fcf:1009 = ANTUSB-m, 0fcf:1004 = ANTUSB (old)
    if command -v lsusb >/dev/null 2>&1; then
        lsusb | grep -Ei '0fcf:(1004|1008|1009)' || return 1
    else
        grep -l '^0fcf$' /sys/bus/usb/devices/*/idVendor 2>/dev/null | head -n1 || return 1
    fi
}

rule_text() {
    for pid in 1004 1008 1009; do
        printf 'SUBSYSTEM=="usb", ATTRS{idVendor}=="0fcf", ATTRS{idProduct}=="%s", MODE="0660", GROUP="%s"\n' \
            "$pid" "$GROUP"
    done
}

install_rule() {
    dest="/etc/udev/rules.d/$RULE_NAME"
    info "writing $dest"
    if [ "$DRY" -eq 1 ]; then
        rule_text
        return
    fi
    rule_text | $ELEVATE tee "$dest" >/dev/null || { echo "could not write $dest" >&2; exit 1; }
    $ELEVATE chmod 0644 "$dest"
}

ensure_group() {
    if ! getent group "$GROUP" >/dev/null; then
        info "creating group $GROUP"
        run $ELEVATE groupadd --system "$GROUP"
    fi
    if id -nG "$TARGET_USER" | tr ' ' '\n' | grep -qx "$GROUP"; then
        info "$TARGET_USER already in $GROUP"
    else
        info "adding $TARGET_USER to $GROUP (log out and back in afterwards)"
        run $ELEVATE usermod -aG "$GROUP" "$TARGET_USER"
    fi
}

if detect_stick >/dev/null; then
    info "ANT+ stick detected"
else
    warn "no ANT+ stick plugged in; installing rule anyway"
fi

install_rule
ensure_group
info "reloading udev"
run $ELEVATE udevadm control --reload-rules
run $ELEVATE udevadm trigger --subsystem-match=usb --attr-match=idVendor=0fcf
info "done - replug the stick"
