#!/usr/bin/env bash
# capture_card_setup.sh - bring up the photo-finish frame grabber on a new node.
#
# Loads the video4linux driver for the grabber card, makes the device node
# readable by the 'finish' group and restarts the capture service so it
# picks the card up. Safe to re-run.
#
# Usage: capture_card_setup.sh [--module NAME] [--group GROUP] [--dry-run]

set -euo pipefail

MODULE="uvcvideo"
GROUP="finish"
DRY_RUN=0
SERVICE="photofinish-capture"
RULE_NAME="72-photofinish-grabber.rules"

while [ $# -gt 0 ]; do
    case "$1" in
        --module) MODULE="$2"; shift 2 ;;
        --group) GROUP="$2"; shift 2 ;;
        --dry-run) DRY_RUN=1; shift ;;
        *) echo "usage: $0 [--module NAME] [--group GROUP] [--dry-run]" >&2; exit 1 ;;
    esac
done

# Run as the operator; elevate only the steps that need it.
if [ "$(id -u)" -ne 0 ]; then
    for tool in sudo doas; do
        if command -v "$tool" >/dev/null 2>&1; then
            ELEVATE="$tool"
            break
        fi
    done
fi
ELEVATE="${ELEVATE:-}"

run() {
    if [ "$DRY_RUN" -eq 1 ]; then
        echo "+ $*"
    else
        $ELEVATE "$@"
    fi
}

info() { echo "[grabber] $*"; }

load_driver() {
    if lsmod | awk '{print $1}' | grep -qx "$MODULE"; then
        info "$MODULE already loaded"
    else
        info "loading $MODULE"
        run modprobe "$MODULE"
    fi
}

install_rule() {
    local dest="/etc/udev/rules.d/$RULE_NAME"
    local rule='SUBSYSTEM=="video4linux", ATTRS{idVendor}=="1ab2", GROUP="'"$GROUP"'", MODE="0660"'
    info "writing $dest"
    printf '%s\n' "$rule" | run tee "$dest" >/dev/null
    run udevadm control --reload-rules
    run udevadm trigger --subsystem-match=video4linux
}

fix_existing_nodes() {
    local dev
    for dev in /dev/video*; do
        [ -e "$dev" ] || continue
        run chgrp "$GROUP" "$dev"
        run chmod 0660 "$dev"
        info "permissions set on $dev"
    done
}

restart_service() {
    if systemctl list-unit-files "$SERVICE.service" >/dev/null 2>&1; then
        run systemctl restart "$SERVICE"
        info "$SERVICE restarted"
    else
        info "$SERVICE not installed yet, skipping restart"
    fi
}

main() {
    getent group "$GROUP" >/dev/null || { info "group $GROUP missing"; exit 2; }
    load_driver
    install_rule
    fix_existing_nodes
    restart_service
    info "done"
}

main
