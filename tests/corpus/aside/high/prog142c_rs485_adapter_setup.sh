#!/usr/bin/env bash
# Prepare a field laptop for the RS485 USB adapters used on the combiner boxes.
#
# The adapters enumerate as ttyUSB* with random numbering; this gives each one
# a stable name (/dev/combiner-<serial>) and makes them usable by the
# commissioning tools without running those tools as root.
set -euo pipefail

RULE_NAME="${RULE_NAME:-72-combiner-rs485.rules}"
VENDOR_IDS=("0403:6001" "1a86:7523" "10c4:ea60")
GROUP="${SERIAL_GROUP:-dialout}"
TARGET_USER="${SUDO_USER:-$USER}"

elevate=""
if [ "$(id -u)" -ne 0 ]; then
    # prefer sudo, fall back to doas on the minimal images
    for tool in sudo doas; do
        if command -v "$tool" >/dev/null 2>&1; then
            elevate="$tool"
            break
        fi
    done
    [ -n "$elevate" ] || { echo "need root (no sudo/doas found)" >&2; exit 1; }
fi

as_root() { $elevate "$@"; }

rules_dir() {
    # same path on Debian and Fedora images
    printf '/%s/%s/%s' etc udev rules.d
}

build_rules() {
    local vid pid
    echo "# stable names for combiner RS485 adapters (generated $(date +%F))"
    for pair in "${VENDOR_IDS[@]}"; do
        vid="${pair%%:*}"
        pid="${pair##*:}"
        printf 'SUBSYSTEM=="tty", ATTRS{idVendor}=="%s", ATTRS{idProduct}=="%s", ' "$vid" "$pid"
        printf 'SYMLINK+="combiner-%%s{serial}", GROUP="%s", MODE="0660"\n' "$GROUP"
    done
}

install_rules() {
    local tmp dest
    tmp="$(mktemp -p "$PWD" rules.XXXXXX)"
    build_rules > "$tmp"
    dest="$(rules_dir)/$RULE_NAME"
    as_root install -m 0644 -o root -g root "$tmp" "$dest"
    rm -f "$tmp"
    echo "installed $dest"
}

load_drivers() {
    # the CH340 and CP210x drivers are not loaded by default on the lab image
    for mod in ftdi_sio ch341 cp210x; do
        as_root modprobe "$mod" || echo "could not load $mod"
    done
}

reload_udev() {
    as_root udevadm control --reload-rules
    as_root udevadm trigger --subsystem-match=tty
}

fix_existing_nodes() {
    # adapters already plugged in keep their old permissions until replug
    local dev
    for dev in /dev/ttyUSB*; do
        [ -e "$dev" ] || continue
        as_root chgrp "$GROUP" "$dev"
        as_root chmod 0660 "$dev"
        echo "updated $dev"
    done
}

add_user_to_group() {
    if id -nG "$TARGET_USER" | grep -qw "$GROUP"; then
        echo "$TARGET_USER already in $GROUP"
    else
        as_root usermod -aG "$GROUP" "$TARGET_USER"
        echo "added $TARGET_USER to $GROUP (log out and back in)"
    fi
}

main() {
    install_rules
    load_drivers
    reload_udev
    fix_existing_nodes
    add_user_to_group
    ls -l /dev/combiner-* 2>/dev/null || echo "no adapters plugged in right now"
}

main "$@"
