#!/usr/bin/env bash
# packhouse_scale_setup.sh - get the USB bench scale and the label printer
# working on a fresh packing-shed PC.
#
# The Dibal/CAS bench scales show up as a USB serial adapter with a random
# ttyUSB number; this gives them stable names (/dev/packscale0 ...) that the
# egg grading and box weighing scripts can rely on, lets the packing user
# read them without root, and checks that the scale is answering.
#
# Usage: packhouse_scale_setup.sh [--user NAME] [--baud 9600] [--check-only]
set -euo pipefail

PACK_USER="${SUDO_USER:-$USER}"
BAUD=9600
CHECK_ONLY=0
RULES_FILE="/etc/udev/rules.d/70-packhouse-scales.rules"
# vendor:product pairs seen on the scales we own (FTDI, Prolific, CH340)
SCALE_IDS=("0403:6001" "067b:2303" "1a86:7523")

while [[ $# -gt 0 ]]; do
    case $1 in
        --user) PACK_USER=$2; shift 2 ;;
        --baud) BAUD=$2; shift 2 ;;
        --check-only) CHECK_ONLY=1; shift ;;
        -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
        *) echo "unknown argument $1" >&2; exit 2 ;;
    esac
done

info() { printf '\033[1m%s\033[0m\n' "$*"; }
warn() { printf 'warning: %s\n' "$*" >&2; }

need_sudo() {
    if [[ $EUID -ne 0 ]]; then
        info "administrator rights are needed for the device rules; you may be asked for your password"
        sudo -v || { echo "cannot continue without sudo" >&2; exit 1; }
    fi
}

write_rules() {
    local tmp line vid pid n=0
    tmp=$(mktemp)
    {
        echo "# packing shed bench scales - written by $(basename "$0") on $(date +%F)"
        for id in "${SCALE_IDS[@]}"; do
            vid=${id%:*}; pid=${id#*:}
            line="SUBSYSTEM==\"tty\", ATTRS{idVendor}==\"$vid\", ATTRS{idProduct}==\"$pid\""
            line+=", GROUP=\"dialout\", MODE=\"0660\", SYMLINK+=\"packscale%n\""
            echo "$line"
            n=$((n + 1))
        done
    } > "$tmp"
    if [[ -f $RULES_FILE ]] && cmp -s "$tmp" "$RULES_FILE"; then
        info "udev rules already up to date"
    else
        sudo install -m 0644 -o root -g root "$tmp" "$RULES_FILE"
        info "installed $n scale rules in $RULES_FILE"
        sudo udevadm control --reload-rules
        sudo udevadm trigger --subsystem-match=tty --action=add
    fi
    rm -f "$tmp"
}

grant_serial_access() {
    if id -nG "$PACK_USER" | tr ' ' '\n' | grep -qx dialout; then
        info "$PACK_USER is already in dialout"
    else
        sudo usermod -aG dialout "$PACK_USER"
        warn "$PACK_USER added to dialout; log out and back in before using the scale"
    fi
}

check_scale() {
    local dev
    dev=$(ls /dev/packscale* 2>/dev/null | head -n1 || true)
    [[ -n $dev ]] || dev=$(ls /dev/ttyUSB* 2>/dev/null | head -n1 || true)
    if [[ -z $dev ]]; then
        warn "no scale found; is it plugged in and switched on?"
        return 1
    fi
    info "testing $dev at $BAUD baud"
    stty -F "$dev" "$BAUD" cs8 -cstopb -parenb raw -echo 2>/dev/null || { warn "cannot open $dev yet (group change pending?)"; return 1; }
    # most of our scales answer a bare 'W' with the current weight
    printf 'W\r\n' > "$dev"
    if reading=$(timeout 3 head -c 32 "$dev" | tr -d '\r\0'); then
        info "scale says: ${reading:-<no reply>}"
    fi
}

main() {
    if (( ! CHECK_ONLY )); then
        need_sudo
        write_rules
        grant_serial_access
    fi
    check_scale || true
    info "done"
}

main
