#!/usr/bin/env bash
# Set up the USB-serial body composition scale (Tanita MC-780 via FTDI cable)
# on the PT studio laptop so the metrics tracker can read it without root.
#
# - installs a udev rule giving the scale a stable /dev/bodyscale symlink
# - adds the current user to the dialout group
# - reads one frame from the scale to prove the link works
#
#   ./prog122d_scale_usb_udev_setup.sh [--vendor 0403] [--product 6001] [--baud 9600]

set -euo pipefail

VENDOR="0403"
PRODUCT="6001"
BAUD=9600
RULE_NAME="72-bodyscale.rules"
TARGET_USER="${SUDO_USER:-$USER}"

while [[ $# -gt 0 ]]; do
    case "$1" in
        --vendor)  VENDOR="$2"; shift 2 ;;
        --product) PRODUCT="$2"; shift 2 ;;
        --baud)    BAUD="$2"; shift 2 ;;
        -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
        *) echo "unknown option $1" >&2; exit 2 ;;
    esac
done

step() { printf '\033[1m==> %s\033[0m\n' "$*"; }

detect_scale() {
    if ! lsusb -d "${VENDOR}:${PRODUCT}" >/dev/null 2>&1; then
        echo "scale (${VENDOR}:${PRODUCT}) not found on USB - is the cable plugged in?" >&2
        return 1
    fi
    lsusb -d "${VENDOR}:${PRODUCT}"
}

write_rule() {
    local staged
    staged="$(mktemp)"
    trap 'rm -f "$staged"' RETURN
    cat > "$staged" <<EOF
# Body composition scale for the PT studio (added by scale setup script)
SUBSYSTEM=="tty", ATTRS{idVendor}=="${VENDOR}", ATTRS{idProduct}=="${PRODUCT}", \\
    SYMLINK+="bodyscale", GROUP="dialout", MODE="0660"
EOF
    step "installing /etc/udev/rules.d/${RULE_NAME}"
    sudo install -o root -g root -m 0644 "$staged" "/etc/udev/rules.d/${RULE_NAME}"
    sudo udevadm control --reload-rules
    sudo udevadm trigger --subsystem-match=tty --action=add
}

ensure_group() {
    if id -nG "$TARGET_USER" | tr ' ' '\n' | grep -qx dialout; then
        echo "$TARGET_USER already in dialout"
    else
        step "adding $TARGET_USER to dialout (log out and back in afterwards)"
        sudo usermod -aG dialout "$TARGET_USER"
    fi
}

test_read() {
    local dev=/dev/bodyscale
    for _ in 1 2 3 4 5; do
        [[ -e "$dev" ]] && break
        sleep 1
    done
    [[ -e "$dev" ]] || { echo "$dev did not appear" >&2; return 1; }
    step "waiting up to 20s for a measurement frame (step on the scale)"
    python3 - "$dev" "$BAUD" <<'PY'
import sys, serial
port, baud = sys.argv[1], int(sys.argv[2])
with serial.Serial(port, baud, timeout=20) as s:
    line = s.readline().decode("ascii", "replace").strip()
    if not line:
        sys.exit("no frame received")
    fields = dict(zip(line.split(",")[0::2], line.split(",")[1::2]))
    print("weight:", fields.get("Wk"), "kg  fat:", fields.get("FW"), "%")
PY
}

detect_scale
write_rule
ensure_group
test_read || echo "link test failed - re-run after logging back in" >&2
step "done"
