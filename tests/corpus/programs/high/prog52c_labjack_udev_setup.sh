#!/usr/bin/env bash
# Give the 'daq' group access to the bench USB data-acquisition devices so the
# acquisition software does not need to run as root.
set -euo pipefail

RULES_FILE="/etc/udev/rules.d/72-bench-daq.rules"
GROUP="daq"
TARGET_USER="${SUDO_USER:-$USER}"

# vendor:product pairs of the devices on the bench
DEVICES=(
    "0cd5:0003"   # LabJack U3
    "0cd5:0009"   # LabJack T7
    "16d0:05a5"   # in-house trigger box
    "0403:6014"   # FT232H breakout
)

info() { printf '\e[1m==>\e[0m %s\n' "$*"; }
die()  { printf 'error: %s\n' "$*" >&2; exit 1; }

as_root() {
    if [[ $EUID -eq 0 ]]; then "$@"; else sudo "$@"; fi
}

render_rules() {
    echo "# Managed by bench-daq setup, $(date -I)"
    local pair vid pid
    for pair in "${DEVICES[@]}"; do
        vid="${pair%%:*}"; pid="${pair##*:}"
        printf 'SUBSYSTEM=="usb", ATTR{idVendor}=="%s", ATTR{idProduct}=="%s", MODE="0660", GROUP="%s"\n' \
            "$vid" "$pid" "$GROUP"
    done
}

install_rules() {
    local tmp
    tmp="$(mktemp)"
    trap 'rm -f "$tmp"' RETURN
    render_rules > "$tmp"
    if [[ -f "$RULES_FILE" ]] && cmp -s "$tmp" "$RULES_FILE"; then
        info "rules unchanged"
        return 1
    fi
    info "installing $RULES_FILE"
    as_root install -m 0644 -o root -g root "$tmp" "$RULES_FILE"
}

ensure_group() {
    if ! getent group "$GROUP" >/dev/null; then
        info "creating group $GROUP"
        as_root groupadd --system "$GROUP"
    fi
    if ! id -nG "$TARGET_USER" | tr ' ' '\n' | grep -qx "$GROUP"; then
        info "adding $TARGET_USER to $GROUP (log out and in again)"
        as_root usermod -aG "$GROUP" "$TARGET_USER"
    fi
}

reload() {
    info "reloading udev"
    as_root udevadm control --reload-rules
    as_root udevadm trigger --subsystem-match=usb --action=change
}

main() {
    command -v udevadm >/dev/null || die "udevadm not found"
    [[ "${1:-}" == "--print" ]] && { render_rules; exit 0; }
    ensure_group
    if install_rules; then
        reload
    fi
    info "done; connected devices:"
    lsusb | grep -Ei "$(printf '%s|' "${DEVICES[@]}" | sed 's/|$//')" || echo "  (none)"
}

main "$@"
