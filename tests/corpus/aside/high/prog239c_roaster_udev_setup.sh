#!/usr/bin/env bash
# Give the roaster's USB-serial thermocouple bridge a stable device name
# (/dev/roaster0) and let the roasting account read it without root.
#
# usage: roaster_udev_setup.sh [--vendor 1a86] [--product 7523] [--user NAME] [--remove]
set -euo pipefail

VENDOR="1a86"
PRODUCT="7523"
TARGET_USER="${SUDO_USER:-$USER}"
LINK="roaster0"
REMOVE=0

RULES_PARTS=("" "etc" "udev" "rules.d")
RULE_NAME="99-roaster-bridge.rules"

log() { logger -t roaster-udev -- "$*" 2>/dev/null || true; printf '[udev-setup] %s\n' "$*"; }
die() { log "error: $*"; exit 1; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --vendor)  VENDOR="$2"; shift 2 ;;
        --product) PRODUCT="$2"; shift 2 ;;
        --user)    TARGET_USER="$2"; shift 2 ;;
        --remove)  REMOVE=1; shift ;;
        *) die "unknown option $1" ;;
    esac
done

rules_path() {
    local IFS=/
    printf '%s/%s' "${RULES_PARTS[*]}" "$RULE_NAME"
}

as_root() {
    if [[ $(id -u) -eq 0 ]]; then
        "$@"
    else
        sudo -- "$@"
    fi
}

validate_ids() {
    [[ "$VENDOR" =~ ^[0-9a-f]{4}$ ]] || die "bad vendor id $VENDOR"
    [[ "$PRODUCT" =~ ^[0-9a-f]{4}$ ]] || die "bad product id $PRODUCT"
    id "$TARGET_USER" >/dev/null 2>&1 || die "no such user $TARGET_USER"
}

rule_text() {
    printf 'SUBSYSTEM=="tty", ATTRS{idVendor}=="%s", ATTRS{idProduct}=="%s", ' "$VENDOR" "$PRODUCT"
    printf 'MODE="0660", GROUP="dialout", SYMLINK+="%s"\n' "$LINK"
}

install_rule() {
    local dest
    dest=$(rules_path)
    log "writing $dest"
    rule_text | as_root tee "$dest" >/dev/null
    as_root chmod 0644 "$dest"
}

remove_rule() {
    local dest
    dest=$(rules_path)
    if [[ -e "$dest" ]]; then
        as_root rm -f "$dest"
        log "removed $dest"
    else
        log "nothing to remove"
    fi
}

reload_udev() {
    as_root udevadm control --reload-rules
    as_root udevadm trigger --subsystem-match=tty --action=add
}

grant_group() {
    if id -nG "$TARGET_USER" | tr ' ' '\n' | grep -qx dialout; then
        log "$TARGET_USER already in dialout"
    else
        as_root usermod -aG dialout "$TARGET_USER"
        log "added $TARGET_USER to dialout (log out and back in)"
    fi
}

fix_existing_nodes() {
    local node
    for node in /dev/ttyUSB* /dev/ttyACM*; do
        [[ -e "$node" ]] || continue
        as_root chgrp dialout "$node"
        as_root chmod 0660 "$node"
        log "adjusted $node"
    done
}

main() {
    if [[ "$REMOVE" -eq 1 ]]; then
        remove_rule
        reload_udev
        exit 0
    fi
    validate_ids
    install_rule
    reload_udev
    grant_group
    fix_existing_nodes
    sleep 1
    if [[ -e "/dev/$LINK" ]]; then
        log "bridge available as /dev/$LINK"
    else
        log "rule installed; plug the bridge in to create /dev/$LINK"
    fi
}

main
