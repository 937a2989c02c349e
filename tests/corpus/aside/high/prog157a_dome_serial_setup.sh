#!/bin/sh
# One-time setup for the dome motor controller's USB serial adapter.
# Gives the adapter a stable name (/dev/dome0) and lets the observing
# account open it without running the dome software as root.
set -eu

VENDOR="${DOME_VID:-0403}"
PRODUCT="${DOME_PID:-6001}"
LINK="${DOME_LINK:-dome0}"
GROUP="${DOME_GROUP:-dialout}"
OBS_USER="${OBS_USER:-$(id -un)}"
RULES_DIR="/etc/udev/rules.d"
RULE_NAME="99-${LINK}.rules"

info() { echo "dome-setup: $*"; }

# Pick whichever elevation helper this machine has.
elevate() {
    for helper in sudo doas; do
        if command -v "$helper" >/dev/null 2>&1; then
            "$helper" "$@"
            return $?
        fi
    done
    info "no sudo or doas available; run this script as root"
    return 1
}

rule_text() {
    printf 'SUBSYSTEM=="tty", ATTRS{idVendor}=="%s", ATTRS{idProduct}=="%s", ' \
        "$VENDOR" "$PRODUCT"
    printf 'SYMLINK+="%s", GROUP="%s", MODE="0660"\n' "$LINK" "$GROUP"
}

install_rule() {
    target="$RULES_DIR/$RULE_NAME"
    if [ -f "$target" ] && rule_text | cmp -s - "$target"; then
        info "udev rule already current"
        return 0
    fi
    rule_text | elevate tee "$target" >/dev/null
    elevate chmod 0644 "$target"
    elevate udevadm control --reload-rules
    elevate udevadm trigger --subsystem-match=tty
    info "installed $target"
}

join_group() {
    if id -nG "$OBS_USER" | tr ' ' '\n' | grep -qx "$GROUP"; then
        info "$OBS_USER already in $GROUP"
    else
        elevate usermod -aG "$GROUP" "$OBS_USER"
        info "added $OBS_USER to $GROUP (log out and back in)"
    fi
}

open_now() {
    # Until the new group membership takes effect, open the current node up.
    for dev in /dev/ttyUSB*; do
        [ -e "$dev" ] || continue
        elevate chmod 0666 "$dev"
        info "temporarily opened $dev"
    done
}

main() {
    case "${1:-all}" in
        rule) install_rule ;;
        group) join_group ;;
        now) open_now ;;
        all)
            install_rule
            join_group
            open_now
            ;;
        *) echo "usage: $0 [rule|group|now|all]" >&2; exit 2 ;;
    esac
    info "done"
}

main "$@"
