#!/usr/bin/env bash
# One-off setup for the RS-485 USB adapter that talks to the entrance and
# exit barrier boards. Gives the adapter a stable name (/dev/gate-barrier),
# lets the gate user open it without root, and checks the boards answer.
#
# usage: ./barrier_usb_serial_setup.sh [--user gate] [--baud 9600] [--check-only]

set -euo pipefail

GATE_USER="${SUDO_USER:-$USER}"
BAUD=9600
CHECK_ONLY=0
RULE_FILE="/etc/udev/rules.d/99-gate-barrier.rules"
LINK_NAME="gate-barrier"
# FTDI FT232R and CH340 are the two adapters the installer has supplied.
KNOWN_IDS=("0403:6001" "1a86:7523")

info() { printf '\e[1m==>\e[0m %s\n' "$*"; }
err()  { printf 'error: %s\n' "$*" >&2; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --user) GATE_USER="$2"; shift 2 ;;
        --baud) BAUD="$2"; shift 2 ;;
        --check-only) CHECK_ONLY=1; shift ;;
        *) err "unknown option $1"; exit 2 ;;
    esac
done

find_adapter() {
    local id
    for id in "${KNOWN_IDS[@]}"; do
        if lsusb -d "$id" >/dev/null 2>&1; then
            echo "$id"; return 0
        fi
    done
    return 1
}

adapter_serial() {
    local dev
    for dev in /dev/ttyUSB*; do
        [[ -e "$dev" ]] || continue
        udevadm info -q property -n "$dev" | sed -n 's/^ID_SERIAL_SHORT=//p' && return 0
    done
    return 1
}

write_rule() {
    local vid="${1%%:*}" pid="${1##*:}" serial="$2" match
    match="SUBSYSTEM==\"tty\", ATTRS{idVendor}==\"$vid\", ATTRS{idProduct}==\"$pid\""
    [[ -n "$serial" ]] && match+=", ATTRS{serial}==\"$serial\""
    info "writing $RULE_FILE"
    sudo tee "$RULE_FILE" >/dev/null <<EOF
# Entrance/exit barrier RS-485 adapter (installed $(date +%F))
$match, SYMLINK+="$LINK_NAME", GROUP="dialout", MODE="0660"
EOF
    sudo chmod 0644 "$RULE_FILE"
    sudo udevadm control --reload-rules
    sudo udevadm trigger --subsystem-match=tty --action=add
}

grant_access() {
    if id -nG "$GATE_USER" | tr ' ' '\n' | grep -qx dialout; then
        info "$GATE_USER already in dialout"
    else
        info "adding $GATE_USER to dialout (log out and back in afterwards)"
        sudo usermod -aG dialout "$GATE_USER"
    fi
}

probe_boards() {
    local dev="/dev/$LINK_NAME" addr reply
    for _ in 1 2 3 4 5; do [[ -e "$dev" ]] && break; sleep 1; done
    [[ -e "$dev" ]] || { err "$dev did not appear"; return 1; }
    sudo stty -F "$dev" "$BAUD" cs8 -cstopb -parenb raw -echo
    for addr in 01 02; do
        exec 3<>"$dev"
        printf '@%s STATUS\r' "$addr" >&3
        reply=$(timeout 2 head -c 32 <&3 || true)
        exec 3>&-
        if [[ -n "$reply" ]]; then
            info "board $addr: ${reply//[$'\r\n']/}"
        else
            err "board $addr did not answer"
        fi
    done
}

main() {
    local id serial
    id=$(find_adapter) || { err "no known RS-485 adapter found (lsusb)"; exit 1; }
    info "adapter $id found"
    if [[ $CHECK_ONLY -eq 0 ]]; then
        serial=$(adapter_serial || true)
        write_rule "$id" "$serial"
        grant_access
    fi
    probe_boards
}

main
