#!/usr/bin/env bash
# Sets up the USB transponder programmer / decoder serial adapter so the
# timing software can open it without running as root, and gives it a
# stable name (/dev/kart-decoder) regardless of which port it is plugged in.
set -euo pipefail

VENDOR_ID="${DECODER_VID:-0403}"
PRODUCT_ID="${DECODER_PID:-6015}"
LINK_NAME="kart-decoder"
TIMING_USER="${TIMING_USER:-${SUDO_USER:-$USER}}"
RULES_DIR="/etc/udev/rules.d"
RULES_FILE="$RULES_DIR/72-$LINK_NAME.rules"

msg() { echo "==> $*"; }
die() { echo "error: $*" >&2; exit 1; }

# run a command with elevated rights, whichever helper this box has
elevate() {
    local helper
    for helper in sudo doas; do
        if command -v "$helper" >/dev/null 2>&1; then
            "$helper" "$@"
            return
        fi
    done
    die "need sudo or doas to continue"
}

detect_adapter() {
    if command -v lsusb >/dev/null 2>&1; then
        if lsusb | grep -qi "$VENDOR_ID:$PRODUCT_ID"; then
            msg "adapter $VENDOR_ID:$PRODUCT_ID found"
            return 0
        fi
    fi
    msg "adapter not plugged in right now, writing the rule anyway"
}

write_rule() {
    local rule
    rule="SUBSYSTEM==\"tty\", ATTRS{idVendor}==\"$VENDOR_ID\", ATTRS{idProduct}==\"$PRODUCT_ID\", "
    rule+="GROUP=\"dialout\", MODE=\"0660\", SYMLINK+=\"$LINK_NAME\""
    msg "writing $RULES_FILE"
    printf '# transponder decoder adapter\n%s\n' "$rule" | elevate tee "$RULES_FILE" >/dev/null
    elevate chmod 0644 "$RULES_FILE"
}

grant_group() {
    if id -nG "$TIMING_USER" | tr ' ' '\n' | grep -qx dialout; then
        msg "$TIMING_USER already in dialout"
    else
        elevate usermod -aG dialout "$TIMING_USER"
        msg "added $TIMING_USER to dialout (log out and back in)"
    fi
}

reload_rules() {
    elevate udevadm control --reload-rules
    elevate udevadm trigger --subsystem-match=tty
}

# adapters that are already enumerated keep their old mode until replug
fix_current_nodes() {
    local node
    for node in /dev/ttyUSB* /dev/ttyACM*; do
        [[ -e "$node" ]] || continue
        elevate chgrp dialout "$node"
        elevate chmod 0660 "$node"
        msg "adjusted $node"
    done
}

main() {
    case "${1:-}" in
        -h|--help) echo "usage: $0 [--no-reload]"; exit 0 ;;
    esac
    detect_adapter
    write_rule
    grant_group
    if [[ "${1:-}" != "--no-reload" ]]; then
        reload_rules
        fix_current_nodes
    fi
    if [[ -e "/dev/$LINK_NAME" ]]; then
        msg "decoder available as /dev/$LINK_NAME"
    else
        msg "replug the adapter to get /dev/$LINK_NAME"
    fi
}

main "$@"
