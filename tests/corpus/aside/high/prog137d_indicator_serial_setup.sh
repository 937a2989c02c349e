#!/bin/sh
# Sets up the USB-serial adapter for the weighbridge indicator.
# Loads the FTDI driver, gives the adapter a stable name (/dev/weighind) and
# lets the office user open it without being root.

VENDOR_ID="${VENDOR_ID:-0403}"
PRODUCT_ID="${PRODUCT_ID:-6001}"
LINK_NAME="${LINK_NAME:-weighind}"
OPERATOR="${OPERATOR:-$(id -un)}"
RULES_DIR=/etc/udev/rules.d
RULE_FILE="$RULES_DIR/71-$LINK_NAME.rules"

# pick whichever elevation tool this image has
ELEVATE=""
for t in sudo doas pkexec; do
    if command -v "$t" >/dev/null 2>&1; then
        ELEVATE="$t"
        break
    fi
done

priv() {
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    elif [ -n "$ELEVATE" ]; then
        "$ELEVATE" "$@"
    else
        echo "need root for: $*" >&2
        return 1
    fi
}

load_driver() {
    for mod in usbserial ftdi_sio; do
        if ! lsmod | grep -q "^$mod "; then
            echo "loading $mod"
            priv modprobe "$mod" || echo "could not load $mod"
        fi
    done
}

write_rule() {
    tmp=$(mktemp ./rule.XXXXXX)
    cat > "$tmp" <<EOF2
# weighbridge indicator adapter
SUBSYSTEM=="tty", ATTRS{idVendor}=="$VENDOR_ID", ATTRS{idProduct}=="$PRODUCT_ID", SYMLINK+="$LINK_NAME", MODE="0660", GROUP="dialout"
EOF2
    priv install -m 0644 -o root -g root "$tmp" "$RULE_FILE"
    rm -f "$tmp"
    priv udevadm control --reload-rules
    priv udevadm trigger --subsystem-match=tty
}

grant_user() {
    if id -nG "$OPERATOR" | grep -qw dialout; then
        echo "$OPERATOR already in dialout"
    else
        priv usermod -aG dialout "$OPERATOR"
        echo "$OPERATOR added to dialout (log out and back in)"
    fi
}

stop_modem_manager() {
    # ModemManager grabs new ttyUSB devices and probes them with AT commands
    if systemctl is-active --quiet ModemManager 2>/dev/null; then
        priv systemctl stop ModemManager
        priv systemctl mask ModemManager
    fi
}

check() {
    sleep 1
    if [ -e "/dev/$LINK_NAME" ]; then
        echo "ok: /dev/$LINK_NAME -> $(readlink -f /dev/$LINK_NAME)"
    else
        echo "adapter not detected; check the cable and run again"
    fi
}

load_driver
write_rule
grant_user
stop_modem_manager
check
