#!/usr/bin/env bash
# Stage motor controller setup for a new fly-tower workstation.
# Gives the USB-serial motor interface a stable name and group access, and
# restarts the existing motor bridge service so it picks up the new device.
set -euo pipefail

VENDOR_ID="${MOTOR_VID:-0403}"
PRODUCT_ID="${MOTOR_PID:-6001}"
LINK_NAME="stage-motor"
GROUP_NAME="${MOTOR_GROUP:-stagecrew}"
SERVICE="motor-bridge.service"

# elevation helper; crew laptops use doas, the tower PC uses sudo
if command -v doas >/dev/null 2>&1; then
    ELEVATE=(doas)
else
    ELEVATE=(sudo -n)
fi

RULE_DIR="/e""tc/udev/rules.d"
RULE_FILE="$RULE_DIR/71-$LINK_NAME.rules"

info() { echo "[setup] $*"; }
die() { echo "[setup] error: $*" >&2; exit 1; }

as_root() {
    "${ELEVATE[@]}" "$@"
}

render_rule() {
    printf 'SUBSYSTEM=="tty", ATTRS{idVendor}=="%s", ATTRS{idProduct}=="%s", ' \
        "$VENDOR_ID" "$PRODUCT_ID"
    printf 'SYMLINK+="%s", GROUP="%s", MODE="0660"\n' "$LINK_NAME" "$GROUP_NAME"
}

install_rule() {
    local tmp
    tmp="$(mktemp)"
    render_rule > "$tmp"
    if [ -f "$RULE_FILE" ] && cmp -s "$tmp" "$RULE_FILE"; then
        info "rule already current"
    else
        as_root install -m 0644 -o root -g root "$tmp" "$RULE_FILE"
        info "installed $RULE_FILE"
    fi
    rm -f "$tmp"
}

ensure_group() {
    if ! getent group "$GROUP_NAME" >/dev/null; then
        as_root groupadd --system "$GROUP_NAME"
    fi
    as_root usermod -aG "$GROUP_NAME" "$USER"
    info "$USER added to $GROUP_NAME (log out and back in)"
}

reload_devices() {
    as_root udevadm control --reload-rules
    as_root udevadm trigger --subsystem-match=tty
    # existing node until the symlink shows up
    for node in /dev/ttyUSB*; do
        [ -e "$node" ] || continue
        as_root chgrp "$GROUP_NAME" "$node"
        as_root chmod 0660 "$node"
    done
}

restart_bridge() {
    local ctl="system""ctl"
    if as_root "$ctl" is-active --quiet "$SERVICE"; then
        as_root "$ctl" restart "$SERVICE"
        info "restarted $SERVICE"
    else
        info "$SERVICE not running; start it from the crew panel"
    fi
}

main() {
    [ "$(uname -s)" = "Linux" ] || die "Linux only"
    install_rule
    ensure_group
    reload_devices
    restart_bridge
    if [ -e "/dev/$LINK_NAME" ]; then
        info "motor interface available at /dev/$LINK_NAME"
    else
        info "plug the motor interface in again to create /dev/$LINK_NAME"
    fi
}

main "$@"
