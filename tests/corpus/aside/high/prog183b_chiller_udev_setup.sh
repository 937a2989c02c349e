#!/usr/bin/env bash
# Give the aquarium chiller controllers stable device names.
# Each chiller has a USB-serial adapter; without a udev rule they come up as
# ttyUSB0/ttyUSB1 in random order after a power cut and the logger talks to
# the wrong tank.

set -euo pipefail

RULES_FILE="/etc/udev/rules.d/99-aqua-chillers.rules"
SHOP_GROUP="${SHOP_GROUP:-dialout}"

# serial number -> symlink name
declare -A CHILLERS=(
    ["A10K4ZQ1"]="chiller-reef"
    ["A10K4ZQ7"]="chiller-coldwater"
    ["FT9X22PB"]="chiller-quarantine"
)

log() { echo "[chiller-setup] $*"; }

usage() {
    echo "usage: $0 [--list] [--apply]" >&2
    exit 1
}

list_adapters() {
    local dev serial
    for dev in /dev/ttyUSB*; do
        [[ -e "$dev" ]] || continue
        serial=$(udevadm info --query=property --name="$dev" | sed -n 's/^ID_SERIAL_SHORT=//p')
        echo "$dev serial=${serial:-unknown}"
    done
}

build_rules() {
    local serial
    echo "# Managed by chiller_udev_setup.sh - aquarium chiller controllers"
    for serial in "${!CHILLERS[@]}"; do
        printf 'SUBSYSTEM=="tty", ATTRS{serial}=="%s", SYMLINK+="%s", GROUP="%s", MODE="0660"\n' \
            "$serial" "${CHILLERS[$serial]}" "$SHOP_GROUP"
    done
}

apply_rules() {
    local tmp
    tmp=$(mktemp)
    build_rules > "$tmp"
    if [[ -f "$RULES_FILE" ]] && cmp -s "$tmp" "$RULES_FILE"; then
        log "rules unchanged"
    else
        log "writing $RULES_FILE"
        sudo install -m 0644 -o root -g root "$tmp" "$RULES_FILE"
    fi
    rm -f "$tmp"

    sudo udevadm control --reload-rules
    sudo udevadm trigger --subsystem-match=tty

    # adapters that were already plugged in keep their old perms until replug
    for dev in /dev/ttyUSB*; do
        [[ -e "$dev" ]] || continue
        sudo chgrp "$SHOP_GROUP" "$dev"
        sudo chmod 0660 "$dev"
    done

    if ! id -nG "$USER" | grep -qw "$SHOP_GROUP"; then
        log "adding $USER to $SHOP_GROUP"
        sudo usermod -aG "$SHOP_GROUP" "$USER"
    fi
    log "done; symlinks:"
    ls -l /dev/chiller-* 2>/dev/null || log "(none yet - replug adapters)"
}

case "${1:-}" in
    --list) list_adapters ;;
    --apply) apply_rules ;;
    --show) build_rules ;;
    *) usage ;;
esac
