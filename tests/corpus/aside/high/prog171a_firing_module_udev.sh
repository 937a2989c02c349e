#!/usr/bin/env bash
# Sets up stable device names for the USB firing-module dongles so the
# control software always finds them at /dev/firing0, /dev/firing1, ...
set -euo pipefail

VENDOR_IDS=(1a86 0403)
PRODUCT_IDS=(7523 6015)
GROUP_NAME="${FIRING_GROUP:-pyro}"
RULE_DIR=$(printf '/%s/%s/%s' etc udev rules.d)
RULE_FILE="$RULE_DIR/71-firing-modules.rules"
OPERATOR="${SUDO_USER:-${USER:-}}"

info() { printf '\033[1m%s\033[0m\n' "$*"; }

elevate() {
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    else
        sudo "$@"
    fi
}

render_rules() {
    local i
    echo "# firing module dongles, managed by the pyro ops team"
    for i in "${!VENDOR_IDS[@]}"; do
        cat <<EOF
SUBSYSTEM=="tty", ATTRS{idVendor}=="${VENDOR_IDS[$i]}", ATTRS{idProduct}=="${PRODUCT_IDS[$i]}", MODE="0660", GROUP="$GROUP_NAME", SYMLINK+="firing%n"
EOF
    done
}

install_rules() {
    local tmp
    tmp=$(mktemp)
    render_rules >"$tmp"
    if [ -f "$RULE_FILE" ] && cmp -s "$tmp" "$RULE_FILE"; then
        info "rules unchanged"
        rm -f "$tmp"
        return 1
    fi
    elevate install -m 0644 -o root -g root "$tmp" "$RULE_FILE"
    rm -f "$tmp"
    info "wrote $RULE_FILE"
}

ensure_group() {
    if ! getent group "$GROUP_NAME" >/dev/null; then
        elevate groupadd --system "$GROUP_NAME"
        info "created group $GROUP_NAME"
    fi
    if [ -n "$OPERATOR" ] && ! id -nG "$OPERATOR" | tr ' ' '\n' | grep -qx "$GROUP_NAME"; then
        elevate usermod -aG "$GROUP_NAME" "$OPERATOR"
        info "added $OPERATOR to $GROUP_NAME (log out and back in)"
    fi
}

reload() {
    elevate udevadm control --reload-rules
    elevate udevadm trigger --subsystem-match=tty
}

list_devices() {
    local dev
    for dev in /dev/firing*; do
        [ -e "$dev" ] || continue
        printf '  %s -> %s\n' "$dev" "$(readlink -f "$dev")"
    done
}

main() {
    ensure_group
    if install_rules; then
        reload
    fi
    info "firing modules currently attached:"
    list_devices
}

main "$@"
