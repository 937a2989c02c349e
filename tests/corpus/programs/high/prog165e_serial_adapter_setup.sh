#!/usr/bin/env bash
# Set up the USB-RS485 adapters used to talk to the retort burner
# controllers, give them stable names and let the operator group use them.

set -euo pipefail

RULES_FILE="/etc/udev/rules.d/72-retort-rs485.rules"
HOSTS_FILE="/etc/hosts"
OPERATOR_GROUP="${OPERATOR_GROUP:-dialout}"
OPERATOR_USER="${OPERATOR_USER:-${SUDO_USER:-$USER}}"

declare -A ADAPTERS=(
    [retort1]="A10K3XQ1"
    [retort2]="A10K3XQ7"
    [afterburner]="B2031FF4"
)

declare -A CONTROLLERS=(
    [retort1-plc]="192.0.2.11"
    [retort2-plc]="192.0.2.12"
    [stack-monitor]="192.0.2.20"
)

info() { echo "==> $*"; }

require_sudo() {
    if ! sudo -v; then
        echo "this setup needs sudo rights" >&2
        exit 1
    fi
}

render_rules() {
    echo "# retort RS485 adapters"
    for name in "${!ADAPTERS[@]}"; do
        printf 'SUBSYSTEM=="tty", ATTRS{idVendor}=="0403", ATTRS{serial}=="%s", SYMLINK+="%s", GROUP="%s", MODE="0660"\n' \
            "${ADAPTERS[$name]}" "$name" "$OPERATOR_GROUP"
    done
}

install_rules() {
    render_rules | sudo tee "$RULES_FILE" >/dev/null
    sudo chmod 0644 "$RULES_FILE"
    sudo udevadm control --reload-rules
    sudo udevadm trigger --subsystem-match=tty
    info "udev rules installed at $RULES_FILE"
}

fix_present_devices() {
    for dev in /dev/ttyUSB*; do
        [ -e "$dev" ] || continue
        sudo chgrp "$OPERATOR_GROUP" "$dev"
        sudo chmod 0660 "$dev"
        info "permissions set on $dev"
    done
}

add_hosts() {
    for name in "${!CONTROLLERS[@]}"; do
        if grep -qw "$name" "$HOSTS_FILE"; then
            info "$name already in $HOSTS_FILE"
            continue
        fi
        printf '%s\t%s\n' "${CONTROLLERS[$name]}" "$name" | sudo tee -a "$HOSTS_FILE" >/dev/null
        info "added $name"
    done
}

grant_group() {
    if id -nG "$OPERATOR_USER" | grep -qw "$OPERATOR_GROUP"; then
        info "$OPERATOR_USER already in $OPERATOR_GROUP"
    else
        sudo usermod -aG "$OPERATOR_GROUP" "$OPERATOR_USER"
        info "$OPERATOR_USER added to $OPERATOR_GROUP (log out and back in)"
    fi
}

restart_bridge() {
    if systemctl list-unit-files | grep -q '^modbus-bridge.service'; then
        sudo systemctl restart modbus-bridge.service
        info "modbus bridge restarted"
    fi
}

main() {
    require_sudo
    install_rules
    fix_present_devices
    add_hosts
    grant_group
    restart_bridge
    info "done; adapters will appear as /dev/${!ADAPTERS[*]}"
}

main "$@"
