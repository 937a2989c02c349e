#!/usr/bin/env bash
# erg_usb_access_setup.sh
#
# One-off setup for the boathouse erg-room PC so the logging software can
# talk to the Concept2 PM5 monitors over USB without running as root.
# Installs a udev rule for the PM5's vendor id, adds the logging account
# to the group the rule grants access to, and reloads udev.
#
# Usage: erg_usb_access_setup.sh [--user NAME] [--group NAME] [--uninstall]
set -eo pipefail

VENDOR_ID="17a4"          # Concept2
RULE_FILE="/etc/udev/rules.d/71-concept2-pm.rules"
LOG_USER="${SUDO_USER:-$USER}"
ACCESS_GROUP="ergusers"
UNINSTALL=0

usage() {
    sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'
    exit "${1:-0}"
}

while [ $# -gt 0 ]; do
    case "$1" in
        --user) LOG_USER="$2"; shift 2 ;;
        --group) ACCESS_GROUP="$2"; shift 2 ;;
        --uninstall) UNINSTALL=1; shift ;;
        -h|--help) usage 0 ;;
        *) echo "unknown option $1" >&2; usage 1 ;;
    esac
done

info() { printf '\033[1;34m==>\033[0m %s\n' "$*"; }
warn() { printf '\033[1;33m!!\033[0m %s\n' "$*" >&2; }

as_root() {
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    else
        sudo "$@"
    fi
}

rule_body() {
    cat <<EOF
# Concept2 Performance Monitors (PM3/PM4/PM5) - erg logging
SUBSYSTEM=="usb", ATTR{idVendor}=="${VENDOR_ID}", MODE="0660", GROUP="${ACCESS_GROUP}"
SUBSYSTEM=="hidraw", ATTRS{idVendor}=="${VENDOR_ID}", MODE="0660", GROUP="${ACCESS_GROUP}"
EOF
}

reload_udev() {
    info "reloading udev rules"
    as_root udevadm control --reload-rules
    as_root udevadm trigger --subsystem-match=usb --attr-match=idVendor="${VENDOR_ID}" || true
}

install_rule() {
    if ! getent group "$ACCESS_GROUP" >/dev/null; then
        info "creating group $ACCESS_GROUP"
        as_root groupadd --system "$ACCESS_GROUP"
    fi
    if id -nG "$LOG_USER" | tr ' ' '\n' | grep -qx "$ACCESS_GROUP"; then
        info "$LOG_USER already in $ACCESS_GROUP"
    else
        info "adding $LOG_USER to $ACCESS_GROUP"
        as_root usermod -aG "$ACCESS_GROUP" "$LOG_USER"
    fi
    info "writing $RULE_FILE"
    rule_body | as_root tee "$RULE_FILE" >/dev/null
    as_root chmod 0644 "$RULE_FILE"
    reload_udev
}

uninstall_rule() {
    if [ -f "$RULE_FILE" ]; then
        info "removing $RULE_FILE"
        as_root rm -f "$RULE_FILE"
        reload_udev
    else
        warn "$RULE_FILE not present"
    fi
}

if [ "$UNINSTALL" -eq 1 ]; then
    uninstall_rule
else
    install_rule
    info "done - unplug and replug the monitors; $LOG_USER must log in again"
fi
