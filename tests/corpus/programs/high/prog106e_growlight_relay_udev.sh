#!/usr/bin/env bash
# growlight-relay-setup: make the USB HID relay boards that switch the LED
# grow-light drivers usable by the scheduler without running it as root.
#
# Detects 16c0:05df relay boards, installs a udev rule giving the plugdev
# group access, adds the scheduler user to plugdev and clicks each channel
# once so the electrician can confirm the wiring.
#
# Usage: prog106e_growlight_relay_udev.sh [-u user] [-n channels] [--no-test]

set -euo pipefail

RULE_FILE="/etc/udev/rules.d/90-growlight-relay.rules"
VENDOR="16c0"
PRODUCT="05df"
TARGET_USER="${SUDO_USER:-$USER}"
CHANNELS=8
RUN_TEST=1

while [ $# -gt 0 ]; do
    case "$1" in
        -u) TARGET_USER="$2"; shift 2 ;;
        -n) CHANNELS="$2"; shift 2 ;;
        --no-test) RUN_TEST=0; shift ;;
        -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
        *) echo "unknown option: $1" >&2; exit 2 ;;
    esac
done

msg() { echo "[relay-setup] $*"; }

detect_boards() {
    local count
    count=$(lsusb -d "${VENDOR}:${PRODUCT}" 2>/dev/null | wc -l)
    if [ "$count" -eq 0 ]; then
        msg "no ${VENDOR}:${PRODUCT} relay boards found; plug one in and retry"
        exit 1
    fi
    msg "found ${count} relay board(s)"
}

render_rule() {
    cat <<EOF
# Grow-light USB HID relay boards (dcttech / ucreatefun clones)
SUBSYSTEM=="usb", ATTR{idVendor}=="${VENDOR}", ATTR{idProduct}=="${PRODUCT}", MODE="0660", GROUP="plugdev"
KERNEL=="hidraw*", ATTRS{idVendor}=="${VENDOR}", ATTRS{idProduct}=="${PRODUCT}", MODE="0660", GROUP="plugdev"
EOF
}

install_rule() {
    local tmp_rule
    tmp_rule="$(render_rule)"
    if [ -f "$RULE_FILE" ] && [ "$(cat "$RULE_FILE")" = "$tmp_rule" ]; then
        msg "udev rule already current"
        return 0
    fi
    printf '%s\n' "$tmp_rule" | sudo tee "$RULE_FILE" >/dev/null
    sudo chmod 0644 "$RULE_FILE"
    sudo udevadm control --reload-rules
    sudo udevadm trigger --subsystem-match=usb --attr-match=idVendor="$VENDOR"
    msg "installed $RULE_FILE"
}

grant_group() {
    if id -nG "$TARGET_USER" | tr ' ' '\n' | grep -qx plugdev; then
        msg "$TARGET_USER already in plugdev"
    else
        sudo usermod -aG plugdev "$TARGET_USER"
        msg "added $TARGET_USER to plugdev (log out and back in to apply)"
    fi
}

click_channels() {
    [ "$RUN_TEST" -eq 1 ] || return 0
    if ! command -v usbrelay >/dev/null 2>&1; then
        msg "usbrelay not installed, skipping channel test"
        return 0
    fi
    local board ch
    board=$(usbrelay 2>/dev/null | head -n1 | cut -d_ -f1)
    [ -n "$board" ] || { msg "usbrelay cannot open the board yet"; return 0; }
    for ch in $(seq 1 "$CHANNELS"); do
        msg "channel ${ch} on"
        sudo usbrelay "${board}_${ch}=1" >/dev/null
        sleep 1
        sudo usbrelay "${board}_${ch}=0" >/dev/null
    done
}

main() {
    command -v lsusb >/dev/null 2>&1 || { msg "lsusb missing (apt install usbutils)"; exit 1; }
    detect_boards
    install_rule
    grant_group
    click_channels
    msg "done"
}

main
