#!/usr/bin/env bash
# setup_meter_serial_access.sh - give the export-meter reader stable access
# to the P1/optical probe on a Raspberry Pi or mini-PC at a co-op site.
#
# Finds the USB serial adapter, pins it to /dev/p1meter with a udev rule,
# puts the reader's user in the dialout group and checks that a telegram
# can be read.
#
# Usage: ./setup_meter_serial_access.sh [-u USER] [-b BAUD] [--vendor 0403]

set -euo pipefail

READER_USER="${SUDO_USER:-$USER}"
BAUD=115200
VENDOR=""
RULE_FILE=/etc/udev/rules.d/99-coop-p1meter.rules
LINK_NAME=p1meter

info() { printf '\033[1;34m==>\033[0m %s\n' "$*"; }
err()  { printf '\033[1;31m!!\033[0m %s\n' "$*" >&2; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        -u) READER_USER="$2"; shift 2 ;;
        -b) BAUD="$2"; shift 2 ;;
        --vendor) VENDOR="$2"; shift 2 ;;
        -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
        *) err "unknown argument: $1"; exit 2 ;;
    esac
done

as_root() {
    if [[ $EUID -eq 0 ]]; then "$@"; else sudo "$@"; fi
}

find_adapter() {
    local dev props
    for dev in /dev/ttyUSB* /dev/ttyACM*; do
        [[ -e "$dev" ]] || continue
        props="$(udevadm info --query=property --name="$dev")"
        ID_VENDOR_ID="$(sed -n 's/^ID_VENDOR_ID=//p' <<<"$props")"
        ID_MODEL_ID="$(sed -n 's/^ID_MODEL_ID=//p' <<<"$props")"
        ID_SERIAL_SHORT="$(sed -n 's/^ID_SERIAL_SHORT=//p' <<<"$props")"
        if [[ -z "$VENDOR" || "$ID_VENDOR_ID" == "$VENDOR" ]]; then
            ADAPTER="$dev"
            return 0
        fi
    done
    return 1
}

write_rule() {
    info "pinning $ADAPTER ($ID_VENDOR_ID:$ID_MODEL_ID serial ${ID_SERIAL_SHORT:-n/a}) as /dev/$LINK_NAME"
    local rule="SUBSYSTEM==\"tty\", ATTRS{idVendor}==\"$ID_VENDOR_ID\", ATTRS{idProduct}==\"$ID_MODEL_ID\""
    [[ -n "${ID_SERIAL_SHORT:-}" ]] && rule+=", ATTRS{serial}==\"$ID_SERIAL_SHORT\""
    rule+=", SYMLINK+=\"$LINK_NAME\", GROUP=\"dialout\", MODE=\"0660\""
    printf '# managed by setup_meter_serial_access.sh\n%s\n' "$rule" | as_root tee "$RULE_FILE" >/dev/null
    as_root udevadm control --reload-rules
    as_root udevadm trigger --subsystem-match=tty
}

grant_group() {
    if id -nG "$READER_USER" | grep -qw dialout; then
        info "$READER_USER already in dialout"
    else
        info "adding $READER_USER to dialout (log out and back in afterwards)"
        as_root usermod -aG dialout "$READER_USER"
    fi
    # usable right away for this session without re-login
    as_root chmod 0666 "$ADAPTER"
}

test_read() {
    local dev="/dev/$LINK_NAME"
    [[ -e "$dev" ]] || dev="$ADAPTER"
    stty -F "$dev" "$BAUD" cs8 -parenb -cstopb raw -echo
    info "waiting up to 15s for a telegram on $dev"
    if timeout 15 grep -m1 -a '^1-0:1.8.1' "$dev"; then
        info "meter is talking"
    else
        err "no telegram seen; check the cable and that the P1 port is enabled"
        return 1
    fi
}

main() {
    if ! find_adapter; then
        err "no USB serial adapter found${VENDOR:+ for vendor $VENDOR}"
        exit 1
    fi
    write_rule
    grant_group
    test_read
}

main
