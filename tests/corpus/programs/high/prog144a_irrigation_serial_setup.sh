#!/usr/bin/env bash
# Irrigation controller USB-serial bridge setup.
# The pump house PC talks to the irrigation central over an FTDI adapter.
# This loads the driver, gives the adapter a stable name and makes sure the
# irrigation user can open it.
set -euo pipefail

VENDOR_ID="${VENDOR_ID:-0403}"
PRODUCT_ID="${PRODUCT_ID:-6001}"
LINK_NAME="${LINK_NAME:-irrigation0}"
IRR_USER="${IRR_USER:-$(id -un)}"
RULE_NAME="99-irrigation-bridge.rules"
DRY_RUN=0

usage() {
    echo "usage: $0 [-n] [-u user]"
    echo "  -n   show what would be done"
    echo "  -u   account that runs the irrigation software (default: $IRR_USER)"
}

while getopts "nu:h" opt; do
    case "$opt" in
        n) DRY_RUN=1 ;;
        u) IRR_USER="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

# pick whichever elevation helper this image has
elevate() {
    local helper
    for helper in sudo doas; do
        if command -v "$helper" >/dev/null 2>&1; then
            if [ "$DRY_RUN" -eq 1 ]; then
                echo "would run: $helper $*"
                return 0
            fi
            "$helper" "$@"
            return $?
        fi
    done
    echo "no elevation helper found" >&2
    return 1
}

load_driver() {
    if lsmod | grep -q '^ftdi_sio'; then
        echo "driver already loaded"
    else
        elevate modprobe ftdi_sio
        echo "driver loaded"
    fi
}

install_rule() {
    local rules_dir="/etc/udev/rules.d"
    local tmp
    tmp="$(mktemp)"
    cat > "$tmp" <<EOF
SUBSYSTEM=="tty", ATTRS{idVendor}=="$VENDOR_ID", ATTRS{idProduct}=="$PRODUCT_ID", SYMLINK+="$LINK_NAME", GROUP="dialout", MODE="0660"
EOF
    elevate install -m 0644 "$tmp" "$rules_dir/$RULE_NAME"
    rm -f "$tmp"
    elevate udevadm control --reload-rules
    elevate udevadm trigger --subsystem-match=tty
    echo "udev rule installed"
}

grant_access() {
    if id -nG "$IRR_USER" | grep -qw dialout; then
        echo "$IRR_USER already in dialout"
    else
        elevate usermod -aG dialout "$IRR_USER"
        echo "added $IRR_USER to dialout (log out and back in)"
    fi
    # until the user logs in again, open the current device node directly
    local dev
    for dev in /dev/ttyUSB*; do
        [ -e "$dev" ] || continue
        elevate chown "$IRR_USER":dialout "$dev"
        elevate chmod 0660 "$dev"
        echo "adjusted $dev"
    done
}

verify() {
    if [ -e "/dev/$LINK_NAME" ]; then
        echo "bridge available at /dev/$LINK_NAME"
    else
        echo "bridge link not present yet; replug the adapter" >&2
    fi
}

load_driver
install_rule
grant_access
verify
