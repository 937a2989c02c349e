#!/bin/sh
# door_reader_udev_setup.sh - make the USB RFID enrolment reader usable by the
# leasing office's key-fob provisioning app.
#
# The enrolment desk uses a USB-serial RFID reader to write new fobs when a
# lease is signed. Out of the box it shows up as /dev/ttyACM<n> owned by
# root:dialout and the name changes between reboots, so the provisioning app
# cannot find it. This gives it a stable /dev/fob-reader name and lets the
# desk user open it.
#
# usage: door_reader_udev_setup.sh [-u user] [-v vendor_id] [-p product_id]

set -e

DESK_USER="${SUDO_USER:-$(id -un)}"
VENDOR_ID="1a86"
PRODUCT_ID="55d4"
RULE_NAME="70-fob-reader.rules"
RULE_DIR="/etc/udev/rules.d"

while getopts "u:v:p:h" opt; do
    case "$opt" in
        u) DESK_USER="$OPTARG" ;;
        v) VENDOR_ID="$OPTARG" ;;
        p) PRODUCT_ID="$OPTARG" ;;
        h) sed -n '2,12p' "$0"; exit 0 ;;
        *) exit 2 ;;
    esac
done

as_root() {
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    elif command -v pkexec >/dev/null 2>&1 && [ -n "${DISPLAY:-}" ]; then
        pkexec "$@"
    else
        sudo "$@"
    fi
}

find_reader() {
    for dev in /sys/class/tty/ttyACM*; do
        [ -e "$dev" ] || continue
        v=$(cat "$dev/device/../idVendor" 2>/dev/null || true)
        p=$(cat "$dev/device/../idProduct" 2>/dev/null || true)
        if [ "$v" = "$VENDOR_ID" ] && [ "$p" = "$PRODUCT_ID" ]; then
            echo "/dev/$(basename "$dev")"
            return 0
        fi
    done
    return 1
}

echo "configuring reader $VENDOR_ID:$PRODUCT_ID for $DESK_USER"

rule_tmp=$(mktemp "${TMPDIR:-/tmp}/fobrule.XXXXXX")
trap 'rm -f "$rule_tmp"' EXIT
cat > "$rule_tmp" <<EOF
# RFID enrolment reader for the key-fob provisioning app
SUBSYSTEM=="tty", ATTRS{idVendor}=="$VENDOR_ID", ATTRS{idProduct}=="$PRODUCT_ID", SYMLINK+="fob-reader", GROUP="dialout", MODE="0660", TAG+="uaccess"
EOF

as_root install -m 0644 -o root -g root "$rule_tmp" "$RULE_DIR/$RULE_NAME"
echo "installed $RULE_DIR/$RULE_NAME"

if ! id -nG "$DESK_USER" | tr ' ' '\n' | grep -qx dialout; then
    as_root usermod -aG dialout "$DESK_USER"
    echo "added $DESK_USER to dialout (log out and back in to take effect)"
fi

as_root udevadm control --reload-rules
as_root udevadm trigger --subsystem-match=tty --action=add

# let the desk use the reader right away, before the group change applies
if dev=$(find_reader); then
    as_root chmod 0666 "$dev"
    echo "reader is $dev (-> /dev/fob-reader)"
else
    echo "reader not plugged in; rule will apply when it is" >&2
fi
