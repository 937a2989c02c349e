#!/usr/bin/env bash
# depth_encoder_udev.sh - give the drill-string depth encoder a stable name.
#
# The rig's wireline depth encoder (FTDI or CH340 USB-serial) comes up as
# ttyUSB0 or ttyUSB1 depending on what else is plugged in, which breaks the
# depth logger after every reboot. This writes a udev rule that always links
# it as /dev/depth-encoder, readable by the dialout group, and puts the
# driller's account in that group.
#
#   ./depth_encoder_udev.sh            # detect the encoder and install the rule
#   ./depth_encoder_udev.sh --remove   # take the rule out again

set -euo pipefail

RULE_FILE=/etc/udev/rules.d/99-depth-encoder.rules
LINK_NAME=depth-encoder
TARGET_USER="${SUDO_USER:-$USER}"

msg() { printf '\033[1m%s\033[0m\n' "$*"; }
die() { printf 'error: %s\n' "$*" >&2; exit 1; }

as_root() {
    if [[ $EUID -eq 0 ]]; then
        "$@"
    else
        sudo "$@"
    fi
}

find_encoder() {
    # prefer a device that identifies as an encoder; fall back to the first USB serial
    local dev props
    for dev in /dev/ttyUSB* /dev/ttyACM*; do
        [[ -e $dev ]] || continue
        props=$(udevadm info --query=property --name="$dev" 2>/dev/null) || continue
        if grep -qiE 'ID_MODEL=.*(encoder|depth|wireline)' <<<"$props"; then
            echo "$dev"; return 0
        fi
    done
    for dev in /dev/ttyUSB* /dev/ttyACM*; do
        [[ -e $dev ]] && { echo "$dev"; return 0; }
    done
    return 1
}

prop() {
    udevadm info --query=property --name="$1" | awk -F= -v k="$2" '$1 == k { print $2 }'
}

install_rule() {
    local dev vid pid serial
    dev=$(find_encoder) || die "no USB serial device found - is the encoder plugged in?"
    vid=$(prop "$dev" ID_VENDOR_ID)
    pid=$(prop "$dev" ID_MODEL_ID)
    serial=$(prop "$dev" ID_SERIAL_SHORT)
    [[ -n $vid && -n $pid ]] || die "could not read vendor/product id from $dev"
    msg "encoder on $dev (vid=$vid pid=$pid serial=${serial:-none})"

    local match="SUBSYSTEM==\"tty\", ATTRS{idVendor}==\"$vid\", ATTRS{idProduct}==\"$pid\""
    [[ -n $serial ]] && match+=", ATTRS{serial}==\"$serial\""

    as_root tee "$RULE_FILE" >/dev/null <<EOF
# installed by depth_encoder_udev.sh on $(date -I)
$match, SYMLINK+="$LINK_NAME", GROUP="dialout", MODE="0660"
EOF
    as_root chmod 0644 "$RULE_FILE"

    if ! id -nG "$TARGET_USER" | grep -qw dialout; then
        msg "adding $TARGET_USER to dialout (log out and back in afterwards)"
        as_root usermod -aG dialout "$TARGET_USER"
    fi

    as_root udevadm control --reload-rules
    as_root udevadm trigger --subsystem-match=tty --action=add
    sleep 1
    if [[ -e /dev/$LINK_NAME ]]; then
        msg "ok: /dev/$LINK_NAME -> $(readlink -f /dev/$LINK_NAME)"
    else
        echo "rule installed but /dev/$LINK_NAME not present yet; replug the encoder" >&2
    fi
}

remove_rule() {
    [[ -e $RULE_FILE ]] || { msg "no rule installed"; return 0; }
    as_root rm -f "$RULE_FILE"
    as_root udevadm control --reload-rules
    msg "removed $RULE_FILE"
}

case "${1:-}" in
    --remove) remove_rule ;;
    ""|--install) install_rule ;;
    -h|--help) sed -n '2,12p' "$0" ;;
    *) die "unknown option $1" ;;
esac
