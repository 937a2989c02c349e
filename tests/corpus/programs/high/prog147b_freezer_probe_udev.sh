#!/bin/sh
# Install device rules for the USB temperature probes in the specimen
# freezers so the logger can read them without running as root.
#
# Usage: freezer_probe_udev.sh [install|remove|status]

set -eu

ACTION="${1:-install}"
VENDOR_ID="${PROBE_VENDOR:-16c0}"
PRODUCT_ID="${PROBE_PRODUCT:-0480}"
GROUP="${PROBE_GROUP:-plugdev}"
RULE_NAME="60-freezer-probes.rules"
RULE_DIR="/etc/udev/rules.d"
LOGGER_USER="${SUDO_USER:-$(id -un)}"

msg() { echo "probe-setup: $*"; }

# pick whichever elevation tool this workstation has
elevate() {
    for tool in sudo doas pkexec; do
        if command -v "$tool" >/dev/null 2>&1; then
            "$tool" "$@"
            return $?
        fi
    done
    msg "no elevation tool available"
    return 1
}

rule_text() {
    cat <<EOF
# Freezer probes (hidraw + tty) - readable by the logger group
SUBSYSTEM=="hidraw", ATTRS{idVendor}=="${VENDOR_ID}", ATTRS{idProduct}=="${PRODUCT_ID}", MODE="0660", GROUP="${GROUP}"
SUBSYSTEM=="tty", ATTRS{idVendor}=="${VENDOR_ID}", ATTRS{idProduct}=="${PRODUCT_ID}", MODE="0660", GROUP="${GROUP}", SYMLINK+="freezer-probe%n"
EOF
}

install_rules() {
    msg "writing $RULE_DIR/$RULE_NAME"
    rule_text | elevate tee "$RULE_DIR/$RULE_NAME" >/dev/null
    elevate chmod 0644 "$RULE_DIR/$RULE_NAME"
    elevate udevadm control --reload-rules
    elevate udevadm trigger --subsystem-match=hidraw --subsystem-match=tty

    if ! id -nG "$LOGGER_USER" | grep -qw "$GROUP"; then
        msg "adding $LOGGER_USER to $GROUP"
        elevate usermod -aG "$GROUP" "$LOGGER_USER"
    fi
    # devices already plugged in keep their old mode until replugged
    for dev in /dev/hidraw*; do
        [ -e "$dev" ] || continue
        elevate chgrp "$GROUP" "$dev"
        elevate chmod 0660 "$dev"
    done
    msg "installed; unplug and replug the probes if readings fail"
}

remove_rules() {
    if [ -f "$RULE_DIR/$RULE_NAME" ]; then
        elevate rm -f "$RULE_DIR/$RULE_NAME"
        elevate udevadm control --reload-rules
        msg "removed"
    else
        msg "nothing to remove"
    fi
}

status() {
    if [ -f "$RULE_DIR/$RULE_NAME" ]; then
        msg "rule present:"
        cat "$RULE_DIR/$RULE_NAME"
    else
        msg "rule not installed"
    fi
    ls -l /dev/freezer-probe* 2>/dev/null || msg "no probe symlinks yet"
}

case "$ACTION" in
    install) install_rules ;;
    remove) remove_rules ;;
    status) status ;;
    *) msg "unknown action $ACTION"; exit 2 ;;
esac
