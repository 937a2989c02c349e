#!/usr/bin/env bash
# One-time setup for the Acme Launcher tray agent's global shortcuts on
# Wayland.  The agent synthesises key presses (text expansion, media keys)
# through /dev/uinput, which needs the kernel module and group access.
#
# Steps:
#   1. load the uinput module
#   2. install a udev rule giving the "input" group rw access to uinput
#   3. add the desktop user to that group
#   4. fix permissions on the existing device node right away
#
# Usage: hotkey_uinput_setup.sh [--user NAME] [--check] [--undo]

set -euo pipefail

RULE_FILE="/etc/udev/rules.d/70-acme-launcher-uinput.rules"
DEVICE="/dev/uinput"
GROUP="input"
TARGET_USER="${SUDO_USER:-${USER:-}}"
MODE="install"

log() { echo "acme-hotkeys: $*" >&2; }
die() { log "error: $*"; exit 1; }

run_root() {
    if [[ $(id -u) -eq 0 ]]; then "$@"; else sudo "$@"; fi
}

while [[ $# -gt 0 ]]; do
    case "$1" in
        --user)  TARGET_USER="$2"; shift 2 ;;
        --check) MODE="check"; shift ;;
        --undo)  MODE="undo"; shift ;;
        -h|--help)
            sed -n '2,14p' "$0"; exit 0 ;;
        *) die "unknown argument $1" ;;
    esac
done

[[ -n "$TARGET_USER" ]] || die "could not determine the desktop user; pass --user"
id "$TARGET_USER" >/dev/null 2>&1 || die "no such user: $TARGET_USER"

check() {
    local rc=0
    if lsmod | awk '{print $1}' | grep -qx uinput || [[ -c "$DEVICE" ]]; then
        log "module/device: present"
    else
        log "module/device: missing"; rc=1
    fi
    if [[ -f "$RULE_FILE" ]]; then log "udev rule: $RULE_FILE"; else log "udev rule: missing"; rc=1; fi
    if id -nG "$TARGET_USER" | tr ' ' '\n' | grep -qx "$GROUP"; then
        log "$TARGET_USER is in $GROUP"
    else
        log "$TARGET_USER is NOT in $GROUP"; rc=1
    fi
    [[ -e "$DEVICE" ]] && log "device perms: $(stat -c '%A %U:%G' "$DEVICE")"
    return $rc
}

install_setup() {
    log "loading uinput kernel module"
    run_root modprobe uinput

    if ! getent group "$GROUP" >/dev/null; then
        log "creating group $GROUP"
        run_root groupadd --system "$GROUP"
    fi

    log "writing $RULE_FILE"
    run_root tee "$RULE_FILE" >/dev/null <<EOF
# Installed by Acme Launcher: allow members of '$GROUP' to create virtual keyboards
KERNEL=="uinput", SUBSYSTEM=="misc", MODE="0660", GROUP="$GROUP", OPTIONS+="static_node=uinput"
EOF
    run_root chmod 0644 "$RULE_FILE"

    log "reloading udev rules"
    run_root udevadm control --reload-rules
    run_root udevadm trigger --subsystem-match=misc --action=change || true

    if [[ -c "$DEVICE" ]]; then
        run_root chgrp "$GROUP" "$DEVICE"
        run_root chmod 0660 "$DEVICE"
    fi

    log "adding $TARGET_USER to $GROUP"
    run_root usermod -aG "$GROUP" "$TARGET_USER"
    log "done - log out and back in for the group change to apply"
}

undo_setup() {
    if [[ -f "$RULE_FILE" ]]; then
        run_root rm -f "$RULE_FILE"
        run_root udevadm control --reload-rules
        log "removed $RULE_FILE"
    fi
    run_root gpasswd -d "$TARGET_USER" "$GROUP" || true
    log "left the uinput module loaded; it is harmless"
}

case "$MODE" in
    check)   check ;;
    install) install_setup; check || true ;;
    undo)    undo_setup ;;
esac
