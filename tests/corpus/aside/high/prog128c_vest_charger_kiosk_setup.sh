#!/usr/bin/env bash
# vest_charger_kiosk_setup.sh - prepare the laser arena charging-rack PC.
#
# The charging rack has two USB hubs of vest controllers (CP2102 bridges,
# 10c4:ea60) and a barcode scanner for vest tags. This script:
#   1. gives the controllers stable names (/dev/vestrack-A1 ... ) via udev
#   2. adds the kiosk user to the groups it needs for serial + scanner access
#   3. pins the arena game server's name in /etc/hosts (no local DNS in the arena)
#   4. reloads udev and checks that all racks enumerate
#
# usage: sudo-capable user runs ./vest_charger_kiosk_setup.sh [-u kiosk] [-s 10.30.0.5]
set -euo pipefail

KIOSK_USER=kiosk
GAME_SERVER=10.30.0.5
GAME_HOST=arena-game.local
RULES=/etc/udev/rules.d/72-vestrack.rules
EXPECTED_RACKS=${EXPECTED_RACKS:-24}

while getopts "u:s:n:h" opt; do
    case $opt in
        u) KIOSK_USER=$OPTARG ;;
        s) GAME_SERVER=$OPTARG ;;
        n) EXPECTED_RACKS=$OPTARG ;;
        h) sed -n '2,12p' "$0"; exit 0 ;;
        *) exit 64 ;;
    esac
done

log() { echo "[$(date +%T)] $*"; }

id "$KIOSK_USER" >/dev/null 2>&1 || { echo "no such user $KIOSK_USER" >&2; exit 1; }

generate_rules() {
    # Map hub port paths to rack slot names; hub A on the left of the rack.
    local hub slot port
    echo "# vest charging rack controllers - generated $(date +%F) by $(basename "$0")"
    for hub in A B; do
        for slot in $(seq 1 12); do
            if [ "$hub" = A ]; then port="1-1.$(( (slot - 1) / 4 + 1 )).$(( (slot - 1) % 4 + 1 ))"
            else port="1-2.$(( (slot - 1) / 4 + 1 )).$(( (slot - 1) % 4 + 1 ))"; fi
            printf 'SUBSYSTEM=="tty", ATTRS{idVendor}=="10c4", ATTRS{idProduct}=="ea60", KERNELS=="%s", SYMLINK+="vestrack-%s%d", GROUP="dialout", MODE="0660"\n' \
                "$port" "$hub" "$slot"
        done
    done
    echo 'SUBSYSTEM=="hidraw", ATTRS{idVendor}=="05e0", ATTRS{idProduct}=="1200", GROUP="plugdev", MODE="0660"'
}

install_rules() {
    local tmp
    tmp=$(mktemp -p . vestrack.rules.XXXX)
    generate_rules > "$tmp"
    if sudo cmp -s "$tmp" "$RULES" 2>/dev/null; then
        log "udev rules unchanged"
    else
        sudo install -o root -g root -m 0644 "$tmp" "$RULES"
        log "installed $RULES ($(grep -c SYMLINK "$tmp") rack slots)"
    fi
    rm -f "$tmp"
}

add_groups() {
    local g
    for g in dialout plugdev; do
        if id -nG "$KIOSK_USER" | tr ' ' '\n' | grep -qx "$g"; then
            log "$KIOSK_USER already in $g"
        else
            sudo usermod -aG "$g" "$KIOSK_USER"
            log "added $KIOSK_USER to $g (takes effect at next login)"
        fi
    done
}

pin_game_host() {
    if grep -qE "[[:space:]]$GAME_HOST([[:space:]]|\$)" /etc/hosts; then
        sudo sed -i.bak -E "s/^[0-9.]+([[:space:]]+$GAME_HOST)/$GAME_SERVER\\1/" /etc/hosts
        log "updated $GAME_HOST -> $GAME_SERVER"
    else
        printf '%s\t%s\n' "$GAME_SERVER" "$GAME_HOST" | sudo tee -a /etc/hosts >/dev/null
        log "pinned $GAME_HOST -> $GAME_SERVER"
    fi
}

reload_and_check() {
    sudo udevadm control --reload-rules
    sudo udevadm trigger --subsystem-match=tty --action=change
    sudo udevadm settle --timeout=15
    local found
    found=$(find /dev -maxdepth 1 -name 'vestrack-*' | wc -l)
    if [ "$found" -lt "$EXPECTED_RACKS" ]; then
        log "WARNING: only $found of $EXPECTED_RACKS rack controllers present - check hub power"
    else
        log "all $found rack controllers present"
    fi
}

install_rules
add_groups
pin_game_host
reload_and_check
log "kiosk setup complete; log $KIOSK_USER out and back in"
