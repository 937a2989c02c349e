#!/usr/bin/env bash
# dome_dmx_permissions.sh - give the show-control user access to the dome's
# DMX lighting interface and the loopback audio device used for the
# surround mix.
#
# The cove lighting is driven through an ENTTEC USB-DMX adapter; without a
# udev rule the device node is root-only and the show software cannot open it.
set -euo pipefail

SHOW_USER="${SHOW_USER:-${SUDO_USER:-$USER}}"
RULE_FILE="/etc/udev/rules.d/99-dome-dmx.rules"
MODULES_FILE="/etc/modules-load.d/dome-audio.conf"
DMX_VENDOR="${DMX_VENDOR:-0403}"
DMX_PRODUCT="${DMX_PRODUCT:-6001}"
CHECK_ONLY=0

usage() { echo "usage: $0 [--check] [--user NAME]"; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --check) CHECK_ONLY=1; shift ;;
        --user) SHOW_USER="$2"; shift 2 ;;
        -h|--help) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

elevate() {
    if [[ $EUID -eq 0 ]]; then "$@"; else sudo "$@"; fi
}

rule_text() {
    cat <<EOF
# Dome cove lighting: ENTTEC DMX USB Pro
SUBSYSTEM=="tty", ATTRS{idVendor}=="$DMX_VENDOR", ATTRS{idProduct}=="$DMX_PRODUCT", MODE="0660", GROUP="dialout", SYMLINK+="dome-dmx"
EOF
}

check_state() {
    local ok=0
    if [[ -f "$RULE_FILE" ]] && diff -q <(rule_text) "$RULE_FILE" >/dev/null; then
        echo "udev rule: present"
    else
        echo "udev rule: missing or outdated"; ok=1
    fi
    if id -nG "$SHOW_USER" | tr ' ' '\n' | grep -qx dialout; then
        echo "group dialout: $SHOW_USER is a member"
    else
        echo "group dialout: $SHOW_USER NOT a member"; ok=1
    fi
    if lsmod | grep -q '^snd_aloop'; then
        echo "snd-aloop: loaded"
    else
        echo "snd-aloop: not loaded"; ok=1
    fi
    return $ok
}

install_rule() {
    rule_text | elevate tee "$RULE_FILE" >/dev/null
    elevate chmod 0644 "$RULE_FILE"
    elevate udevadm control --reload-rules
    elevate udevadm trigger --subsystem-match=tty
    echo "installed $RULE_FILE"
}

enable_loopback() {
    echo "snd-aloop" | elevate tee "$MODULES_FILE" >/dev/null
    elevate modprobe snd-aloop index=7 pcm_substreams=8
    echo "loopback audio enabled"
}

main() {
    if (( CHECK_ONLY )); then
        check_state
        exit $?
    fi
    install_rule
    elevate usermod -aG dialout "$SHOW_USER"
    enable_loopback
    echo "done; $SHOW_USER must log out and back in for group changes"
}

main
