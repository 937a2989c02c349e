#!/usr/bin/env bash
# probe_usb_rules_install.sh - give the freezer probe USB hub a stable device
# name (/dev/freezerprobe0, 1, ...) and let the logger user open it without
# root. The hubs are CH340 USB-serial bridges; older batches report the
# Prolific PL2303 IDs instead.
#
# usage: probe_usb_rules_install.sh [--user NAME] [--dry-run]

set -euo pipefail

RULE_NAME="99-freezer-probe.rules"
RULE_DIR="/etc/udev/rules.d"
TARGET_USER="${SUDO_USER:-$USER}"
DRY_RUN=0

while [ $# -gt 0 ]; do
    case "$1" in
        --user) TARGET_USER="$2"; shift 2 ;;
        --dry-run) DRY_RUN=1; shift ;;
        -h|--help) sed -n '2,8p' "$0"; exit 0 ;;
        *) echo "unknown option $1" >&2; exit 2 ;;
    esac
done

info() { printf '\033[1;34m::\033[0m %s\n' "$*"; }

# vendor:product pairs seen on probe hubs so far
PROBE_IDS=(
    "1a86:7523"
    "1a86:55d4"
    "067b:2303"
)

render_rules() {
    echo "# freezer probe hubs - installed by probe_usb_rules_install.sh"
    local pair vid pid
    for pair in "${PROBE_IDS[@]}"; do
        vid="${pair%%:*}"
        pid="${pair##*:}"
        printf 'SUBSYSTEM=="tty", ATTRS{idVendor}=="%s", ATTRS{idProduct}=="%s", ' "$vid" "$pid"
        printf 'MODE="0660", GROUP="dialout", SYMLINK+="freezerprobe%%n"\n'
    done
}

connected_hubs() {
    local pair found=0
    for pair in "${PROBE_IDS[@]}"; do
        if lsusb -d "$pair" >/dev/null 2>&1; then
            info "found hub $pair"
            found=1
        fi
    done
    [ "$found" -eq 1 ] || info "no probe hub connected right now (rules apply on next plug-in)"
}

main() {
    local staged="./$RULE_NAME"
    render_rules > "$staged"
    info "rules staged in $staged"
    if [ "$DRY_RUN" -eq 1 ]; then
        cat "$staged"
        exit 0
    fi

    if ! getent group dialout >/dev/null; then
        sudo groupadd --system dialout
    fi

    sudo install -o root -g root -m 0644 "$staged" "$RULE_DIR/$RULE_NAME"
    info "installed $RULE_DIR/$RULE_NAME"

    if ! id -nG "$TARGET_USER" | tr ' ' '\n' | grep -qx dialout; then
        sudo usermod -aG dialout "$TARGET_USER"
        info "added $TARGET_USER to dialout (log out and back in to pick it up)"
    fi

    sudo udevadm control --reload-rules
    sudo udevadm trigger --subsystem-match=tty --action=change
    connected_hubs
    ls -l /dev/freezerprobe* 2>/dev/null || true
    info "done"
}

main
