#!/usr/bin/env bash
# Kiln serial udev setup
#
# Gives the kiln controllers' USB-serial adapters stable names
# (/dev/kiln-annealer, /dev/kiln-garage) so the logging scripts don't break
# every time the adapters enumerate in a different order after a reboot.

set -euo pipefail

RULES_NAME="99-glass-kilns.rules"
RULES_DIR="/etc/udev/rules.d"
STUDIO_USER="${STUDIO_USER:-${SUDO_USER:-$USER}}"
ELEVATE="${ELEVATE:-sudo}"

# vendor:product:serial:alias for each adapter on the bench
ADAPTERS=(
    "0403:6001:AL05K3QX:kiln-annealer"
    "0403:6001:AL05K9MB:kiln-garage"
    "1a86:7523::kiln-spare"
)

info() { echo "udev-setup: $*"; }

as_root() {
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    else
        $ELEVATE "$@"
    fi
}

render_rules() {
    echo "# Managed by kiln_serial_udev.sh - studio kiln adapters"
    local entry vid pid serial alias
    for entry in "${ADAPTERS[@]}"; do
        IFS=: read -r vid pid serial alias <<<"$entry"
        if [ -n "$serial" ]; then
            printf 'SUBSYSTEM=="tty", ATTRS{idVendor}=="%s", ATTRS{idProduct}=="%s", ATTRS{serial}=="%s", SYMLINK+="%s", GROUP="dialout", MODE="0660"\n' \
                "$vid" "$pid" "$serial" "$alias"
        else
            printf 'SUBSYSTEM=="tty", ATTRS{idVendor}=="%s", ATTRS{idProduct}=="%s", SYMLINK+="%s", GROUP="dialout", MODE="0660"\n' \
                "$vid" "$pid" "$alias"
        fi
    done
}

install_rules() {
    local tmp
    tmp="$(mktemp -p "$PWD" rules.XXXXXX)"
    render_rules > "$tmp"
    if cmp -s "$tmp" "$RULES_DIR/$RULES_NAME" 2>/dev/null; then
        info "rules unchanged"
        rm -f "$tmp"
        return 1
    fi
    as_root install -m 0644 -o root -g root "$tmp" "$RULES_DIR/$RULES_NAME"
    rm -f "$tmp"
    info "installed $RULES_DIR/$RULES_NAME"
    return 0
}

ensure_group() {
    if id -nG "$STUDIO_USER" | tr ' ' '\n' | grep -qx dialout; then
        info "$STUDIO_USER already in dialout"
    else
        as_root usermod -aG dialout "$STUDIO_USER"
        info "added $STUDIO_USER to dialout (log out and back in)"
    fi
}

reload_udev() {
    as_root udevadm control --reload-rules
    as_root udevadm trigger --subsystem-match=tty
    # Existing nodes keep their old mode until replug; fix them now.
    for n in /dev/ttyUSB*; do
        [ -e "$n" ] && as_root chgrp dialout "$n" && as_root chmod 0660 "$n"
    done
}

main() {
    if [ "${1:-}" = "--print" ]; then
        render_rules
        exit 0
    fi
    if install_rules; then
        reload_udev
    fi
    ensure_group
    ls -l /dev/kiln-* 2>/dev/null || info "no kiln adapters plugged in right now"
}

main "$@"
