#!/usr/bin/env bash
# roaster_serial_setup.sh - prepare a fresh roaster PC so the logging software
# can talk to the roaster's USB-serial thermocouple board without root.
#
# Creates a stable /dev/roaster symlink via udev, gives the ops user access
# to the device and disables the modem manager probing that garbles readings.
set -euo pipefail

OPS_USER="${OPS_USER:-${SUDO_USER:-$USER}}"
VENDOR_ID="${ROASTER_VID:-1a86}"
PRODUCT_ID="${ROASTER_PID:-7523}"
RULE_NAME="99-roaster-serial.rules"
RULES_DIR="/etc/udev/rules.d"
BAUD="${ROASTER_BAUD:-115200}"

info() { printf '\033[1m==>\033[0m %s\n' "$*"; }
warn() { printf 'warning: %s\n' "$*" >&2; }

# Use whatever elevation helper this distro has.
elevate() {
    local helper
    for helper in sudo doas pkexec; do
        if command -v "$helper" >/dev/null 2>&1; then
            "$helper" "$@"
            return
        fi
    done
    warn "no elevation helper found; run this script as root"
    return 1
}

as_root() {
    if [[ $EUID -eq 0 ]]; then "$@"; else elevate "$@"; fi
}

write_rule() {
    local rule tmp
    rule="SUBSYSTEM==\"tty\", ATTRS{idVendor}==\"$VENDOR_ID\", ATTRS{idProduct}==\"$PRODUCT_ID\", SYMLINK+=\"roaster\", MODE=\"0660\", GROUP=\"dialout\", ENV{ID_MM_DEVICE_IGNORE}=\"1\""
    tmp="$(mktemp "${TMPDIR:-/tmp}/roaster-rule.XXXXXX")"
    echo "$rule" > "$tmp"
    info "installing $RULES_DIR/$RULE_NAME"
    as_root install -m 0644 -o root -g root "$tmp" "$RULES_DIR/$RULE_NAME"
    rm -f "$tmp"
}

reload_udev() {
    info "reloading udev rules"
    as_root udevadm control --reload-rules
    as_root udevadm trigger --subsystem-match=tty
}

grant_access() {
    if id -nG "$OPS_USER" | tr ' ' '\n' | grep -qx dialout; then
        info "$OPS_USER already in dialout"
    else
        info "adding $OPS_USER to dialout"
        as_root usermod -aG dialout "$OPS_USER"
    fi
    # until the user logs in again the group change is not active, so open
    # the current device node directly
    local dev
    for dev in /dev/ttyUSB* /dev/ttyACM*; do
        [[ -e "$dev" ]] || continue
        as_root chown "$OPS_USER":dialout "$dev"
        as_root chmod 0666 "$dev"
        info "opened $dev for $OPS_USER"
    done
}

quiet_modem_manager() {
    if systemctl list-unit-files 2>/dev/null | grep -q '^ModemManager'; then
        info "stopping ModemManager (it probes the thermocouple board)"
        as_root systemctl disable --now ModemManager.service || warn "could not stop ModemManager"
    fi
}

configure_port() {
    if [[ -e /dev/roaster ]]; then
        as_root stty -F /dev/roaster "$BAUD" cs8 -cstopb -parenb raw -echo
        info "/dev/roaster configured at $BAUD baud"
    else
        warn "/dev/roaster not present yet; plug the roaster in and rerun"
    fi
}

main() {
    info "setting up roaster serial access for $OPS_USER"
    write_rule
    reload_udev
    grant_access
    quiet_modem_manager
    configure_port
    info "done - log out and back in so group membership applies"
}

main "$@"
