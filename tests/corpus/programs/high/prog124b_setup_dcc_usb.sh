#!/usr/bin/env bash
# setup_dcc_usb.sh - make the club's USB command-station interfaces usable
# by JMRI without running it as root, and give them stable names.
#
#   LocoBuffer-USB / PR3 / PR4   -> /dev/loconet0
#   SPROG 3 / SPROG Nano         -> /dev/sprog0
#   DCC++ EX on an Arduino Mega  -> /dev/dccex0
#
# Run once per laptop as the JMRI user; it asks for sudo where needed.
set -euo pipefail

RULES=/etc/udev/rules.d/71-club-dcc.rules
USER_NAME=${SUDO_USER:-$USER}
DRY_RUN=0
[[ ${1:-} == "-n" ]] && DRY_RUN=1

info() { echo "[dcc-usb] $*"; }

render_rules() {
    cat <<'EOF'
# managed by setup_dcc_usb.sh - club DCC interfaces
SUBSYSTEM=="tty", ATTRS{idVendor}=="0403", ATTRS{idProduct}=="6001", ATTRS{product}=="*LocoBuffer*", SYMLINK+="loconet0", GROUP="dialout", MODE="0660"
SUBSYSTEM=="tty", ATTRS{idVendor}=="0403", ATTRS{idProduct}=="6001", ATTRS{product}=="*PR3*", SYMLINK+="loconet0", GROUP="dialout", MODE="0660"
SUBSYSTEM=="tty", ATTRS{idVendor}=="0403", ATTRS{idProduct}=="6015", ATTRS{product}=="*PR4*", SYMLINK+="loconet0", GROUP="dialout", MODE="0660"
SUBSYSTEM=="tty", ATTRS{idVendor}=="04d8", ATTRS{idProduct}=="000a", SYMLINK+="sprog0", GROUP="dialout", MODE="0660"
SUBSYSTEM=="tty", ATTRS{idVendor}=="2341", ATTRS{idProduct}=="0042", SYMLINK+="dccex0", GROUP="dialout", MODE="0660"
# ModemManager probes new serial ports and confuses the command stations
ATTRS{idVendor}=="0403", ATTRS{idProduct}=="6001", ENV{ID_MM_DEVICE_IGNORE}="1"
ATTRS{idVendor}=="04d8", ATTRS{idProduct}=="000a", ENV{ID_MM_DEVICE_IGNORE}="1"
EOF
}

install_rules() {
    local tmp
    tmp=$(mktemp)
    trap 'rm -f "$tmp"' RETURN
    render_rules > "$tmp"
    if [[ -f $RULES ]] && cmp -s "$tmp" "$RULES"; then
        info "udev rules already current"
        return 1
    fi
    if (( DRY_RUN )); then
        diff -u "$RULES" "$tmp" 2>/dev/null || cat "$tmp"
        return 1
    fi
    sudo install -o root -g root -m 0644 "$tmp" "$RULES"
    info "installed $RULES"
}

ensure_group() {
    if id -nG "$USER_NAME" | tr ' ' '\n' | grep -qx dialout; then
        info "$USER_NAME already in dialout"
        return
    fi
    (( DRY_RUN )) && { info "would add $USER_NAME to dialout"; return; }
    sudo usermod -aG dialout "$USER_NAME"
    info "added $USER_NAME to dialout (log out and back in)"
}

reload_udev() {
    sudo udevadm control --reload-rules
    sudo udevadm trigger --subsystem-match=tty --action=add
    sleep 1
    local dev
    for dev in /dev/loconet0 /dev/sprog0 /dev/dccex0; do
        [[ -e $dev ]] && info "found $dev -> $(readlink -f "$dev")"
    done
    return 0
}

if install_rules; then
    reload_udev
fi
ensure_group
info "done; in JMRI choose /dev/loconet0, /dev/sprog0 or /dev/dccex0 as the port"
