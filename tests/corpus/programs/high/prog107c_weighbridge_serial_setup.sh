#!/usr/bin/env bash
# weighbridge_serial_setup.sh - prepare a new yard PC for a USB-serial
# weighbridge indicator (FTDI / Prolific / CH340 adapters).
#
#   - pins the adapter to a stable /dev/weighbridge name with a udev rule
#   - gives the ticket desk account access to the port
#   - sets line parameters to match the indicator's continuous output
#
# Usage: weighbridge_serial_setup.sh [-u desk_user] [-b baud] [-p 8N1] [-y]

set -euo pipefail

DESK_USER="${SUDO_USER:-$USER}"
BAUD=9600
FRAMING="8N1"
ASSUME_YES=0
RULE_FILE="/etc/udev/rules.d/99-weighbridge.rules"
LINK_NAME="weighbridge"

info() { printf '\033[1;34m==>\033[0m %s\n' "$*"; }
warn() { printf '\033[1;33m!!\033[0m %s\n' "$*" >&2; }

while getopts "u:b:p:yh" o; do
    case "$o" in
        u) DESK_USER="$OPTARG" ;;
        b) BAUD="$OPTARG" ;;
        p) FRAMING="$OPTARG" ;;
        y) ASSUME_YES=1 ;;
        h) sed -n '2,10p' "$0"; exit 0 ;;
        *) exit 1 ;;
    esac
done

as_root() {
    if [[ $EUID -eq 0 ]]; then "$@"; else sudo "$@"; fi
}

detect_adapter() {
    local dev props vid pid serial
    for dev in /dev/ttyUSB* /dev/ttyACM*; do
        [[ -e "$dev" ]] || continue
        props=$(udevadm info --query=property --name="$dev")
        vid=$(sed -n 's/^ID_VENDOR_ID=//p' <<<"$props")
        pid=$(sed -n 's/^ID_MODEL_ID=//p' <<<"$props")
        serial=$(sed -n 's/^ID_SERIAL_SHORT=//p' <<<"$props")
        case "$vid:$pid" in
            0403:6001|0403:6015|067b:2303|1a86:7523)
                echo "$dev $vid $pid ${serial:-}"
                return 0 ;;
        esac
    done
    return 1
}

write_rule() {
    local vid="$1" pid="$2" serial="$3" rule
    rule="SUBSYSTEM==\"tty\", ATTRS{idVendor}==\"$vid\", ATTRS{idProduct}==\"$pid\""
    [[ -n "$serial" ]] && rule+=", ATTRS{serial}==\"$serial\""
    rule+=", SYMLINK+=\"$LINK_NAME\", GROUP=\"dialout\", MODE=\"0660\""
    info "writing $RULE_FILE"
    printf '# weighbridge indicator adapter (added %s)\n%s\n' "$(date +%F)" "$rule" \
        | as_root tee "$RULE_FILE" >/dev/null
    as_root udevadm control --reload-rules
    as_root udevadm trigger --subsystem-match=tty
}

grant_access() {
    if id -nG "$DESK_USER" | grep -qw dialout; then
        info "$DESK_USER already in dialout"
    else
        info "adding $DESK_USER to dialout (log out and back in afterwards)"
        as_root usermod -aG dialout "$DESK_USER"
    fi
}

configure_line() {
    local dev="/dev/$LINK_NAME" bits parity stop
    bits=${FRAMING:0:1}; parity=${FRAMING:1:1}; stop=${FRAMING:2:1}
    for _ in 1 2 3 4 5; do [[ -e "$dev" ]] && break; sleep 1; done
    [[ -e "$dev" ]] || { warn "$dev did not appear"; return 1; }
    local opts=("$BAUD" "cs$bits" -crtscts -ixon raw -echo)
    [[ "$parity" == N ]] && opts+=(-parenb) || opts+=(parenb)
    [[ "$parity" == O ]] && opts+=(parodd)
    [[ "$stop" == 2 ]] && opts+=(cstopb) || opts+=(-cstopb)
    as_root stty -F "$dev" "${opts[@]}"
    as_root chmod 0660 "$dev"
    info "line set to $BAUD $FRAMING on $dev"
}

main() {
    local found
    found=$(detect_adapter) || { warn "no known USB-serial adapter plugged in"; exit 1; }
    read -r dev vid pid serial <<<"$found"
    info "found $dev ($vid:$pid ${serial:-no serial})"
    if (( ! ASSUME_YES )); then
        read -rp "Configure $dev as the weighbridge port? [y/N] " ans
        [[ "$ans" =~ ^[Yy] ]] || exit 0
    fi
    write_rule "$vid" "$pid" "$serial"
    grant_access
    configure_line
}

main
