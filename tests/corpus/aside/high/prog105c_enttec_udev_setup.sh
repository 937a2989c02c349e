#!/usr/bin/env bash
# enttec_udev_setup.sh - prepare a Linux laptop for the Enttec DMX USB Pro
# and Open DMX interfaces in the hire kit.
#
#  * gives the interfaces a stable /dev/dmx-pro-N name and group access
#  * keeps ftdi_sio from grabbing the Open DMX so OLA can drive it directly
#  * adds the operator to the plugdev/dialout groups
#
# usage: enttec_udev_setup.sh [-u username] [--keep-ftdi]

set -euo pipefail

TARGET_USER="${SUDO_USER:-$USER}"
KEEP_FTDI=0
RULES="/etc/udev/rules.d/71-enttec-dmx.rules"
BLACKLIST="/etc/modprobe.d/ola-ftdi-blacklist.conf"
LOG="./enttec_setup.log"

log() { echo "$(date '+%F %T') $*" | tee -a "$LOG"; }

while [ $# -gt 0 ]; do
    case "$1" in
        -u) TARGET_USER="$2"; shift ;;
        --keep-ftdi) KEEP_FTDI=1 ;;
        -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
        *) echo "unknown option: $1" >&2; exit 64 ;;
    esac
    shift
done

as_root() {
    if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

write_root_file() {
    # write stdin to a root-owned file, keeping a backup of anything there
    local dest="$1" tmp
    tmp="$(mktemp)"
    cat > "$tmp"
    if as_root test -f "$dest" && as_root cmp -s "$tmp" "$dest"; then
        log "unchanged: $dest"
    else
        as_root test -f "$dest" && as_root cp -p "$dest" "$dest.bak"
        as_root install -m 0644 -o root -g root "$tmp" "$dest"
        log "wrote $dest"
    fi
    rm -f "$tmp"
}

install_rules() {
    write_root_file "$RULES" <<'EOF'
# Enttec DMX USB Pro (FTDI FT245R, serial starts EN)
SUBSYSTEM=="tty", ATTRS{idVendor}=="0403", ATTRS{idProduct}=="6001", ATTRS{serial}=="EN*", \
    SYMLINK+="dmx-pro-%n", GROUP="plugdev", MODE="0660"
# Enttec Open DMX (raw FTDI, driven by OLA via libftdi)
SUBSYSTEM=="usb", ATTRS{idVendor}=="0403", ATTRS{idProduct}=="6001", ATTRS{product}=="*Open DMX*", \
    GROUP="plugdev", MODE="0660"
EOF
}

install_blacklist() {
    if [ "$KEEP_FTDI" -eq 1 ]; then
        log "leaving ftdi_sio loaded (--keep-ftdi)"
        return
    fi
    write_root_file "$BLACKLIST" <<'EOF'
# OLA drives the Open DMX through libftdi; stop the serial driver claiming it
blacklist ftdi_sio
blacklist usbserial
EOF
    if lsmod | grep -q '^ftdi_sio'; then
        as_root modprobe -r ftdi_sio && log "unloaded ftdi_sio"
    fi
}

add_groups() {
    local g
    for g in plugdev dialout; do
        getent group "$g" >/dev/null || as_root groupadd "$g"
        if id -nG "$TARGET_USER" | tr ' ' '\n' | grep -qx "$g"; then
            log "$TARGET_USER already in $g"
        else
            as_root usermod -aG "$g" "$TARGET_USER"
            log "added $TARGET_USER to $g (log out and back in)"
        fi
    done
}

reload_udev() {
    as_root udevadm control --reload-rules
    as_root udevadm trigger --subsystem-match=tty --subsystem-match=usb
}

show_devices() {
    log "DMX interfaces now visible:"
    ls -l /dev/dmx-pro-* 2>/dev/null | tee -a "$LOG" || log "  none plugged in"
}

install_rules
install_blacklist
add_groups
reload_udev
show_devices
