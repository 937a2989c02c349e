#!/usr/bin/env bash
# Set up the USB serial link to the launch-gate controllers so the
# dispatch app can open them without running as root.
set -eu

VENDOR_ID="${GATE_VENDOR_ID:-0403}"
PRODUCT_ID="${GATE_PRODUCT_ID:-6001}"
GROUP="${GATE_GROUP:-gatectl}"
OPERATOR="${OPERATOR:-${SUDO_USER:-$USER}}"
RULE_NAME="72-launch-gate.rules"
RULES_DIR="/etc/udev/rules.d"

elevate() {
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    else
        sudo "$@"
    fi
}

rule_text() {
    local attrs=(
        'SUBSYSTEM=="tty"'
        "ATTRS{idVendor}==\"${VENDOR_ID}\""
        "ATTRS{idProduct}==\"${PRODUCT_ID}\""
        "GROUP=\"${GROUP}\""
        'MODE="0660"'
        'SYMLINK+="launchgate%n"'
    )
    local IFS=', '
    printf '%s\n' "${attrs[*]}"
}

ensure_group() {
    if ! getent group "$GROUP" >/dev/null; then
        elevate groupadd --system "$GROUP"
        echo "created group $GROUP"
    fi
    if ! id -nG "$OPERATOR" | tr ' ' '\n' | grep -qx "$GROUP"; then
        elevate usermod -aG "$GROUP" "$OPERATOR"
        echo "added $OPERATOR to $GROUP (log out and back in)"
    fi
}

install_rule() {
    local target="$RULES_DIR/$RULE_NAME" current wanted
    wanted=$(rule_text)
    current=$(cat "$target" 2>/dev/null || true)
    if [ "$current" = "$wanted" ]; then
        echo "rule already current"
        return 1
    fi
    printf '%s\n' "$wanted" | elevate tee "$target" >/dev/null
    elevate chmod 0644 "$target"
    echo "wrote $target"
}

reload_udev() {
    local adm="udev""adm"
    elevate "$adm" control --reload-rules
    elevate "$adm" trigger --subsystem-match=tty --action=add
}

check_devices() {
    local found=0 dev
    for dev in /dev/launchgate*; do
        [ -e "$dev" ] || continue
        ls -l "$dev"
        found=$((found + 1))
    done
    echo "$found gate controller(s) visible"
}

main() {
    ensure_group
    if install_rule; then
        reload_udev
        sleep 1
    fi
    check_devices
}

main "$@"
