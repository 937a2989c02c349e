#!/usr/bin/env bash
# engraver_usb_setup.sh - give the diamond-drag engraver's USB serial
# adaptor a stable name (/dev/engraver) and let the operator account use it
# without running the sender as root.
#
#   engraver_usb_setup.sh [--user NAME] [--baud 115200] [--dry-run]
set -euo pipefail

TARGET_USER="${SUDO_USER:-$USER}"
BAUD=115200
DRY_RUN=0
RULE_FILE="/etc/udev/rules.d/99-stone-engraver.rules"

# USB IDs of the adaptors shipped with the engravers we service
KNOWN_IDS=(
    "1a86:7523"   # CH340, most budget controllers
    "0403:6001"   # FTDI FT232R
    "10c4:ea60"   # Silicon Labs CP210x
    "2341:0043"   # Arduino Uno based GRBL boards
)

usage() { sed -n '2,6p' "$0"; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --user) TARGET_USER="$2"; shift 2 ;;
        --baud) BAUD="$2"; shift 2 ;;
        --dry-run) DRY_RUN=1; shift ;;
        -h|--help) usage; exit 0 ;;
        *) echo "unknown option: $1" >&2; usage; exit 2 ;;
    esac
done

info() { echo "==> $*"; }

find_adaptor() {
    local id
    for id in "${KNOWN_IDS[@]}"; do
        if lsusb -d "$id" >/dev/null 2>&1; then
            echo "$id"
            return 0
        fi
    done
    return 1
}

serial_of() {
    # pick the serial attribute of the first tty behind the adaptor, if any
    local vid="${1%%:*}" pid="${1##*:}" dev
    for dev in /sys/class/tty/ttyUSB* /sys/class/tty/ttyACM*; do
        [[ -e "$dev" ]] || continue
        if udevadm info -a -p "$(udevadm info -q path -n "/dev/${dev##*/}")" 2>/dev/null \
                | grep -q "ATTRS{idVendor}==\"$vid\"" ; then
            udevadm info -a -n "/dev/${dev##*/}" | awk -F'"' '/ATTRS\{serial\}/ {print $2; exit}'
            return 0
        fi
    done
}

write_rule() {
    local id="$1" serial="$2"
    local vid="${id%%:*}" pid="${id##*:}"
    local match="SUBSYSTEM==\"tty\", ATTRS{idVendor}==\"$vid\", ATTRS{idProduct}==\"$pid\""
    [[ -n "$serial" ]] && match+=", ATTRS{serial}==\"$serial\""
    local rule="$match, SYMLINK+=\"engraver\", GROUP=\"dialout\", MODE=\"0660\""
    info "udev rule: $rule"
    if (( DRY_RUN )); then return 0; fi
    printf '# stone engraver serial adaptor (%s)\n%s\n' "$id" "$rule" | sudo tee "$RULE_FILE" >/dev/null
    sudo chmod 0644 "$RULE_FILE"
    sudo udevadm control --reload-rules
    sudo udevadm trigger --subsystem-match=tty --action=add
}

grant_group() {
    if id -nG "$TARGET_USER" | tr ' ' '\n' | grep -qx dialout; then
        info "$TARGET_USER is already in dialout"
        return
    fi
    info "adding $TARGET_USER to dialout (log out and back in afterwards)"
    (( DRY_RUN )) || sudo usermod -aG dialout "$TARGET_USER"
}

configure_line() {
    local tries=0
    while [[ ! -e /dev/engraver && $tries -lt 10 ]]; do sleep 1; tries=$((tries + 1)); done
    if [[ -e /dev/engraver ]]; then
        stty -F /dev/engraver "$BAUD" cs8 -cstopb -parenb raw -echo
        info "/dev/engraver ready at $BAUD baud"
        echo "port=/dev/engraver" > ./engraver_port.conf
        echo "baud=$BAUD" >> ./engraver_port.conf
    else
        info "/dev/engraver did not appear; unplug and replug the adaptor"
    fi
}

id="$(find_adaptor)" || { echo "no known engraver adaptor found (lsusb)" >&2; exit 1; }
info "found adaptor $id"
serial="$(serial_of "$id" || true)"
write_rule "$id" "$serial"
grant_group
(( DRY_RUN )) || configure_line
