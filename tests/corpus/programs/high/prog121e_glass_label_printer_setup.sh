#!/bin/sh
# Glass label printer setup
#
# Sets up the Zebra label printer on the cutting bench PC so the order sync
# can print a sticker for every pane (order ref, size, spec, rack slot).
# Installs a queue in CUPS, gives the printer a stable device name and prints
# a test label.
#
# Usage: prog121e_glass_label_printer_setup.sh [queue-name]

set -eu

QUEUE="${1:-GlassLabels}"
LABEL_W_MM=100
LABEL_H_MM=50
RULE_FILE=/etc/udev/rules.d/72-glass-label-printer.rules
ZEBRA_VENDOR=0a5f

say() { printf '==> %s\n' "$*"; }
fail() { printf 'setup failed: %s\n' "$*" >&2; exit 1; }

[ "$(uname -s)" = Linux ] || fail "Linux only"
command -v lpadmin >/dev/null 2>&1 || fail "CUPS is not installed (apt install cups)"

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
    SUDO="sudo"
    say "admin rights needed - you may be asked for your password"
    sudo -v || fail "sudo refused"
fi

# find the printer on USB
PRODUCT=$(lsusb 2>/dev/null | awk -v v="$ZEBRA_VENDOR" '$6 ~ "^"v":" {split($6,a,":"); print a[2]; exit}')
[ -n "$PRODUCT" ] || fail "no Zebra printer on USB - check the cable and power"
say "found Zebra printer, product id $PRODUCT"

# stable /dev name so the queue survives a replug into another port
$SUDO tee "$RULE_FILE" >/dev/null <<EOF
# glass label printer - written by $(basename "$0") on $(date +%F)
SUBSYSTEM=="usb", ATTRS{idVendor}=="$ZEBRA_VENDOR", ATTRS{idProduct}=="$PRODUCT", MODE="0664", GROUP="lp", SYMLINK+="glasslabel"
EOF
$SUDO udevadm control --reload-rules
$SUDO udevadm trigger --subsystem-match=usb --attr-match=idVendor="$ZEBRA_VENDOR"

URI=$(lpinfo -v 2>/dev/null | awk '/usb:\/\/Zebra/ {print $2; exit}')
[ -n "$URI" ] || fail "CUPS cannot see the printer yet; replug it and rerun"

say "creating queue $QUEUE -> $URI"
$SUDO lpadmin -p "$QUEUE" -E -v "$URI" -m raw \
    -D "Glass pane labels ${LABEL_W_MM}x${LABEL_H_MM}" -L "Cutting bench"
$SUDO lpadmin -p "$QUEUE" -o printer-error-policy=retry-job
$SUDO cupsenable "$QUEUE"
$SUDO cupsaccept "$QUEUE"
$SUDO systemctl restart cups

# test label in ZPL: 203 dpi, 8 dots per mm
W=$((LABEL_W_MM * 8))
H=$((LABEL_H_MM * 8))
TEST_LABEL="label_test.zpl"
cat > "$TEST_LABEL" <<EOF
^XA^PW$W^LL$H
^FO30,30^A0N,50,50^FDTEST 0001^FS
^FO30,100^A0N,35,35^FD1185 x 985 4-16-4 low-e^FS
^FO30,150^A0N,30,30^FDRack A3  $(date +%d/%m/%Y)^FS
^FO30,200^BY2^BCN,80,Y,N,N^FDTEST0001^FS
^XZ
EOF
sleep 2
lp -d "$QUEUE" -o raw "$TEST_LABEL" || fail "test print did not queue"
rm -f "$TEST_LABEL"

say "done - set LABEL_QUEUE=$QUEUE in the order sync config"
