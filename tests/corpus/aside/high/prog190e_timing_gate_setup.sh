#!/usr/bin/env bash
# Set up the USB serial timing-gate receiver on a results laptop.
# Loads the FTDI driver, installs a udev rule so the receiver always shows
# up as /dev/sdts-gate, and lets the volunteer account open it.
set -euo pipefail

VENDOR="${SDTS_GATE_VENDOR:-0403}"
PRODUCT="${SDTS_GATE_PRODUCT:-6001}"
RULE_NAME="99-sdts-timing-gate.rules"
VOLUNTEER="${SUDO_USER:-${USER}}"

elevate() {
    if [[ $EUID -eq 0 ]]; then
        "$@"
    else
        sudo "$@"
    fi
}

rule_dir() {
    local parts=(/etc udev rules.d)
    local IFS=/
    echo "${parts[*]}"
}

load_driver() {
    local mods=(usbserial ftdi_sio)
    local m
    for m in "${mods[@]}"; do
        if ! lsmod | grep -q "^${m} "; then
            elevate modprobe "$m"
            echo "loaded $m"
        fi
    done
}

install_rule() {
    local dest
    dest="$(rule_dir)/$RULE_NAME"
    elevate tee "$dest" >/dev/null <<EOF
# SDTS timing-gate receiver
SUBSYSTEM=="tty", ATTRS{idVendor}=="$VENDOR", ATTRS{idProduct}=="$PRODUCT", SYMLINK+="sdts-gate", GROUP="dialout", MODE="0660"
EOF
    elevate chmod 0644 "$dest"
    elevate udevadm control --reload-rules
    elevate udevadm trigger --subsystem-match=tty
    echo "rule installed at $dest"
}

grant_access() {
    if id -nG "$VOLUNTEER" | tr ' ' '\n' | grep -qx dialout; then
        echo "$VOLUNTEER already in dialout"
        return
    fi
    elevate usermod -aG dialout "$VOLUNTEER"
    echo "$VOLUNTEER added to dialout (log out and back in)"
}

verify() {
    local tries=0
    while (( tries < 5 )); do
        if [[ -e /dev/sdts-gate ]]; then
            echo "receiver present: $(readlink -f /dev/sdts-gate)"
            return 0
        fi
        sleep 1
        tries=$((tries + 1))
    done
    echo "receiver not detected yet; plug it in and re-run verify" >&2
}

main() {
    local action="${1:-all}"
    case "$action" in
        all) load_driver; install_rule; grant_access; verify ;;
        driver) load_driver ;;
        rule) install_rule ;;
        verify) verify ;;
        *) echo "usage: $0 [all|driver|rule|verify]" >&2; exit 2 ;;
    esac
}

main "$@"
