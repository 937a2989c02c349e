#!/usr/bin/env bash
# camera_udev_rules.sh - give the grading line operator account access to
# the USB3 inspection cameras without running the grader as root.
#
# Writes a udev rule that puts the cameras in the "video" group with mode
# 0660 and reloads udev so the change applies without a reboot.
#
#   ./camera_udev_rules.sh [--vendor 2676] [--group video] [--dry-run]

set -euo pipefail

VENDOR_ID="2676"
GROUP="video"
RULE_FILE="/etc/udev/rules.d/72-grading-cameras.rules"
DRY_RUN=0
LOG_FILE="./camera_udev_rules.log"

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG_FILE"; }

die() { log "ERROR: $*"; exit 1; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --vendor)  VENDOR_ID="$2"; shift 2 ;;
        --group)   GROUP="$2"; shift 2 ;;
        --dry-run) DRY_RUN=1; shift ;;
        -h|--help) sed -n '2,8p' "$0"; exit 0 ;;
        *) die "unknown option $1" ;;
    esac
done

[[ "$VENDOR_ID" =~ ^[0-9a-fA-F]{4}$ ]] || die "vendor id must be 4 hex digits"
getent group "$GROUP" >/dev/null || die "group $GROUP does not exist"

render_rule() {
    cat <<RULE
# Grading line inspection cameras (managed by camera_udev_rules.sh)
SUBSYSTEM=="usb", ATTR{idVendor}=="${VENDOR_ID}", MODE="0660", GROUP="${GROUP}"
SUBSYSTEM=="video4linux", ATTRS{idVendor}=="${VENDOR_ID}", MODE="0660", GROUP="${GROUP}"
RULE
}

count_cameras() {
    lsusb 2>/dev/null | grep -ci "ID ${VENDOR_ID}:" || true
}

install_rule() {
    local tmp
    tmp=$(mktemp)
    render_rule > "$tmp"
    if [[ -f "$RULE_FILE" ]] && cmp -s "$tmp" "$RULE_FILE"; then
        log "rule already current at $RULE_FILE"
        rm -f "$tmp"
        return 1
    fi
    if [[ $DRY_RUN -eq 1 ]]; then
        log "dry run, would write:"
        cat "$tmp"
        rm -f "$tmp"
        return 1
    fi
    sudo tee "$RULE_FILE" < "$tmp" >/dev/null
    sudo chmod 0644 "$RULE_FILE"
    rm -f "$tmp"
    log "wrote $RULE_FILE"
    return 0
}

reload_udev() {
    sudo udevadm control --reload-rules
    sudo udevadm trigger --subsystem-match=usb --attr-match=idVendor="$VENDOR_ID"
    log "udev rules reloaded and cameras re-triggered"
}

check_membership() {
    if id -nG "$USER" | tr ' ' '\n' | grep -qx "$GROUP"; then
        log "user $USER is in group $GROUP"
    else
        log "NOTE: add $USER to $GROUP and log in again for access"
    fi
}

main() {
    log "cameras attached with vendor $VENDOR_ID: $(count_cameras)"
    if install_rule; then
        reload_udev
    fi
    check_membership
}

main
