#!/bin/sh
# Make JTAG/SWD debug probes and USB-serial adapters usable without root on a
# new lab workstation: install udev rules for the probes we own, reload udev
# and put the current user into the plugdev and dialout groups.
set -e

RULES_FILE="/etc/udev/rules.d/70-lab-debug-probes.rules"
LAB_GROUP="plugdev"
TARGET_USER="${SUDO_USER:-$(id -un)}"

# vendor:product  description
PROBES="
0483:374b  ST-LINK/V2-1
0483:3748  ST-LINK/V2
1366:0105  SEGGER J-Link
1366:1015  SEGGER J-Link OB
0403:6010  FTDI FT2232H (Digilent/OpenOCD)
0403:6014  FTDI FT232H
15ba:002a  Olimex ARM-USB-TINY-H
2e8a:000c  Raspberry Pi Debug Probe
1a86:7523  CH340 USB-serial
10c4:ea60  CP210x USB-serial
"

info() { echo "[probe-setup] $*"; }

need_root() {
    if [ "$(id -u)" -ne 0 ]; then
        info "re-running with sudo"
        exec sudo -E sh "$0" "$@"
    fi
}

render_rules() {
    echo "# managed by debug_probe_udev_setup - do not edit"
    echo "$PROBES" | while read -r ids desc; do
        [ -n "$ids" ] || continue
        vid=${ids%%:*}
        pid=${ids##*:}
        echo "# $desc"
        echo "SUBSYSTEM==\"usb\", ATTR{idVendor}==\"$vid\", ATTR{idProduct}==\"$pid\", MODE=\"0660\", GROUP=\"$LAB_GROUP\", TAG+=\"uaccess\""
        echo "SUBSYSTEM==\"tty\", ATTRS{idVendor}==\"$vid\", ATTRS{idProduct}==\"$pid\", MODE=\"0660\", GROUP=\"dialout\""
    done
}

install_rules() {
    tmp=$(mktemp)
    render_rules > "$tmp"
    if [ -f "$RULES_FILE" ] && cmp -s "$tmp" "$RULES_FILE"; then
        info "rules already up to date"
        rm -f "$tmp"
        return 1
    fi
    install -m 0644 -o root -g root "$tmp" "$RULES_FILE"
    rm -f "$tmp"
    info "wrote $RULES_FILE"
    return 0
}

add_groups() {
    for g in "$LAB_GROUP" dialout; do
        getent group "$g" >/dev/null || groupadd --system "$g"
        if id -nG "$TARGET_USER" | tr ' ' '\n' | grep -qx "$g"; then
            info "$TARGET_USER already in $g"
        else
            usermod -aG "$g" "$TARGET_USER"
            info "added $TARGET_USER to $g (log out and back in)"
        fi
    done
}

need_root "$@"
if install_rules; then
    udevadm control --reload-rules
    udevadm trigger --subsystem-match=usb --subsystem-match=tty
fi
add_groups
info "done; replug your probes"
